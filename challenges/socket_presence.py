"""The seats a socket server hears, written together (a face of the live tables).

A seat's socket says ``here`` every few seconds on its turn. Written one by one, each
ping took a turn on channels' one database thread, and a socket waiting for its own
write held back its next push. So a ping
is only noted here, and the seats heard are written in one statement a
``FLUSH_SECONDS`` later, each stamped no later than it was first heard in that batch.
Presence is a hint (the away mark comes after seconds): a batch lost with its server
costs a second of it, never a move.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from datetime import datetime
from uuid import UUID

from channels.db import database_sync_to_async
from django.db import Error as DatabaseFault
from django.utils import timezone

from challenges.tables import services

log = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0
"""How long the seats heard wait to be written together."""


class SeatsHeard:
    """The seats heard on one event loop since its last write, and that write's task."""

    def __init__(self) -> None:
        self.first_heard: dict[tuple[UUID, int], datetime] = {}
        self.writing: asyncio.Task[None] | None = None

    def hear(self, table_id: UUID, player_id: int) -> None:
        self.first_heard.setdefault((table_id, player_id), timezone.now())
        if self.writing is None or self.writing.done():
            self.writing = asyncio.get_running_loop().create_task(self._write_soon())

    async def _write_soon(self) -> None:
        # Until nothing was heard meanwhile: a ping during a write waits for the next.
        while self.first_heard:
            await asyncio.sleep(FLUSH_SECONDS)
            heard, self.first_heard = self.first_heard, {}
            try:
                await database_sync_to_async(services.tables_seen)(
                    seats=list(heard), now=min(heard.values())
                )
            except DatabaseFault:
                # The next pings say it again.
                log.warning("presence of %d seats not written: the database refused", len(heard))


_heard_on: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, SeatsHeard] = (
    weakref.WeakKeyDictionary()
)


def seat_heard(*, table_id: UUID, player_id: int) -> None:
    """Note that the player's socket at the table pinged; written within a second."""
    loop = asyncio.get_running_loop()
    heard = _heard_on.get(loop)
    if heard is None:
        heard = _heard_on[loop] = SeatsHeard()
    heard.hear(table_id, player_id)
