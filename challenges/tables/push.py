"""Telling the sockets at a table that events exist, once they are committed.

A push is a hint: each socket gets every new event as its seat sees it, and a client
that misses one asks ``events/?after=``. So a channel layer that is down or slow (Redis
stopped) costs a push, never a move: the send waits at most ``TABLE_PUSH_TIMEOUT`` and
gives up, and the pages poll.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.db import transaction

from challenges.models import LiveTable, TableEvent
from challenges.tables.events import event_views
from challenges.tables.game_facts import facts_turn

log = logging.getLogger(__name__)


def table_group(table_id: UUID | str) -> str:
    return f"table-{table_id}"


def events_push(
    table: LiveTable, rows: list[TableEvent], *, shown: dict[str, Any] | None = None
) -> None:
    """After the transaction commits, send ``rows`` to the table's sockets, each seat's
    view (and the spectators') in one message; with ``shown``, the part of the table
    every seat may see as the rows leave it (``selectors.table_pushed``)."""
    message = events_message(table, rows, shown=shown)
    if message is not None:
        group = table_group(table.id)
        transaction.on_commit(lambda: _send(group, message))


def events_message(
    table: LiveTable, rows: list[TableEvent], *, shown: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The channel layer's message for ``rows`` (None: no rows, nothing to send)."""
    if not rows:
        return None
    message: dict[str, Any] = {
        "type": "table.events",
        "events": [{"seq": row.seq, "views": event_views(table, row.body)} for row in rows],
        # Whose turn it now is, for the sockets (they write a seat's presence only then).
        "turn": facts_turn(status=table.status, seq=table.seq, facts=table.game_facts),
    }
    if shown is not None:
        message["table"] = shown
    return message


def reaction_push(table_id: UUID, reaction: dict[str, Any]) -> None:
    group = table_group(table_id)
    transaction.on_commit(lambda: _send(group, {"type": "table.reaction", "reaction": reaction}))


def _send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if not isinstance(layer, InMemoryChannelLayer):
            _sender().send(layer, group, message)
        elif _loop_running_here():
            # async_to_sync refuses a thread whose event loop runs (a caller under a
            # loop, a test's browser driver): send from a thread of its own.
            with ThreadPoolExecutor(max_workers=1) as sender:
                sender.submit(async_to_sync(_bounded_send), layer, group, message).result()
        else:
            # The in-memory layer's queues belong to the server's loop, which
            # async_to_sync runs the send on (make run: one uvicorn process).
            async_to_sync(_bounded_send)(layer, group, message)
    # The layer's failures are many (refused, timed out, a full channel): a push is a hint.
    except Exception:
        log.warning("table push to %s not sent: the channel layer did not take it", group)


class _Sender:
    """One event loop in a thread of its own for the process's pushes. The Redis layer
    keeps its connections per event loop, and async_to_sync in a web worker makes a
    thread, a loop and so a new Redis connection for every push."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.pid = os.getpid()
        threading.Thread(target=self.loop.run_forever, name="table-push", daemon=True).start()

    def send(self, layer: Any, group: str, message: dict[str, Any]) -> None:
        sent = asyncio.run_coroutine_threadsafe(_bounded_send(layer, group, message), self.loop)
        # The bound is the send's own (``_bounded_send``); this one only if the loop hangs.
        sent.result(timeout=settings.TABLE_PUSH_TIMEOUT * 2)


_senders: dict[int, _Sender] = {}
_senders_lock = threading.Lock()


def _sender() -> _Sender:
    # One per process: a forked worker does not inherit its parent's loop thread.
    with _senders_lock:
        sender = _senders.get(os.getpid())
        if sender is None:
            sender = _senders[os.getpid()] = _Sender()
        return sender


def _loop_running_here() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def _bounded_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    await asyncio.wait_for(layer.group_send(group, message), settings.TABLE_PUSH_TIMEOUT)
