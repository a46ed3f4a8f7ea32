"""The SQL round trips of each write, pinned: a run's start, a batch of its moves, its
finish and its submit, each as a player's API token makes it (used once before: the
token's first use is not the write's cost). docs/performance.md lists the statements.

A count that grows is a round trip added to the busiest requests of a popular slot;
change the count here and the list in docs/performance.md together.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.services import api_token_create
from challenges.models import Challenge, Run
from tests.factories import challenge_log
from tests.playing import run_played

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the writes' own SQL is PostgreSQL's"
    ),
]

# Statements each write sends, transaction control (BEGIN, COMMIT) included.
# A run's start: its challenge, the player's count of runs and the insert, in one; then,
# unless it is the player's first run of the challenge, their best finished run, the
# ghost the run races (one index read; the leader's ghost is read only once the results
# are out, never for a start).
FIRST_RUN_START = 1
RUN_START = 1
MOVES_BATCH = 2
FINISH = 2
# A player's first submit below the guarded top (or with trust off, as here): the run
# with its challenge; one message of every write (moderation/entry_writes.py: the moves
# hash's lock, then one statement writing the entry unless one of these moves is in, the
# player's record, the form point and form, the challenge's counts and version, the
# score count), in a savepoint here because the test runs in a transaction (a request
# runs it alone, two statements fewer); then the board as the answer's rank reads it.
# Trust reads only what can hold the entry: below the guard, the player's runs beside it
# when the run's read says there are some (TRUST_OVERLAPPING_RUNS, off here); for a
# guarded entry also the player's form and its points, the entries nearest in score,
# and the score's rank while there is no par.
SUBMIT = 5


def _client(player: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_create(user=player).secret}")
    assert client.get("/api/challenges/current/").status_code == 200  # the token's first use
    return client


def _counted(call: Any) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        answer = call()
    return answer, [query["sql"] for query in captured.captured_queries]


def _listing(sql: list[str]) -> str:
    return "\n".join(f"{n}. {text[:200]}" for n, text in enumerate(sql, 1))


def test_a_first_run_start_is_one_statement(challenge: Challenge, player: User) -> None:
    client = _client(player)
    # The first start also forgets the count; a later one reads the best run it races
    # in the same statement.
    answer, sql = _counted(lambda: client.post(f"/api/challenges/{challenge.pk}/runs/"))
    assert answer.status_code == 201
    assert len(sql) == FIRST_RUN_START, _listing(sql)
    answer, sql = _counted(lambda: client.post(f"/api/challenges/{challenge.pk}/runs/"))
    assert answer.status_code == 201
    assert len(sql) == RUN_START, _listing(sql)
    # A refusal is named from the same statement's row, and races nothing.
    missing = challenge.pk + 1000
    answer, sql = _counted(lambda: client.post(f"/api/challenges/{missing}/runs/"))
    assert answer.status_code == 404
    assert len(sql) == 1, _listing(sql)


def test_a_moves_batch_and_a_finish_are_two_statements_each(
    challenge: Challenge, player: User
) -> None:
    client = _client(player)
    log = challenge_log(challenge, moves=12, start_ms=0, step_ms=300)
    # Started 10 s ago: each move (300 ms apart) is within the server's reach.
    started = timezone.now() - timedelta(seconds=10)
    run = Run.objects.create(player=player, challenge=challenge, started_at=started)
    moves = log["moves"]
    batch = {"from": 0, "moves": moves[:3]}
    answer, sql = _counted(lambda: client.post(f"/api/runs/{run.pk}/moves/", batch, format="json"))
    assert answer.status_code == 200, answer.content
    assert len(sql) == MOVES_BATCH, _listing(sql)

    rest = {"from": 3, "moves": moves[3:]}
    answer, sql = _counted(lambda: client.post(f"/api/runs/{run.pk}/finish/", rest, format="json"))
    assert answer.status_code == 200, answer.content
    assert len(sql) == FINISH, _listing(sql)


def test_a_first_submit_writes_in_one_message(challenge: Challenge, player: User) -> None:
    _submit_counted(challenge, player, expected=SUBMIT)


def test_the_near_copy_check_adds_one_statement(
    challenge: Challenge, player: User, settings: Any
) -> None:
    settings.TRUST_NEAR_COPY_SHARE = 0.8
    _submit_counted(challenge, player, expected=SUBMIT + 1)


@pytest.mark.parametrize("beside", [False, True])
def test_a_submit_below_the_guarded_top_reads_only_its_runs_beside(
    challenge: Challenge, player: User, settings: Any, beside: bool
) -> None:
    """With a par, a score below its guarded share is no copy's or script's aim: of the
    trust rules, only the player's own runs beside it can hold it, and they are read
    only when the run's own read says there are some."""
    settings.TRUST_NEAR_COPY_SHARE, settings.TRUST_TOP = 0.8, 10  # trust on
    settings.TRUST_OVERLAPPING_RUNS = True
    Challenge.objects.filter(pk=challenge.pk).update(par=100_000)
    _submit_counted(challenge, player, expected=SUBMIT + beside, beside=beside)


def test_a_guarded_submit_reads_the_form_its_points_the_runs_beside_and_the_nearest(
    challenge: Challenge, player: User, settings: Any
) -> None:
    """At the guarded top every trust rule weighs: the form and its points, the runs
    beside, the entries nearest in score (no device or network is known: no link read)."""
    settings.TRUST_NEAR_COPY_SHARE, settings.TRUST_TOP = 0.8, 10
    settings.TRUST_OVERLAPPING_RUNS = True
    Challenge.objects.filter(pk=challenge.pk).update(par=1)
    _submit_counted(challenge, player, expected=SUBMIT + 4, beside=True)


def _submit_counted(
    challenge: Challenge, player: User, *, expected: int, beside: bool = False
) -> None:
    """``beside``: the player started another run while this one was played."""
    client = _client(player)
    log = challenge_log(challenge, moves=20, start_ms=300, step_ms=900)
    span = timedelta(milliseconds=log["moves"][-1]["t"] + 5_000)
    run = Run.objects.create(
        player=player,
        challenge=challenge,
        started_at=timezone.now() - span,
    )
    if beside:
        Run.objects.create(player=player, challenge=challenge, started_at=run.started_at)
    assert run_played(run, log).is_eligible
    answer, sql = _counted(lambda: client.post(f"/api/runs/{run.pk}/submit/"))
    assert answer.status_code == 201, answer.content
    assert len(sql) == expected, _listing(sql)
