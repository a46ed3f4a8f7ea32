"""The game's facts a table keeps on its row (challenges/tables/game_facts.py): every
read shaped from them is the read a replay of the log gives, for every seat and a
spectator, after every kind of write; a move replays the log once, and a read of the
table none while the facts are at the table's number; facts left behind by a write
that did not keep them are never used."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from challenges import engine
from challenges.models import LiveTable
from challenges.tables import leaving, services
from challenges.tables.selectors import table_state
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

pytestmark = pytest.mark.django_db


@contextmanager
def replays_counted() -> Iterator[list[int]]:
    counted = [0]
    replay = engine.classic_match_replay

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return replay(*args, **kwargs)

    engine.classic_match_replay = counting  # type: ignore[assignment]
    try:
        yield counted
    finally:
        engine.classic_match_replay = replay  # type: ignore[assignment]


def _table(people: list[User], rounds: int | None = 1) -> str:
    made = services.table_create(
        player_id=people[0].pk,
        seats=len(people),
        computers=0,
        strength="easy",
        rounds=rounds,
        pace="live",
    )
    for person in people[1:]:
        services.table_join(table_id=made["id"], player_id=person.pk)
    return str(made["id"])


def _reads_agree(table_id: str, people: list[User]) -> None:
    """Each seat's and a spectator's read from the kept facts, then from a replay."""
    now = timezone.now()
    viewers = [person.pk for person in people] + [None]
    kept = [table_state(table_id=table_id, player_id=viewer, now=now) for viewer in viewers]
    facts = LiveTable.objects.get(pk=table_id).game_facts
    assert facts is not None and facts["seq"] == LiveTable.objects.get(pk=table_id).seq
    LiveTable.objects.filter(pk=table_id).update(game_facts=None)
    replayed = [table_state(table_id=table_id, player_id=viewer, now=now) for viewer in viewers]
    assert kept == replayed
    LiveTable.objects.filter(pk=table_id).update(game_facts=facts)


@pytest.mark.parametrize("seats", [2, 3])
def test_every_read_from_the_facts_is_the_replay_s_after_every_write(seats: int) -> None:
    people = [UserFactory() for _ in range(seats)]
    table_id = _table(people)
    _reads_agree(table_id, people)
    for turn in range(400):
        if LiveTable.objects.get(pk=table_id).status != "playing":
            break
        match = table_match(table_id)
        if seats == 3 and turn == 5:
            # A person leaves: a computer takes the seat and plays.
            leaving.table_resign(table_id=table_id, player_id=people[match.current_player].pk)
        else:
            services.table_act(
                table_id=table_id,
                player_id=people[match.current_player].pk,
                action=simple_action(match),
            )
        _reads_agree(table_id, people)
    assert LiveTable.objects.get(pk=table_id).status == "finished"


def test_a_move_replays_the_log_once_and_a_read_not_at_all() -> None:
    people = [UserFactory(), UserFactory()]
    table_id = _table(people, rounds=None)
    for _ in range(6):
        match = table_match(table_id)
        player = people[match.current_player]
        with replays_counted() as replays:
            services.table_act(table_id=table_id, player_id=player.pk, action=simple_action(match))
        assert replays[0] == 1
        with replays_counted() as replays:
            for viewer in (*people, None):
                table_state(table_id=table_id, player_id=viewer.pk if viewer else None)
        assert replays[0] == 0


def test_facts_a_write_left_behind_are_not_used() -> None:
    people = [UserFactory(), UserFactory()]
    table_id = _table(people)
    now = timezone.now()
    truth = table_state(table_id=table_id, player_id=people[0].pk, now=now)
    table = LiveTable.objects.get(pk=table_id)
    assert table.game_facts is not None
    wrong = {**table.game_facts, "seq": table.seq - 1, "scores": [999, 999]}
    LiveTable.objects.filter(pk=table_id).update(game_facts=wrong)
    with replays_counted() as replays:
        assert table_state(table_id=table_id, player_id=people[0].pk, now=now) == truth
    assert replays[0] == 1


def test_a_push_says_whose_turn_it_now_is(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sockets write a seat's presence only on its turn, which the pushes say."""
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr("challenges.tables.push._send", lambda group, message: sent.append(message))
    people = [UserFactory(), UserFactory()]
    table_id = _table(people)
    for _ in range(200):
        if LiveTable.objects.get(pk=table_id).status != "playing":
            break
        match = table_match(table_id)
        with django_capture_on_commit_callbacks(execute=True):
            services.table_act(
                table_id=table_id,
                player_id=people[match.current_player].pk,
                action=simple_action(match),
            )
        after = table_match(table_id)
        playing = LiveTable.objects.get(pk=table_id).status == "playing"
        assert sent[-1]["turn"] == (after.current_player if playing else None)
    assert sent[-1]["turn"] is None
