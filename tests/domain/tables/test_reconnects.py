"""1,000 forced reconnects at live tables: a seat's socket is cut again and again, in
the middle of the pushes of a turn or with pushes dropped, while both seats play; the
client does what the table page does (tables_feed.js): take event N+1, fetch
``events/?after=`` on a gap or on a reconnect's hello, ignore what it has. In the
end it has applied every event of every table once, in order: none lost, none twice.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from challenges.models import LiveTable
from challenges.sockets import websocket_urlpatterns
from challenges.tables import services
from challenges.tables.selectors import table_events_after
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

RECONNECTS = 1000
APPLICATION = URLRouter(websocket_urlpatterns)


class Feed:
    """The page's event feed for one table: applies events in order, exactly once."""

    def __init__(self, table_id: str, player_id: int) -> None:
        self.table_id = table_id
        self.player_id = player_id
        self.last = 0
        self.applied: list[int] = []
        self.fetches = 0
        self.ignored = 0

    def take(self, seq: int) -> None:
        if seq <= self.last:
            self.ignored += 1
        elif seq == self.last + 1:
            self.applied.append(seq)
            self.last = seq
        else:
            self.catch_up()

    def catch_up(self) -> None:
        self.fetches += 1
        for event in table_events_after(
            table_id=self.table_id, player_id=self.player_id, after=self.last
        ):
            self.take(event["seq"])


def _table(ada: User, bob: User) -> str:
    made = services.table_create(
        player_id=ada.pk, seats=2, computers=0, strength="easy", rounds=1, pace="live"
    )
    services.table_join(table_id=made["id"], player_id=bob.pk)
    return str(made["id"])


def _turn(table_id: str, people: dict[int, User]) -> int:
    """The seat to move takes a simple turn; returns how many events it made."""
    before = LiveTable.objects.get(pk=table_id).seq
    match = table_match(table_id)
    seat = match.current_player
    services.table_act(table_id=table_id, player_id=people[seat].pk, action=simple_action(match))
    return LiveTable.objects.get(pk=table_id).seq - before


async def _reconnects(people: dict[int, User], rng: random.Random) -> list[Feed]:
    table_id = await database_sync_to_async(_table)(people[0], people[1])
    feeds = [Feed(table_id, people[0].pk)]
    for _ in range(RECONNECTS):
        feed = feeds[-1]
        if await database_sync_to_async(_status)(feed.table_id) != LiveTable.Status.PLAYING:
            feed = Feed(await database_sync_to_async(_table)(people[0], people[1]), people[0].pk)
            feeds.append(feed)
        socket = WebsocketCommunicator(APPLICATION, f"/ws/tables/{feed.table_id}/")
        socket.scope["user"] = people[0]
        connected, _ = await socket.connect()
        assert connected
        hello = await socket.receive_json_from(timeout=5)
        if hello["hello"]["seq"] > feed.last:
            await database_sync_to_async(feed.catch_up)()
        pushed = 0
        for _ in range(rng.choice([0, 0, 1])):
            if await database_sync_to_async(_status)(feed.table_id) != LiveTable.Status.PLAYING:
                break
            pushed += await database_sync_to_async(_turn)(feed.table_id, people)
        # Cut the socket somewhere in the pushes: after all of them, some, or none.
        for _ in range(rng.randint(0, pushed)):
            message = await socket.receive_json_from(timeout=5)
            if rng.random() < 0.1:
                continue  # a push lost on the way: the next one shows the gap
            await database_sync_to_async(feed.take)(message["seq"])
        await socket.disconnect()
    return feeds


def _status(table_id: str) -> str:
    return str(LiveTable.objects.values_list("status", flat=True).get(pk=table_id))


@pytest.mark.django_db(transaction=True)
def test_a_thousand_forced_reconnects_lose_no_event_and_apply_none_twice(settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    people = {0: UserFactory(), 1: UserFactory()}
    # A loop of its own in a thread of its own: the browser tests' driver may keep one
    # running in this thread, where async_to_sync refuses to run.
    with ThreadPoolExecutor(max_workers=1) as loop_thread:
        feeds = loop_thread.submit(async_to_sync(_reconnects), people, random.Random(46)).result()

    for feed in feeds:
        table = LiveTable.objects.get(pk=feed.table_id)
        # A last reconnect's catch-up: what the page does when it comes back.
        feed.catch_up()
        assert feed.applied == list(range(1, table.seq + 1))
    assert sum(feed.fetches for feed in feeds) > 100, "gaps and reconnects were caught up"
    assert sum(len(feed.applied) for feed in feeds) > 300


@pytest.mark.django_db
def test_the_feed_fetches_on_a_gap_and_ignores_what_it_has() -> None:
    ada, bob = UserFactory(), UserFactory()
    table_id = _table(ada, bob)
    seq = LiveTable.objects.get(pk=table_id).seq
    feed = Feed(table_id, ada.pk)
    feed.take(1)
    feed.take(1)
    feed.take(seq)
    assert feed.applied == list(range(1, seq + 1))
    assert (feed.ignored, feed.fetches) == (1, 1)
