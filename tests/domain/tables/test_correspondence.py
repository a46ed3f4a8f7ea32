"""A day a move, for friends: the player to move is told so (the lobby's rows and
count, the site's header in every language), and the clock runs end to end: a move
gives the next a fresh day; a day gone by, the other claims at two seats, and the
beat's task seats a computer at three (no read of the table needed)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import ClassicSeat, LiveTable, TableMember
from challenges.tables import leaving, services
from challenges.tables.errors import ClaimNotAllowed
from challenges.tables.selectors import table_state, tables_clock_due_ids, tables_your_move
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)
COUNT = re.compile(r'data-testid="your-move-count"><span aria-hidden="true">(\d+)</span>')


def _table(people: list[User], *, now: Any, pace: str = "correspondence") -> str:
    made = services.table_create(
        player_id=people[0].pk,
        seats=len(people),
        computers=0,
        strength="easy",
        rounds=None,
        pace=pace,
        now=now,
    )
    for person in people[1:]:
        services.table_join(table_id=made["id"], player_id=person.pk, now=now)
    return str(made["id"])


def _mover(table_id: str, people: list[User]) -> User:
    return people[table_match(table_id).current_player]


def _move(table_id: str, people: list[User], now: Any) -> None:
    """The seat to move takes its turn, drawing until it may place or pass."""
    seat = table_match(table_id).current_player
    while True:
        action = simple_action(table_match(table_id))
        services.table_act(table_id=table_id, player_id=people[seat].pk, action=action, now=now)
        if action["type"] != "draw":
            return


def _header_count(user: User, language: str = "en") -> int | None:
    client = Client()
    client.force_login(user)
    html = client.get(reverse("challenges:home"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = COUNT.search(html)
    return int(found.group(1)) if found else None


def test_the_player_to_move_is_told_in_the_lobby_and_the_header() -> None:
    people = [UserFactory(), UserFactory()]
    start = timezone.now()
    first = _table(people, now=start)
    second = _table(people, now=start)
    mover = _mover(first, people)
    other = people[1 - people.index(mover)]
    # The same deal order at both is not given: count each table's mover.
    expected = {person.pk: 0 for person in people}
    for table_id in (first, second):
        expected[_mover(table_id, people).pk] += 1
    for person in people:
        assert tables_your_move(player_id=person.pk) == expected[person.pk]
        assert _header_count(person) == (expected[person.pk] or None)

    lobby = APIClient()
    lobby.force_authenticate(mover)
    rows = lobby.get("/api/tables/open/").json()["mine"]
    assert {row["id"]: row["your_move"] for row in rows}[first] is True
    # The tables waiting for the player's move come first.
    assert [row["your_move"] for row in rows] == sorted(
        (row["your_move"] for row in rows), reverse=True
    )

    _move(first, people, start + timedelta(hours=3))
    assert tables_your_move(player_id=mover.pk) == expected[mover.pk] - 1
    assert tables_your_move(player_id=other.pk) == expected[other.pk] + 1
    lobby.force_authenticate(other)
    rows = lobby.get("/api/tables/open/").json()["mine"]
    assert {row["id"]: row["your_move"] for row in rows}[first] is True


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "table waits for your move"),
        ("fr", "table attend votre coup"),
        ("nl", "tafel wacht op je zet"),
        ("de", "Tisch wartet auf deinen Zug"),
    ],
)
def test_the_header_s_count_is_said_in_the_reader_s_language(language: str, words: str) -> None:
    people = [UserFactory(), UserFactory()]
    table_id = _table(people, now=timezone.now())
    mover = _mover(table_id, people)
    client = Client()
    client.force_login(mover)
    html = client.get(reverse("challenges:tables"), HTTP_ACCEPT_LANGUAGE=language)
    assert f"(1 {words})" in html.content.decode()


def test_a_player_who_left_or_a_finished_table_is_not_counted() -> None:
    people = [UserFactory(), UserFactory()]
    start = timezone.now()
    table_id = _table(people, now=start)
    mover = _mover(table_id, people)
    assert tables_your_move(player_id=mover.pk) == 1
    other = people[1 - people.index(mover)]
    leaving.table_resign(table_id=table_id, player_id=other.pk, now=start)
    assert tables_your_move(player_id=mover.pk) == 0
    assert _header_count(mover) is None


def test_a_move_gives_the_next_player_a_fresh_day_and_a_day_gone_lets_the_other_claim() -> None:
    people = [UserFactory(), UserFactory()]
    start = timezone.now()
    table_id = _table(people, now=start)
    moved = start + timedelta(hours=20)
    first = _mover(table_id, people)
    _move(table_id, people, moved)
    table = LiveTable.objects.get(pk=table_id)
    assert table.clocks == [86_400_000, 86_400_000] and table.turn_since == moved
    waiting = _mover(table_id, people)
    assert waiting != first

    # Away for hours is no matter at a day a move: only the day running out is.
    with pytest.raises(ClaimNotAllowed):
        leaving.table_claim(table_id=table_id, player_id=first.pk, now=moved + DAY / 2)
    assert not table_state(table_id=table_id, player_id=first.pk, now=moved + DAY / 2)["can_claim"]
    late = moved + DAY + timedelta(seconds=1)
    seen = table_state(table_id=table_id, player_id=first.pk, now=late)
    assert seen["can_claim"] and seen["players"][people.index(waiting)]["clock_ms"] == 0
    state = leaving.table_claim(table_id=table_id, player_id=first.pk, now=late)
    assert state["status"] == "finished"
    results = dict(TableMember.objects.filter(table_id=table_id).values_list("player", "result"))
    assert results == {first.pk: "won", waiting.pk: "left"}


def test_at_three_seats_the_beat_seats_a_computer_once_the_day_is_gone(settings: Any) -> None:
    from challenges import tasks

    people = [UserFactory(), UserFactory(), UserFactory()]
    # Made a day and a minute ago; a live table of three and a day-a-move one of two
    # from the same time, which the beat leaves alone.
    start = timezone.now() - DAY - timedelta(minutes=1)
    table_id = _table(people, now=start)
    fresh = _table([UserFactory(), UserFactory(), UserFactory()], now=timezone.now())
    pair = _table([UserFactory(), UserFactory()], now=start)
    assert tables_clock_due_ids() == [LiveTable.objects.get(pk=table_id).pk]
    mover = table_match(table_id).current_player
    live = _table([UserFactory(), UserFactory(), UserFactory()], now=timezone.now(), pace="live")
    assert LiveTable.objects.get(pk=live).pk not in tables_clock_due_ids()

    assert tasks.tables_clocks_settle() == {"taken_over": 1, "expired": 0}
    assert TableMember.objects.get(table_id=table_id, seat=mover).result == "left"
    assert ClassicSeat.objects.get(game__table__id=table_id, seat=mover).strength == "medium"
    assert LiveTable.objects.get(pk=table_id).status == "playing"
    for untouched in (fresh, pair, live):
        assert not TableMember.objects.filter(table_id=untouched, result="left").exists()
    # Done once: the next beat finds nobody due (the next person has a fresh day).
    assert tasks.tables_clocks_settle() == {"taken_over": 0, "expired": 0}
