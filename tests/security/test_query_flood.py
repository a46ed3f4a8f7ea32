"""A query string cannot fill the cache: the shared pages and the player page key only
by the parameters they read, and keep nothing for a request that carries any other, or
one written otherwise than they read it (challenges/views/shared_pages.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

_JUNK = [
    "?utm_source=x",
    "?page=junk",
    "?page=01",
    "?page=1&page=2",
    "?page=1&x=%3Cb%3E",
    "?page=999999",
    "?board=nobody",
    "?%00=%FF",
]


def _entries() -> set[str]:
    """The keys the cache holds alive now: the shared level's, and the process's near
    copies."""
    shared: Any = caches["shared"]
    if hasattr(shared, "_expire_info"):  # local memory
        now = time.time()
        alive = {key for key, expiry in shared._expire_info.items() if expiry > now}
    else:
        alive = {key.decode() for key in shared._cache.get_client().keys("*")}
    near: Any = caches["default"]
    return alive | {f"near:{key}" for key in near.near._copies}


def _flooded(path: str, client: Client) -> list[int]:
    assert client.get(path).status_code == 200
    assert client.get(path).status_code == 200  # kept: the flood must add nothing to it
    before = _entries()
    answers = [client.get(f"{path}{junk}") for junk in _JUNK]
    assert _entries() == before, sorted(_entries() - before)
    # Nor may nginx keep them: its cache keys on the whole address.
    assert not [a for a in answers if "public" in a.get("Cache-Control", "")]
    return [answer.status_code for answer in answers]


def _boards() -> tuple[Challenge, Challenge]:
    now = timezone.now()
    open_board = ChallengeFactory(number=slot_number(at=now))
    closed = ChallengeFactory(number=slot_number(at=now) - 3)
    for board in (open_board, closed):
        for score in (40, 90, 120):
            EntryFactory(challenge=board, score=score)
    return open_board, closed


@pytest.mark.parametrize("which", ["open", "closed"])
def test_a_board_page_flooded_with_queries_keeps_nothing_new(which: str) -> None:
    open_board, closed = _boards()
    board = open_board if which == "open" else closed
    codes = _flooded(f"/challenges/{board.pk}/", Client())
    assert set(codes) <= {200, 302}  # a page past the last is sent to the last


def test_the_history_page_flooded_with_queries_keeps_nothing_new() -> None:
    _boards()
    codes = _flooded("/challenges/", Client())
    assert set(codes) <= {200, 302}


@pytest.mark.parametrize("reader", ["not logged in", "logged in"])
def test_a_player_page_flooded_with_queries_keeps_nothing_new(reader: str) -> None:
    open_board, _ = _boards()
    player = UserFactory(username="flooded")
    EntryFactory(challenge=open_board, player=player, score=77)
    client = Client()
    if reader == "logged in":
        client.force_login(UserFactory())
    codes = _flooded(f"/players/{player.username}/", client)
    assert set(codes) == {200}


def test_a_query_the_page_reads_is_still_kept() -> None:
    """The guard keeps what it should: a page asked as the site's own links ask it."""
    open_board, _ = _boards()
    before = _entries()
    assert Client().get(f"/challenges/{open_board.pk}/?page=1").status_code == 200
    assert any("page:board:" in key for key in _entries() - before)
