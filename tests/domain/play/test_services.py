from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from challenges.engine import RULESET
from challenges.errors import (
    ChallengeNotFound,
    ChallengeNotOpen,
    RunAlreadyFinished,
    RunDeadlinePassed,
    RunsLimitReached,
)
from challenges.models import Run
from challenges.play.outcomes import ChallengeStanding
from challenges.play.services import run_finish, run_start
from challenges.slots import slot_number
from tests.factories import (
    ChallengeFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
    challenge_log_score,
)

pytestmark = pytest.mark.django_db


NOON = at("2026-11-21T12:00:00")


def test_run_start_records_the_server_time() -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    run = run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=NOON)
    assert run.started_at == NOON
    assert run.status == Run.Status.STARTED
    assert run.deadline == NOON + timedelta(milliseconds=120_000)


@pytest.mark.parametrize("offset", [timedelta(hours=8), timedelta(hours=20)])
def test_run_start_refuses_a_closed_challenge(offset: timedelta) -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    with pytest.raises(ChallengeNotOpen, match="closed"):
        run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=NOON + offset)
    assert not Run.objects.exists()


def test_run_start_refuses_a_challenge_not_open_yet() -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON) + 1)
    with pytest.raises(ChallengeNotOpen, match="not opened yet"):
        run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=NOON)


def test_run_start_on_no_challenge_is_refused_as_not_found() -> None:
    with pytest.raises(ChallengeNotFound):
        run_start(player_id=UserFactory().pk, challenge_id=slot_number(at=NOON), now=NOON)
    assert not Run.objects.exists()


def test_run_start_takes_the_window_as_the_challenge_has_it() -> None:
    """Open from its first instant, closed at its last: the statement that reads the
    challenge and stores the run and the service's reasons agree at both edges."""
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    player = UserFactory().pk
    first = run_start(player_id=player, challenge_id=challenge.pk, now=challenge.opens_at)
    assert first.challenge.tray == challenge.tray and first.started_at == challenge.opens_at
    with pytest.raises(ChallengeNotOpen, match="closed"):
        run_start(player_id=player, challenge_id=challenge.pk, now=challenge.closes_at)
    with pytest.raises(ChallengeNotOpen, match="not opened yet"):
        run_start(
            player_id=player,
            challenge_id=challenge.pk,
            now=challenge.opens_at - timedelta(microseconds=1),
        )
    assert list(Run.objects.values_list("pk", flat=True)) == [first.pk]


def test_run_start_stops_at_the_limit_and_stores_nothing_more(settings: Any) -> None:
    settings.RUNS_PER_CHALLENGE_LIMIT = 2
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    player = UserFactory().pk
    for _ in range(2):
        run_start(player_id=player, challenge_id=challenge.pk, now=NOON)
    with pytest.raises(RunsLimitReached):
        run_start(player_id=player, challenge_id=challenge.pk, now=NOON)
    assert Run.objects.filter(player_id=player).count() == 2
    # Another player's runs are theirs to count.
    run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=NOON)


def test_a_finish_returns_the_players_standing_read_with_the_run() -> None:
    """Both paths of a finish (the batch path for a log, the locked one for what is not
    a log) return the player's standing besides the run, and the count of moves held."""
    first = _started()
    log = challenge_log(first.challenge, moves=6, start_ms=100, step_ms=500)
    done = run_finish(
        run_id=first.pk, player_id=first.player_id, log=log, now=NOON + timedelta(seconds=30)
    )
    assert done.run.status == Run.Status.FINISHED and done.received == 6
    assert done.standing == ChallengeStanding(best_before=None, submitted=False)

    second = run_start(player_id=first.player_id, challenge_id=first.challenge_id, now=NOON)
    bad = run_finish(
        run_id=second.pk, player_id=second.player_id, log="moves", now=NOON + timedelta(seconds=1)
    )
    assert bad.run.status == Run.Status.REJECTED and bad.received == 0
    assert bad.standing == ChallengeStanding(
        best_before=challenge_log_score(first.challenge, log), submitted=False
    )


def _started(now=NOON) -> Run:  # type: ignore[no-untyped-def]
    challenge = ChallengeFactory(number=slot_number(at=now))
    return run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=now)


def test_run_finish_stores_a_valid_replay() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=10, start_ms=100, step_ms=500)
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=30)
    ).run
    assert finished.status == Run.Status.FINISHED
    assert finished.score == challenge_log_score(run.challenge, log)
    assert len(finished.move_results) == 10
    assert finished.error is None
    assert finished.log == log
    assert finished.finished_at == NOON + timedelta(seconds=30)
    assert Run.objects.get(pk=run.pk).status == Run.Status.FINISHED


