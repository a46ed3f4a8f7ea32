"""A seat's ``here`` over its socket: written with the other seats heard that second,
only on the seat's turn; and a push never waits for channels' one database thread,
a ping or not."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.utils import timezone

from challenges import socket_presence
from challenges.models import TableMember
from challenges.sockets import websocket_urlpatterns
from challenges.tables import services
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

APPLICATION = URLRouter(websocket_urlpatterns)
LONG_AGO = timedelta(minutes=1)


def _table(people: list[User]) -> str:
    made = services.table_create(
        player_id=people[0].pk, seats=2, computers=0, strength="easy", rounds=1, pace="live"
    )
    services.table_join(table_id=made["id"], player_id=people[1].pk)
    return str(made["id"])


def _seen(table_id: str) -> dict[int, Any]:
    return dict(TableMember.objects.filter(table_id=table_id).values_list("seat", "seen_at"))


def _in_a_loop_of_its_own(coroutine: Any, *args: Any) -> Any:
    # The browser tests' driver may keep a loop running in this thread.
    with ThreadPoolExecutor(max_workers=1) as loop_thread:
        return loop_thread.submit(async_to_sync(coroutine), *args).result()


async def _socket(table_id: str, person: User) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(APPLICATION, f"/ws/tables/{table_id}/")
    socket.scope["user"] = person
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_json_from(timeout=5)  # the hello
    return socket


@pytest.mark.django_db
def test_many_seats_heard_are_written_in_one_statement(
    django_assert_num_queries: Any,
) -> None:
    people = [UserFactory() for _ in range(4)]
    tables = [_table(people[:2]), _table(people[2:])]
    now = timezone.now()
    TableMember.objects.update(seen_at=now - LONG_AGO)
    TableMember.objects.filter(table_id=tables[1], player_id=people[3].pk).update(seen_at=now)

    with django_assert_num_queries(1):
        moved = services.tables_seen(
            seats=[(tables[0], people[0].pk), (tables[1], people[2].pk), (tables[1], people[3].pk)],
            now=now,
        )

    assert moved == 2, "the seat seen a moment ago is left as it was"
    seen = {
        (str(table_id), player_id): seen_at
        for table_id, player_id, seen_at in TableMember.objects.values_list(
            "table_id", "player_id", "seen_at"
        )
    }
    assert seen[(tables[0], people[0].pk)] == now
    assert seen[(tables[0], people[1].pk)] == now - LONG_AGO, "a seat not heard is not written"
    assert seen[(tables[1], people[2].pk)] == now


@pytest.fixture
def seated(settings: Any) -> tuple[list[User], str, int]:
    """Two people at a live table, its seat to move, and the in-memory channel layer."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    people = [UserFactory(), UserFactory()]
    table_id = _table(people)
    return people, table_id, table_match(table_id).current_player


@pytest.mark.django_db(transaction=True)
def test_a_ping_on_the_seat_s_turn_is_written_and_the_other_seat_s_is_not(
    seated: tuple[list[User], str, int],
) -> None:
    people, table_id, mover = seated
    TableMember.objects.filter(table_id=table_id).update(seen_at=timezone.now() - LONG_AGO)
    before = _seen(table_id)

    async def both_ping() -> None:
        sockets = [await _socket(table_id, person) for person in people]
        for socket in sockets:
            await socket.send_json_to({"type": "here"})
        deadline = time.monotonic() + socket_presence.FLUSH_SECONDS + 5
        while time.monotonic() < deadline:
            if (await database_sync_to_async(_seen)(table_id))[mover] != before[mover]:
                break
            await asyncio.sleep(0.1)
        for socket in sockets:
            await socket.disconnect()

    _in_a_loop_of_its_own(both_ping)

    after = _seen(table_id)
    assert after[mover] > before[mover], "the mover's ping was written"
    assert after[1 - mover] == before[1 - mover], "a seat waiting for its turn is not away"


@pytest.mark.django_db(transaction=True)
def test_a_push_does_not_wait_for_a_busy_database_thread_a_ping_or_not(
    seated: tuple[list[User], str, int],
) -> None:
    people, table_id, mover = seated
    busy_seconds = 3.0

    def move() -> None:
        services.table_act(
            table_id=table_id,
            player_id=people[mover].pk,
            action=simple_action(table_match(table_id)),
        )

    async def ping_then_push() -> float:
        socket = await _socket(table_id, people[mover])
        # Every other socket's reads and writes queue on channels' one database thread.
        busy = asyncio.ensure_future(database_sync_to_async(time.sleep)(busy_seconds))
        await asyncio.sleep(0.1)
        await socket.send_json_to({"type": "here"})
        await asyncio.sleep(0.1)
        started = time.monotonic()
        # The move itself on a connection of its own, as a web worker makes it.
        await database_sync_to_async(move, thread_sensitive=False)()
        await socket.receive_json_from(timeout=busy_seconds * 2)
        waited = time.monotonic() - started
        await busy
        await socket.disconnect()
        return waited

    waited = _in_a_loop_of_its_own(ping_then_push)

    assert waited < busy_seconds / 2, f"the push waited {waited:.1f} s for the ping's write"
