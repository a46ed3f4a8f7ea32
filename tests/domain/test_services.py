from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connections
from django.test import override_settings

from challenges import leaderboards, schedule, services
from challenges.engine import RULESET
from challenges.models import Challenge, Entry, Run, ScoreCount
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
    challenge_log_score,
)
from tests.playing import run_played
from triominos import TILE_IDS

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")


# --- challenges ------------------------------------------------------------------------


def test_challenge_ensure_deals_all_56_tiles_and_stores_them() -> None:
    challenge = services.challenge_ensure(number=973)
    assert len(challenge.tray) == 9
    assert len(challenge.well) == 47
    assert sorted(challenge.tray + challenge.well) == sorted(TILE_IDS)
    assert challenge.opens_at == schedule.slot_opens_at(number=973)
    assert challenge.closes_at == challenge.opens_at + timedelta(hours=8)
    assert challenge.pk == challenge.number == 973
    stored = Challenge.objects.get(number=973)
    assert (stored.tray, stored.well, stored.seed) == (
        challenge.tray,
        challenge.well,
        challenge.seed,
    )


def test_challenge_ensure_is_idempotent() -> None:
    first = services.challenge_ensure(number=10)
    second = services.challenge_ensure(number=10)
    assert first.pk == second.pk
    assert (first.tray, first.well) == (second.tray, second.well)
    assert Challenge.objects.filter(number=10).count() == 1


def test_the_stored_row_wins_over_the_generator() -> None:
    made = services.challenge_ensure(number=11)
    Challenge.objects.filter(pk=made.pk).update(tray=list(reversed(made.tray)))
    assert services.challenge_ensure(number=11).tray == list(reversed(made.tray))


def test_challenge_tiles_depend_on_the_slot_and_the_secret() -> None:
    seeds = {services.challenge_seed(number=n) for n in range(50)}
    assert len(seeds) == 50
    deals = {tuple(services.challenge_tiles_deal(seed=s)[0]) for s in seeds}
    assert len(deals) == 50
    ours = services.challenge_seed(number=3)
    with override_settings(CHALLENGE_SECRET="another-secret"):
        theirs = services.challenge_seed(number=3)
    assert theirs != ours
    assert services.challenge_seed(number=3) == ours


def test_challenge_current_ensure_follows_the_clock() -> None:
    before = services.challenge_current_ensure(now=at("2026-11-21T07:59:59.999"))
    after = services.challenge_current_ensure(now=at("2026-11-21T08:00:00"))
    assert after.number == before.number + 1
    assert after.opens_at == at("2026-11-21T08:00:00")


def test_challenges_ensure_ahead_makes_the_current_and_next_slots() -> None:
    made = services.challenges_ensure_ahead(ahead=2, now=NOON)
    current = schedule.slot_number(at=NOON)
    assert [c.number for c in made] == [current, current + 1, current + 2]
    services.challenges_ensure_ahead(ahead=2, now=NOON)
    assert Challenge.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_challenge_ensure_survives_a_race(postgres: None) -> None:
    threads_count = 8
    barrier = threading.Barrier(threads_count)
    made: list[int] = []
    errors: list[BaseException] = []

    def make() -> None:
        try:
            barrier.wait()
            made.append(services.challenge_ensure(number=500).pk)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=make) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert made == [500] * threads_count
    assert Challenge.objects.filter(number=500).count() == 1


# --- runs ------------------------------------------------------------------------------


def test_run_start_records_the_server_time() -> None:
    challenge = ChallengeFactory(number=schedule.slot_number(at=NOON))
    run = services.run_start(player=UserFactory(), challenge=challenge, now=NOON)
    assert run.started_at == NOON
    assert run.status == Run.Status.STARTED
    assert run.deadline == NOON + timedelta(milliseconds=120_000)


@pytest.mark.parametrize("offset", [timedelta(hours=8), timedelta(hours=20)])
def test_run_start_refuses_a_closed_challenge(offset: timedelta) -> None:
    challenge = ChallengeFactory(number=schedule.slot_number(at=NOON))
    with pytest.raises(services.ChallengeNotOpen, match="closed"):
        services.run_start(player=UserFactory(), challenge=challenge, now=NOON + offset)
    assert not Run.objects.exists()


def test_run_start_refuses_a_challenge_not_open_yet() -> None:
    challenge = ChallengeFactory(number=schedule.slot_number(at=NOON) + 1)
    with pytest.raises(services.ChallengeNotOpen, match="not opened yet"):
        services.run_start(player=UserFactory(), challenge=challenge, now=NOON)


