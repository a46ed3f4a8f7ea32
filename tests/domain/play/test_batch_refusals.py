"""What a batch or a finish that cannot be taken says, and what it keeps
(``challenges/play/batches.py``): the words and figures of each refusal, the moves a
late batch keeps, and the fields a finish leaves."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import translation

from challenges.engine import RULESET, RUN_SPAN
from challenges.errors import MovesConflict, RunAlreadyFinished, RunDeadlinePassed
from challenges.models import Challenge, Run
from challenges.play import batches as run_batches
from challenges.play.services import run_finish, run_moves_add
from tests.factories import ChallengeFactory, UserFactory, at, challenge_log, challenge_log_score

pytestmark = pytest.mark.django_db

STARTED = at("2026-11-21T12:05:00")


@pytest.fixture
def challenge() -> Challenge:
    made: Challenge = ChallengeFactory(number=(STARTED - at("2026-01-01T00:00:00")).days * 3)
    return made


def _run(challenge: Challenge, **fields: Any) -> Run:
    return Run.objects.create(
        player=UserFactory(), challenge=challenge, started_at=STARTED, **fields
    )


def _moves(challenge: Challenge, count: int = 6) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = challenge_log(challenge, moves=count, start_ms=300, step_ms=700)[
        "moves"
    ]
    return moves


def _add(run: Run, start: int, moves: list[Any], *, ms: int) -> Any:
    now = run.started_at + timedelta(milliseconds=ms)
    return run_moves_add(run_id=run.pk, player_id=run.player_id, start=start, moves=moves, now=now)


def test_an_expired_run_is_refused_with_its_start_and_its_own_id(challenge: Challenge) -> None:
    run = _run(challenge, status=Run.Status.EXPIRED)
    with pytest.raises(RunDeadlinePassed) as refused:
        _add(run, 0, _moves(challenge), ms=5_000)
    assert refused.value.detail == (
        "Too late: this run started at 12:05:00 UTC and was never finished in time."
    )
    answered = refused.value.run
    assert (answered.pk, answered.status, answered.started_at) == (run.pk, "expired", STARTED)


@pytest.mark.parametrize(
    ("status", "said"),
    [(Run.Status.FINISHED, "finished (valid)"), (Run.Status.REJECTED, "rejected")],
)
def test_a_run_already_ended_is_refused_with_when_and_how(
    challenge: Challenge, status: str, said: str
) -> None:
    run = _run(challenge, status=status, finished_at=STARTED + timedelta(seconds=90))
    with pytest.raises(RunAlreadyFinished) as refused:
        _add(run, 0, _moves(challenge), ms=95_000)
    assert refused.value.detail == (
        f"This run was already finished at 12:06:30 UTC ({said}); start a new run to play again."
    )


def test_a_gap_after_the_held_moves_is_refused_with_where_to_start(challenge: Challenge) -> None:
    run = _run(challenge)
    moves = _moves(challenge)
    _add(run, 0, moves[:3], ms=2_500)
    with pytest.raises(MovesConflict) as refused:
        _add(run, 5, moves[5:], ms=5_000)
    assert refused.value.received == 3
    assert refused.value.detail == (
        "These moves start at index 5, but the server holds 3 moves of this run: send the "
        "moves from index 3 on."
    )


def test_a_changed_move_in_a_resend_is_named_by_its_index_in_the_run(
    challenge: Challenge,
) -> None:
    run = _run(challenge)
    moves = _moves(challenge)
    _add(run, 0, moves[:4], ms=3_000)
    changed = {**moves[3], "t": moves[3]["t"] + 1}
    with pytest.raises(MovesConflict) as refused:
        _add(run, 2, [moves[2], changed, moves[4]], ms=4_000)
    assert refused.value.received == 4
    assert refused.value.detail == (
        "Move 3 differs from the one the server already holds: moves sent cannot change. "
        "The server holds 4 moves of this run."
    )


def _late_ms() -> int:
    return int(RUN_SPAN / timedelta(milliseconds=1)) + 1


def test_a_late_batch_is_refused_in_the_players_language_and_kept_in_english(
    challenge: Challenge,
) -> None:
    run = _run(challenge)
    with translation.override("de"), pytest.raises(RunDeadlinePassed) as refused:
        _add(run, 0, _moves(challenge, 2), ms=_late_ms())
    assert refused.value.detail.startswith("Zu spät")
    stored = Run.objects.get(pk=run.pk)
    assert (RULESET.time_limit_ms, RULESET.finish_grace_ms) == (120_000, 10_000)
    assert stored.error == {
        "move": None,
        "code": "deadline_passed",
        "detail": "Too late: this run started at 12:05:00 UTC and its moves were taken until "
        "12:07:10 UTC (120 s plus 10 s grace).",
    }
    assert stored.status == Run.Status.REJECTED
    assert stored.finished_at == STARTED + timedelta(milliseconds=_late_ms())
    assert stored.position is None


@pytest.mark.parametrize(
    ("start", "kept"),
    [(3, [3, 4, 5]), (0, [3, 4, 5]), (1, [3, 4, 5]), (4, [])],
    ids=["from-the-held", "resent-from-0", "resent-from-1", "a-gap"],
)
def test_a_late_batch_keeps_the_moves_the_run_did_not_hold(
    challenge: Challenge, start: int, kept: list[int]
) -> None:
    run = _run(challenge)
    moves = _moves(challenge)
    _add(run, 0, moves[:3], ms=2_500)
    with pytest.raises(RunDeadlinePassed):
        _add(run, start, moves[start:], ms=_late_ms())
    assert Run.objects.get(pk=run.pk).log["moves"] == moves[:3] + [moves[i] for i in kept]


def test_a_late_finish_of_a_log_that_is_none_keeps_no_move(challenge: Challenge) -> None:
    run = _run(challenge)
    now = STARTED + timedelta(milliseconds=_late_ms())
    with pytest.raises(RunDeadlinePassed):
        run_finish(run_id=run.pk, player_id=run.player_id, log={"moves": 7}, now=now)
    stored = Run.objects.get(pk=run.pk)
    assert stored.log["moves"] == [] and stored.error["code"] == "deadline_passed"


def test_a_finish_of_a_log_that_is_none_rejects_the_run_then(challenge: Challenge) -> None:
    run = _run(challenge)
    now = STARTED + timedelta(seconds=30)
    run_finish(run_id=run.pk, player_id=run.player_id, log={"moves": 7}, now=now)
    stored = Run.objects.get(pk=run.pk)
    assert (stored.status, stored.finished_at, stored.position) == ("rejected", now, None)


def test_a_whole_log_finished_at_once_keeps_its_score_and_no_position(
    challenge: Challenge,
) -> None:
    run = _run(challenge)
    log = {"moves": _moves(challenge)}
    now = STARTED + timedelta(milliseconds=log["moves"][-1]["t"] + 250)
    run_finish(run_id=run.pk, player_id=run.player_id, log=log, now=now)
    stored = Run.objects.get(pk=run.pk)
    assert stored.score == challenge_log_score(challenge, log) > 0
    assert (stored.status, stored.finished_at, stored.position) == ("finished", now, None)


def test_the_last_placement_carried_is_the_runs_index_and_survives_a_batch_of_draws(
    challenge: Challenge,
) -> None:
    run = _run(challenge)
    moves = _moves(challenge, 12)
    assert [move["type"][0] for move in moves] == ["p"] * 6 + ["d"] * 6  # the test's deal
    carried = []
    for start, end in ((0, 3), (3, 6), (6, 9)):
        _add(run, start, moves[start:end], ms=moves[end - 1]["t"] + 250)
        carried.append(Run.objects.get(pk=run.pk).position[run_batches.LAST_PLACEMENT])
    # Placements 2 and 5 of the run, then a batch of draws that keeps the fifth.
    assert carried == [[2, moves[2]["t"]], [5, moves[5]["t"]], [5, moves[5]["t"]]]


def test_the_locked_retry_reads_and_writes_in_one_transaction(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first try that finds the run changed goes again with the row locked, inside a
    transaction: its read and its write are one."""
    read, append = run_batches.run_head, run_batches.run_moves_append
    seen: list[tuple[str, bool, int]] = []  # what, locked, transactions open (the test's)

    def head(**kwargs: Any) -> Any:
        seen.append(("read", kwargs["locked"], len(connection.atomic_blocks)))
        return read(**kwargs)

    def appended(**kwargs: Any) -> Any:
        locked = seen[-1][1]
        seen.append(("write", locked, len(connection.atomic_blocks)))
        return None if not locked else append(**kwargs)  # the first try finds it changed

    monkeypatch.setattr(run_batches, "run_head", head)
    monkeypatch.setattr(run_batches, "run_moves_append", appended)
    run = _run(challenge)
    _add(run, 0, _moves(challenge, 3), ms=2_000)

    outer = seen[0][2]
    assert seen == [
        ("read", False, outer),
        ("write", False, outer),
        ("read", True, outer + 1),
        ("write", True, outer + 1),
    ]


def test_a_runs_first_breach_of_pace_is_the_one_kept(challenge: Challenge) -> None:
    """A run found too fast stays found so for the reason found first: a later batch
    too fast again does not write over it."""
    run = _run(challenge)
    moves = _moves(challenge, 12)
    for index, t in ((0, 300), (1, 350), (2, 1_100), (3, 1_800), (4, 1_830), (5, 2_600)):
        moves[index] = {**moves[index], "t": t}
    _add(run, 0, moves[:3], ms=1_350)
    first = Run.objects.get(pk=run.pk).ineligible
    _add(run, 3, moves[3:6], ms=2_850)

    assert first is not None and Run.objects.get(pk=run.pk).ineligible == first