def test_run_finish_keeps_a_rule_breaking_log_as_rejected() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=4)
    log["moves"].append(
        {"t": 9_000, "type": "place", "tile": "9-9-9", "cell": [5, 5], "rotation": 0}
    )
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=20)
    ).run
    assert finished.status == Run.Status.REJECTED
    assert finished.error is not None
    assert finished.error["move"] == 4
    assert finished.error["code"] == "unknown_tile"
    assert finished.error["detail"]
    assert len(finished.move_results) == 4
    assert finished.log == log


@pytest.mark.parametrize("log", [None, [], "moves", {"moves": "all"}, {"turns": []}, 42])
def test_run_finish_rejects_what_is_not_a_log(log: object) -> None:
    run = _started()
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=5)
    ).run
    assert finished.status == Run.Status.REJECTED
    assert finished.error == {"move": None, "code": "bad_log", "detail": finished.error["detail"]}


def test_a_move_claiming_a_time_beyond_the_server_clock_is_time_over() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=3, start_ms=1_000, step_ms=20_000)  # t = 41 s
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=10)
    ).run
    assert finished.status == Run.Status.REJECTED
    assert finished.error is not None
    assert finished.error["code"] == "time_over"
    assert finished.error["move"] == 1  # t=21000 > 10000 + slack


def test_the_clock_slack_lets_a_slightly_fast_client_through() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=2, start_ms=0, step_ms=10_000 + RULESET.clock_slack_ms)
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=10)
    ).run
    assert finished.status == Run.Status.FINISHED


def test_run_finish_after_the_deadline_is_refused_and_kept_rejected() -> None:
    run = _started()
    late = run.finish_by + timedelta(milliseconds=1)
    log = challenge_log(run.challenge, moves=3)
    with pytest.raises(RunDeadlinePassed) as refused:
        run_finish(run_id=run.pk, player_id=run.player_id, log=log, now=late)
    assert "Too late" in refused.value.detail
    stored = Run.objects.get(pk=run.pk)
    assert stored.status == Run.Status.REJECTED
    assert stored.error is not None and stored.error["code"] == "deadline_passed"
    assert stored.log == log


def test_run_finish_just_within_the_grace_is_accepted() -> None:
    run = _started()
    in_time = run.finish_by
    finished = run_finish(
        run_id=run.pk,
        player_id=run.player_id,
        log=challenge_log(run.challenge, moves=3),
        now=in_time,
    ).run
    assert finished.status == Run.Status.FINISHED


def test_a_run_finishes_once() -> None:
    run = _started()
    run_finish(
        run_id=run.pk, player_id=run.player_id, log=challenge_log(run.challenge, moves=2), now=NOON
    )
    with pytest.raises(RunAlreadyFinished):
        run_finish(
            run_id=run.pk,
            player_id=run.player_id,
            log=challenge_log(run.challenge, moves=3),
            now=NOON,
        )
    assert len(Run.objects.get(pk=run.pk).move_results) == 2


def test_a_huge_log_is_judged_on_its_first_104_moves() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=6, start_ms=0, step_ms=0)
    log["moves"] += [{"t": 0, "type": "draw"}] * 10_000
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=NOON + timedelta(seconds=1)
    ).run
    assert finished.status == Run.Status.REJECTED
    assert finished.error is not None
    assert finished.error["code"] == "well_empty"
    assert finished.error["move"] <= 103


def test_run_factory_finished_trait_replays() -> None:
    run = RunFactory(finished=True)
    assert run.score == challenge_log_score(run.challenge, run.log)


def test_a_log_postgresql_could_not_store_is_kept_cleaned_and_trimmed() -> None:
    run = _started()
    log = {
        "moves": [{"t": "\x00", "type": "draw", "\x00note": "\ud800", "x": float("inf")}],
        "extra": "x" * 50_000,
    }
    finished = run_finish(run_id=run.pk, player_id=run.player_id, log=log, now=NOON).run
    stored = Run.objects.get(pk=finished.pk)
    assert stored.status == Run.Status.REJECTED
    assert stored.error is not None and stored.error["code"] == "malformed"
    # Only RULES.md's fields of a move are kept, and cleaned for jsonb.
    assert stored.log == {"moves": [{"t": "\ufffd", "type": "draw"}]}
