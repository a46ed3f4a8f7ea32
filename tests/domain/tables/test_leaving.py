"""Leaving a table and the clocks' consequences: a resignation at two seats ends the
game for the other, at three a medium computer takes the seat; a seat away too long or
out of time may be claimed, not before; the live bank and the correspondence day."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from challenges.models import ClassicGame, ClassicSeat, LiveTable, TableEvent, TableMember
from challenges.tables import leaving, services
from challenges.tables.clocks import clock_after_turn
from challenges.tables.errors import ClaimNotAllowed
from challenges.tables.selectors import table_events_after, table_state
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

pytestmark = pytest.mark.django_db


def _table(people: list[User], *, pace: str = "live", **kwargs: Any) -> str:
    now = kwargs.pop("now", timezone.now())
    made = services.table_create(
        player_id=people[0].pk,
        seats=len(people),
        computers=0,
        strength="medium",
        rounds=1,
        pace=pace,
        now=now,
    )
    for person in people[1:]:
        services.table_join(table_id=made["id"], player_id=person.pk, now=now)
    return str(made["id"])


def _kinds(table_id: str) -> list[str]:
    return [player["kind"] for player in table_state(table_id=table_id, player_id=None)["players"]]


def test_a_resignation_at_two_seats_ends_the_game_for_the_other() -> None:
    ada, bob = UserFactory(), UserFactory()
    table_id = _table([ada, bob])

    state = leaving.table_resign(table_id=table_id, player_id=bob.pk)

    assert state["status"] == "finished"
    results = dict(TableMember.objects.filter(table_id=table_id).values_list("seat", "result"))
    assert results == {0: "won", 1: "left"}
    assert TableMember.objects.get(table_id=table_id, seat=0).coins == 2
    assert TableMember.objects.get(table_id=table_id, seat=1).coins == 0
    assert ClassicGame.objects.get(table__id=table_id).status == "resigned"
    kinds = [event["event"]["event"] for event in state["new_events"]]
    assert kinds == ["seat_left", "table_ended"]


def test_a_resignation_at_three_seats_hands_the_seat_to_a_medium_computer() -> None:
    ada, bob, cid = UserFactory(), UserFactory(), UserFactory()
    table_id = _table([ada, bob, cid])

    state = leaving.table_resign(table_id=table_id, player_id=cid.pk)

    assert state["status"] == "playing"
    seat = ClassicSeat.objects.get(game__table__id=table_id, seat=2)
    assert seat.player_id is None and seat.strength == "medium"
    assert _kinds(table_id) == ["person", "person", "computer"]
    kinds = [event["event"]["event"] for event in state["new_events"]]
    assert kinds[:2] == ["seat_left", "computer_took_seat"]
    assert TableMember.objects.get(table_id=table_id, seat=2).result == "left"
    # Who left watches: no hand, nor the computer's draws for that seat.
    watching = table_state(table_id=table_id, player_id=cid.pk)
    assert watching["you"] is None and watching["hand"] == []
    events = table_events_after(table_id=table_id, player_id=cid.pk, after=0)
    assert all(e["event"].get("tile") is None for e in events if e["event"]["event"] == "drew")
    # The game goes on for the two people: whoever is to move is one of them.
    assert table_match(table_id).current_player in (0, 1)


def test_a_seat_away_forty_seconds_on_its_turn_may_be_claimed_not_before() -> None:
    ada, bob = UserFactory(), UserFactory()
    start = timezone.now()
    table_id = _table([ada, bob], now=start)
    mover = table_match(table_id).current_player
    people = {0: ada, 1: bob}
    other = people[1 - mover]

    early = start + timedelta(seconds=6)
    seen = table_state(table_id=table_id, player_id=other.pk, now=early)
    assert seen["players"][mover]["away"] and not seen["can_claim"]
    with pytest.raises(ClaimNotAllowed):
        leaving.table_claim(table_id=table_id, player_id=other.pk, now=early)

    late = start + timedelta(seconds=41)
    assert table_state(table_id=table_id, player_id=other.pk, now=late)["can_claim"]
    with pytest.raises(ClaimNotAllowed):
        leaving.table_claim(table_id=table_id, player_id=people[mover].pk, now=late)
    state = leaving.table_claim(table_id=table_id, player_id=other.pk, now=late)

    assert state["status"] == "finished"
    results = dict(TableMember.objects.filter(table_id=table_id).values_list("seat", "result"))
    assert results == {mover: "left", 1 - mover: "won"}


def test_a_seat_seen_on_its_turn_is_not_away() -> None:
    ada, bob = UserFactory(), UserFactory()
    start = timezone.now()
    table_id = _table([ada, bob], now=start)
    mover = table_match(table_id).current_player
    mover_id = (ada, bob)[mover].pk
    services.table_seen(table_id=table_id, player_id=mover_id, now=start + timedelta(seconds=38))
    seen = table_state(table_id=table_id, player_id=None, now=start + timedelta(seconds=41))
    assert not seen["players"][mover]["away"] and seen["claimable"] is None


def test_at_three_seats_a_seat_out_of_time_goes_to_a_computer(settings: Any) -> None:
    settings.TABLE_CLAIM_AWAY_SECONDS = 10_000
    people = [UserFactory(), UserFactory(), UserFactory()]
    start = timezone.now()
    table_id = _table(people, now=start)
    mover = table_match(table_id).current_player
    for person in people:
        services.table_seen(
            table_id=table_id, player_id=person.pk, now=start + timedelta(seconds=89)
        )
    assert not leaving.table_timeouts_settle(table_id=table_id, now=start + timedelta(seconds=89))

    assert leaving.table_timeouts_settle(table_id=table_id, now=start + timedelta(seconds=91))
    assert TableMember.objects.get(table_id=table_id, seat=mover).result == "left"
    bodies = [row.body["event"] for row in TableEvent.objects.filter(table_id=table_id)]
    assert "computer_took_seat" in bodies
    assert ClassicSeat.objects.get(game__table__id=table_id, seat=mover).strength == "medium"


def test_the_mover_s_bank_is_charged_and_grows_by_the_increment(settings: Any) -> None:
    ada, bob = UserFactory(), UserFactory()
    start = timezone.now()
    table_id = _table([ada, bob], now=start)
    match = table_match(table_id)
    mover = match.current_player
    action = simple_action(match)
    while action["type"] == "draw":
        services.table_act(
            table_id=table_id,
            player_id=(ada, bob)[mover].pk,
            action=action,
            now=start + timedelta(seconds=5),
        )
        match = table_match(table_id)
        action = simple_action(match)
    services.table_act(
        table_id=table_id,
        player_id=(ada, bob)[mover].pk,
        action=action,
        now=start + timedelta(seconds=30),
    )
    table = LiveTable.objects.get(pk=table_id)
    assert table.clocks[mover] == (90 - 30 + 20) * 1000
    assert table.turn_since == start + timedelta(seconds=30)


def test_the_bank_is_capped_and_a_correspondence_move_gets_a_fresh_day() -> None:
    assert clock_after_turn(pace="live", bank_ms=140_000, spent_ms=1_000) == 150_000
    assert clock_after_turn(pace="live", bank_ms=10_000, spent_ms=30_000) == 20_000
    assert clock_after_turn(pace="correspondence", bank_ms=5, spent_ms=80_000) == 86_400_000


def test_a_correspondence_seat_is_never_claimed_for_being_away() -> None:
    ada, bob = UserFactory(), UserFactory()
    start = timezone.now()
    table_id = _table([ada, bob], pace="correspondence", now=start)
    mover = table_match(table_id).current_player
    other = (ada, bob)[1 - mover]
    with pytest.raises(ClaimNotAllowed):
        leaving.table_claim(table_id=table_id, player_id=other.pk, now=start + timedelta(hours=2))
    state = leaving.table_claim(
        table_id=table_id, player_id=other.pk, now=start + timedelta(hours=24, seconds=1)
    )
    assert state["status"] == "finished"


def test_tables_nobody_filled_expire() -> None:
    ada = UserFactory()
    start = timezone.now()
    table_id = _table([ada, UserFactory()], now=start)
    waiting = services.table_create(
        player_id=ada.pk, seats=2, computers=0, strength="easy", rounds=1, pace="live", now=start
    )
    assert leaving.tables_expire(now=start + timedelta(minutes=29)) == 0
    assert leaving.tables_expire(now=start + timedelta(minutes=31)) == 1
    assert LiveTable.objects.get(pk=waiting["id"]).status == "expired"
    assert LiveTable.objects.get(pk=table_id).status == "playing"


def test_the_beat_s_tasks_settle_clocks_expire_tables_and_pair(settings: Any) -> None:
    from challenges import tasks

    settings.TABLE_CLAIM_AWAY_SECONDS = 0
    people = [UserFactory(), UserFactory(), UserFactory()]
    table_id = _table(people)
    services.table_create(
        player_id=people[0].pk,
        seats=2,
        computers=0,
        strength="easy",
        rounds=1,
        pace="live",
        now=timezone.now() - timedelta(hours=1),
    )
    assert tasks.tables_clocks_settle() == {"taken_over": 1, "expired": 1}
    assert TableMember.objects.filter(table_id=table_id, result="left").count() == 1

    from challenges.tables import pairing

    waiting = [UserFactory(), UserFactory()]
    for person in waiting:
        pairing.pairing_join(player_id=person.pk, seats=2, rounds=1)
    # The first join's wave found one ticket; the second came within the wave's interval.
    assert not LiveTable.objects.filter(rated=True).exists()
    assert tasks.tables_pairing_wave() == 1
