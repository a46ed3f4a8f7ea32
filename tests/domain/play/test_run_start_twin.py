"""A run's start in one statement (play/run_sql.py) against its plain twin, the ORM's
three: the same answer and the same row, for an open challenge, one not yet open, one
closed, a player at the limit and no challenge. On SQLite both are the ORM's; the test
is about PostgreSQL, where the statement runs."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.models import Challenge, Run
from challenges.play.outcomes import RunStarting
from challenges.play.run_sql import _run_row_start_orm, run_row_start
from tests.factories import ChallengeFactory, RunFactory, UserFactory, challenge_log

pytestmark = pytest.mark.django_db

_ROW = ("player_id", "challenge_id", "started_at", "status", "hard", "score", "log", "position")


def _started(
    start: Any, challenge_id: int, at: datetime, limit: int
) -> tuple[tuple[object, ...], int]:
    """What ``start`` answers for a new player with one run already, and their rows; and
    how many statements it sent."""
    player = UserFactory()
    if Challenge.objects.filter(pk=challenge_id).exists():
        Run.objects.create(player=player, challenge_id=challenge_id, started_at=at)
        # Two finished runs: the better one is the ghost the start brings.
        for moves in (4, 9):
            RunFactory(
                player=player,
                challenge_id=challenge_id,
                started_at=at - timedelta(minutes=moves),
                finished=True,
                log=challenge_log(Challenge.objects.get(pk=challenge_id), moves=moves),
            )
    # Hard, unlike the run before it: the two rows sort apart.
    run = Run(player_id=player.pk, challenge_id=challenge_id, started_at=at, hard=True)
    with CaptureQueriesContext(connection) as sent:
        starting: RunStarting = start(run=run, limit=limit)
    challenge = starting.challenge
    read = None if challenge is None else (challenge.pk, challenge.tray, challenge.par)
    rows = [
        tuple(getattr(stored, name) for name in _ROW if name != "player_id")
        for stored in Run.objects.filter(player=player).order_by("started_at", "hard")
    ]
    best = starting.best
    ghost = None if best is None else (best.score, best.log, best.move_results)
    answer = (read, starting.started_before, starting.inserted, run._state.adding, rows, ghost)
    return answer, len(sent)


@pytest.mark.parametrize(
    ("case", "offset", "limit"),
    [
        ("open", timedelta(minutes=5), 300),
        ("not yet open", -timedelta(minutes=5), 300),
        ("closed", timedelta(days=3), 300),
        ("at the limit", timedelta(minutes=5), 1),
        ("no challenge", timedelta(minutes=5), 300),
    ],
)
def test_the_start_statement_answers_as_the_orm(case: str, offset: timedelta, limit: int) -> None:
    challenge = ChallengeFactory()
    challenge_id = challenge.pk + 1000 if case == "no challenge" else challenge.pk
    at = challenge.opens_at + offset
    fast, statements = _started(run_row_start, challenge_id, at, limit)
    plain, _ = _started(_run_row_start_orm, challenge_id, at, limit)
    assert fast == plain
    assert fast[2] is (case == "open"), "inserted"
    assert (fast[5] is not None) is (case != "no challenge"), "the best run came with it"
    if connection.vendor == "postgresql":
        assert statements == 1