def _started(now=NOON) -> Run:  # type: ignore[no-untyped-def]
    challenge = ChallengeFactory(number=schedule.slot_number(at=now))
    return services.run_start(player=UserFactory(), challenge=challenge, now=now)


def test_run_finish_stores_a_valid_replay() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=10, start_ms=100, step_ms=500)
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=30))
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
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=20))
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
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=5))
    assert finished.status == Run.Status.REJECTED
    assert finished.error == {"move": None, "code": "bad_log", "detail": finished.error["detail"]}


def test_a_move_claiming_a_time_beyond_the_server_clock_is_time_over() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=3, start_ms=1_000, step_ms=20_000)  # t = 41 s
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=10))
    assert finished.status == Run.Status.REJECTED
    assert finished.error is not None
    assert finished.error["code"] == "time_over"
    assert finished.error["move"] == 1  # t=21000 > 10000 + slack


def test_the_clock_slack_lets_a_slightly_fast_client_through() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=2, start_ms=0, step_ms=10_000 + RULESET.clock_slack_ms)
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=10))
    assert finished.status == Run.Status.FINISHED


def test_run_finish_after_the_deadline_is_refused_and_kept_rejected() -> None:
    run = _started()
    late = run.finish_by + timedelta(milliseconds=1)
    log = challenge_log(run.challenge, moves=3)
    with pytest.raises(services.RunDeadlinePassed) as refused:
        services.run_finish(run=run, log=log, now=late)
    assert "Too late" in refused.value.detail
    stored = Run.objects.get(pk=run.pk)
    assert stored.status == Run.Status.REJECTED
    assert stored.error is not None and stored.error["code"] == "deadline_passed"
    assert stored.log == log


def test_run_finish_just_within_the_grace_is_accepted() -> None:
    run = _started()
    in_time = run.finish_by
    finished = services.run_finish(run=run, log=challenge_log(run.challenge, moves=3), now=in_time)
    assert finished.status == Run.Status.FINISHED


def test_a_run_finishes_once() -> None:
    run = _started()
    services.run_finish(run=run, log=challenge_log(run.challenge, moves=2), now=NOON)
    with pytest.raises(services.RunAlreadyFinished):
        services.run_finish(run=run, log=challenge_log(run.challenge, moves=3), now=NOON)
    assert len(Run.objects.get(pk=run.pk).move_results) == 2


def test_a_huge_log_is_judged_on_its_first_104_moves() -> None:
    run = _started()
    log = challenge_log(run.challenge, moves=6, start_ms=0, step_ms=0)
    log["moves"] += [{"t": 0, "type": "draw"}] * 10_000
    finished = services.run_finish(run=run, log=log, now=NOON + timedelta(seconds=1))
    assert finished.status == Run.Status.REJECTED
    assert finished.error is not None
    assert finished.error["code"] == "well_empty"
    assert finished.error["move"] <= 103


# --- entries ---------------------------------------------------------------------------


def _finished(now=NOON, player=None) -> Run:  # type: ignore[no-untyped-def]
    challenge = ChallengeFactory(number=schedule.slot_number(at=now))
    run = services.run_start(player=player or UserFactory(), challenge=challenge, now=now)
    return run_played(run, challenge_log(challenge, moves=8, step_ms=1500))


def test_entry_submit_makes_the_run_the_players_entry() -> None:
    run = _finished()
    entry = services.entry_submit(run=run, now=NOON + timedelta(minutes=1))
    assert (entry.challenge_id, entry.player_id, entry.run_id) == (
        run.challenge_id,
        run.player_id,
        run.pk,
    )
    assert entry.score == run.score
    assert entry.submitted_at == NOON + timedelta(minutes=1)


def test_a_player_submits_once_per_challenge_whichever_run() -> None:
    first = _finished()
    services.entry_submit(run=first, now=NOON)
    second = services.run_start(player=first.player, challenge=first.challenge, now=NOON)
    second = run_played(second, challenge_log(first.challenge, moves=3))
    with pytest.raises(services.EntryAlreadySubmitted):
        services.entry_submit(run=second, now=NOON)
    assert Entry.objects.count() == 1


def test_unfinished_and_rejected_runs_cannot_be_submitted() -> None:
    started = _started()
    with pytest.raises(services.RunNotSubmittable, match="Finish"):
        services.entry_submit(run=started, now=NOON)
    rejected = services.run_finish(run=started, log=[], now=NOON)
    with pytest.raises(services.RunNotSubmittable, match="rejected"):
        services.entry_submit(run=rejected, now=NOON)
    assert not Entry.objects.exists()


def test_entries_close_with_the_challenge_plus_the_grace() -> None:
    run = _finished()
    # The results time: the close, plus a run's two minutes, plus the finish grace.
    assert run.challenge.results_at == run.challenge.closes_at + timedelta(seconds=130)
    with pytest.raises(services.EntriesClosed):
        services.entry_submit(run=run, now=run.challenge.results_at + timedelta(milliseconds=1))
    entry = services.entry_submit(run=run, now=run.challenge.results_at)
    assert entry.pk is not None


def test_entry_void_takes_the_entry_off_the_board_and_keeps_it() -> None:
    entry = EntryFactory(score=300)
    EntryFactory(challenge=entry.challenge, score=200)
    services.entry_void(entry=entry, reason="Impossible timing")
    entry.refresh_from_db()
    assert entry.voided_at is not None
    assert entry.void_reason == "Impossible timing"
    board = leaderboards.leaderboard_page(challenge=entry.challenge)
    assert [row.score for row in board.results] == [200]
    with pytest.raises(ValueError, match="reason"):
        services.entry_void(entry=entry, reason="  ")


def test_entry_void_keeps_the_first_void_time() -> None:
    entry = EntryFactory()
    services.entry_void(entry=entry, reason="first", now=NOON)
    services.entry_void(entry=entry, reason="second", now=NOON + timedelta(hours=1))
    entry.refresh_from_db()
    assert (entry.voided_at, entry.void_reason) == (NOON, "second")


def test_run_factory_finished_trait_replays() -> None:
    run = RunFactory(finished=True)
    assert run.score == challenge_log_score(run.challenge, run.log)


def test_a_log_postgresql_could_not_store_is_kept_cleaned_and_trimmed() -> None:
    run = _started()
    log = {
        "moves": [{"t": "\x00", "type": "draw", "\x00note": "\ud800", "x": float("inf")}],
        "extra": "x" * 50_000,
    }
    finished = services.run_finish(run=run, log=log, now=NOON)
    stored = Run.objects.get(pk=finished.pk)
    assert stored.status == Run.Status.REJECTED
    assert stored.error is not None and stored.error["code"] == "malformed"
    # Only RULES.md's fields of a move are kept, and cleaned for jsonb.
    assert stored.log == {"moves": [{"t": "\ufffd", "type": "draw"}]}


def test_submits_and_voids_keep_the_challenges_entry_count_and_top_score() -> None:
    first = _finished()
    challenge = first.challenge
    assert (challenge.entry_count, challenge.top_score) == (0, None)
    services.entry_submit(run=first, now=NOON)
    lower = services.run_start(player=UserFactory(), challenge=challenge, now=NOON)
    lower = services.run_finish(run=lower, log=challenge_log(challenge, moves=1), now=NOON)
    assert lower.score is not None and first.score is not None and lower.score < first.score
    services.entry_submit(run=lower, now=NOON)
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (2, first.score)
    services.entry_void(entry=Entry.objects.get(run=first), reason="test")
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (1, lower.score)


def test_score_counts_follow_submits_and_voids() -> None:
    challenge = ChallengeFactory(number=schedule.slot_number(at=NOON))
    runs = [RunFactory(challenge=challenge, finished=True) for _ in range(3)]
    for run in runs:
        services.entry_submit(run=run, now=NOON)
    counts = dict(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries"))
    assert counts == dict(Counter(run.score for run in runs))
    services.entry_void(entry=Entry.objects.get(run=runs[0]), reason="test")
    after = dict(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries"))
    assert after == dict(Counter(run.score for run in runs[1:]))


@pytest.mark.django_db(transaction=True)
def test_simultaneous_submits_at_one_score_are_all_counted(postgres: None) -> None:
    challenge = ChallengeFactory()
    runs = [RunFactory(challenge=challenge, finished=True) for _ in range(12)]
    Run.objects.filter(pk__in=[r.pk for r in runs]).update(score=77)
    barrier = threading.Barrier(len(runs))
    errors: list[BaseException] = []

    def submit(run: Run) -> None:
        try:
            fresh = Run.objects.select_related("challenge").get(pk=run.pk)
            barrier.wait(timeout=30)
            services.entry_submit(run=fresh)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(run,)) for run in runs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert list(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries")) == [
        (77, 12)
    ]
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (12, 77)
