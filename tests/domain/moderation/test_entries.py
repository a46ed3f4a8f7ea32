from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connections

from challenges.boards.leaderboards import leaderboard_page
from challenges.errors import (
    EntriesClosed,
    EntryAlreadySubmitted,
    GuestRunNotSubmittable,
    RunNotFound,
    RunNotSubmittable,
)
from challenges.models import Entry, EntryDecision, Guest, PlayerRecord, Run, ScoreCount
from challenges.moderation.entries import entry_submit, entry_void
from challenges.moderation.near_copy import run_placements
from challenges.play.services import run_finish, run_start
from challenges.slots import slot_number
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
)
from tests.playing import run_played

pytestmark = pytest.mark.django_db


NOON = at("2026-11-21T12:00:00")


def _started(now=NOON) -> Run:  # type: ignore[no-untyped-def]
    challenge = ChallengeFactory(number=slot_number(at=now))
    return run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=now)


def _finished(now=NOON, player=None) -> Run:  # type: ignore[no-untyped-def]
    challenge = ChallengeFactory(number=slot_number(at=now))
    run = run_start(player_id=(player or UserFactory()).pk, challenge_id=challenge.pk, now=now)
    return run_played(run, challenge_log(challenge, moves=8, step_ms=1500))


def test_entry_submit_makes_the_run_the_players_entry() -> None:
    run = _finished()
    entry = entry_submit(run_id=run.pk, player_id=run.player_id, now=NOON + timedelta(minutes=1))
    assert (entry.challenge_id, entry.player_id, entry.run_id) == (
        run.challenge_id,
        run.player_id,
        run.pk,
    )
    assert entry.score == run.score
    assert entry.submitted_at == NOON + timedelta(minutes=1)


def test_a_live_entry_is_added_to_its_players_record_with_its_challenge_and_score() -> None:
    """The record the player's page reads is written by the submit itself (one statement
    on PostgreSQL, the ORM elsewhere): the challenge's number, when, live; the best."""
    run = _finished()
    at_time = NOON + timedelta(minutes=2)
    entry = entry_submit(run_id=run.pk, player_id=run.player_id, now=at_time)
    assert entry.is_live
    record = PlayerRecord.objects.get(player_id=run.player_id)
    millis = int(at_time.timestamp() * 1000)
    assert record.submissions == [[run.challenge.number, millis, 1]]
    assert (record.played, record.best_score) == (1, run.score)


def test_a_player_submits_once_per_challenge_whichever_run() -> None:
    first = _finished()
    entry_submit(run_id=first.pk, player_id=first.player_id, now=NOON)
    second = run_start(player_id=first.player.pk, challenge_id=first.challenge.pk, now=NOON)
    second = run_played(second, challenge_log(first.challenge, moves=3))
    with pytest.raises(EntryAlreadySubmitted):
        entry_submit(run_id=second.pk, player_id=second.player_id, now=NOON)
    assert Entry.objects.count() == 1


def test_unfinished_and_rejected_runs_cannot_be_submitted() -> None:
    started = _started()
    with pytest.raises(RunNotSubmittable, match=r"^Finish this run before submitting it\.$"):
        entry_submit(run_id=started.pk, player_id=started.player_id, now=NOON)
    rejected = run_finish(run_id=started.pk, player_id=started.player_id, log=[], now=NOON).run
    with pytest.raises(
        RunNotSubmittable, match=r"^This run was rejected, so it cannot be submitted\.$"
    ):
        entry_submit(run_id=rejected.pk, player_id=rejected.player_id, now=NOON)
    assert not Entry.objects.exists()


def test_an_entry_on_one_challenge_does_not_stop_a_submit_on_the_next() -> None:
    earlier = _finished()
    entry_submit(run_id=earlier.pk, player_id=earlier.player_id, now=NOON)
    # The same player, eight hours later: the next slot's challenge.
    later_noon = NOON + timedelta(hours=8)
    later = _finished(now=later_noon, player=earlier.player)
    assert later.challenge_id != earlier.challenge_id
    entry = entry_submit(run_id=later.pk, player_id=later.player_id, now=later_noon)
    assert entry.challenge_id == later.challenge_id
    assert sorted(Entry.objects.values_list("challenge_id", flat=True)) == sorted(
        [earlier.challenge_id, later.challenge_id]
    )


def test_another_players_run_is_not_found_for_a_submit() -> None:
    run = _finished()
    stranger = UserFactory()
    with pytest.raises(RunNotFound, match=r"^You have no run with this id\.$"):
        entry_submit(run_id=run.pk, player_id=stranger.pk, now=NOON)
    assert not Entry.objects.exists()


def test_a_guests_run_is_refused() -> None:
    run = _finished()
    Guest.objects.create(user=run.player, created_at=NOON)
    with pytest.raises(GuestRunNotSubmittable):
        entry_submit(run_id=run.pk, player_id=run.player_id, now=NOON)
    assert not Entry.objects.exists()


def test_entries_close_with_the_challenge_plus_the_grace() -> None:
    run = _finished()
    # The results time: the close, plus a run's two minutes, plus the finish grace.
    assert run.challenge.results_at == run.challenge.closes_at + timedelta(seconds=130)
    # Slot 973 runs 08:00-16:00 UTC; its results time is 16:02:10.
    assert run.challenge.number == 973
    closed = r"^Challenge #973 stopped taking entries at 2026-11-21 16:02:10 UTC\.$"
    with pytest.raises(EntriesClosed, match=closed):
        entry_submit(
            run_id=run.pk,
            player_id=run.player_id,
            now=run.challenge.results_at + timedelta(milliseconds=1),
        )
    entry = entry_submit(run_id=run.pk, player_id=run.player_id, now=run.challenge.results_at)
    assert entry.pk is not None


def test_entry_void_takes_the_entry_off_the_board_and_keeps_it() -> None:
    entry = EntryFactory(score=300)
    EntryFactory(challenge=entry.challenge, score=200)
    entry_void(entry_id=entry.pk, reason="Impossible timing")
    entry.refresh_from_db()
    assert entry.voided_at is not None
    assert entry.void_reason == "Impossible timing"
    board = leaderboard_page(challenge=entry.challenge)
    assert [row.score for row in board.results] == [200]
    with pytest.raises(ValueError, match=r"^a voided entry needs a reason$"):
        entry_void(entry_id=entry.pk, reason="  ")


def test_a_void_written_for_the_record_only_is_not_shown_to_the_player() -> None:
    entry = EntryFactory()
    entry_void(entry_id=entry.pk, reason="Held: pace 140 ms, solver 0.97", player_reads=False)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.VOID
    # The board quotes void_reason to the player: empty, they read only "voided".
    assert entry.void_reason == ""
    decision = EntryDecision.objects.get(entry=entry)
    assert (decision.verdict, decision.reason) == ("void", "Held: pace 140 ms, solver 0.97")


def test_entry_void_keeps_the_first_void_time() -> None:
    entry = EntryFactory()
    entry_void(entry_id=entry.pk, reason="first", now=NOON)
    entry_void(entry_id=entry.pk, reason="second", now=NOON + timedelta(hours=1))
    entry.refresh_from_db()
    assert (entry.voided_at, entry.void_reason) == (NOON, "second")


def test_submits_and_voids_keep_the_challenges_entry_count_and_top_score() -> None:
    first = _finished()
    challenge = first.challenge
    assert (challenge.entry_count, challenge.top_score) == (0, None)
    entry_submit(run_id=first.pk, player_id=first.player_id, now=NOON)
    lower = run_start(player_id=UserFactory().pk, challenge_id=challenge.pk, now=NOON)
    lower = run_finish(
        run_id=lower.pk, player_id=lower.player_id, log=challenge_log(challenge, moves=1), now=NOON
    ).run
    assert lower.score is not None and first.score is not None and lower.score < first.score
    entry_submit(run_id=lower.pk, player_id=lower.player_id, now=NOON)
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (2, first.score)
    entry_void(entry_id=Entry.objects.get(run=first).pk, reason="test")
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (1, lower.score)


def test_score_counts_follow_submits_and_voids() -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    # Variants named: the factory's next ones may play a log turned from another's,
    # held as its copy and counted nowhere, after other tests made runs.
    runs = [RunFactory(challenge=challenge, finished=True, variant=n) for n in range(3)]
    for run in runs:
        entry_submit(run_id=run.pk, player_id=run.player_id, now=NOON)
    assert all(entry.is_live for entry in Entry.objects.filter(challenge=challenge))
    counts = dict(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries"))
    assert counts == dict(Counter(run.score for run in runs))
    entry_void(entry_id=Entry.objects.get(run=runs[0]).pk, reason="test")
    after = dict(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries"))
    assert after == dict(Counter(run.score for run in runs[1:]))


def _submitted_at_once(runs: list[Run]) -> None:
    """Each run submitted from a thread of its own, all released at one moment (each
    thread's connection opened before, so that none lags behind its connecting)."""
    barrier = threading.Barrier(len(runs))
    errors: list[BaseException] = []

    def submit(run: Run) -> None:
        try:
            Run.objects.filter(pk=run.pk).exists()
            barrier.wait(timeout=30)
            entry_submit(run_id=run.pk, player_id=run.player_id)
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


@pytest.mark.django_db(transaction=True)
def test_simultaneous_submits_of_the_same_moves_make_one_live_entry(postgres: None) -> None:
    """Players who send one log at the same moment take turns on its hash: the first
    entry is live, every other is held as a copy, however they interleave."""
    challenge = ChallengeFactory()
    one_log = [RunFactory(challenge=challenge, finished=True, variant=7) for _ in range(8)]
    _submitted_at_once(one_log)
    entries = Entry.objects.filter(challenge=challenge)
    assert sorted(entries.values_list("status", flat=True)) == ["held"] * 7 + ["live"]
    for held in entries.filter(status=Entry.Status.HELD):
        assert Entry.HoldReason.DUPLICATE_LOG.value in held.hold_reasons


@pytest.mark.django_db(transaction=True)
def test_simultaneous_submits_at_one_score_are_all_counted(postgres: None) -> None:
    challenge = ChallengeFactory()
    # Variants three apart open with another tile: 0, 1 and 2 open with one tile turned,
    # the same run turned about the first cell, which the submit holds as a copy.
    runs = [RunFactory(challenge=challenge, finished=True, variant=3 * n) for n in range(12)]
    Run.objects.filter(pk__in=[r.pk for r in runs]).update(score=77)
    _submitted_at_once(runs)
    assert list(ScoreCount.objects.filter(challenge=challenge).values_list("score", "entries")) == [
        (77, 12)
    ]
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (12, 77)


def test_a_submitted_entry_keeps_its_runs_placements_and_hard_mode() -> None:
    """The entry keeps the run's placements (a later submit's near-copy check reads
    them) and that it was played in hard mode (the boards mark it)."""
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    for hard in (True, False):
        player = UserFactory()
        run = run_start(player_id=player.pk, challenge_id=challenge.pk, hard=hard, now=NOON)
        run = run_played(run, challenge_log(challenge, moves=8, step_ms=1500))
        entry = entry_submit(run_id=run.pk, player_id=player.pk, now=NOON + timedelta(minutes=1))
        entry.refresh_from_db()
        assert entry.hard is hard
        assert entry.placements == ";".join(run_placements(run=run)) != ""


@pytest.mark.trust
def test_a_submit_below_the_guard_beside_the_players_own_run_is_held(settings) -> None:  # type: ignore[no-untyped-def]
    """The run's read says the player had another run in play beside it (a second
    window, started and never played): held, at any rank."""
    settings.TRUST_TOP, settings.TRUST_GUARD_SHARE, settings.TRUST_OVERLAPPING_RUNS = 10, 0.7, True
    settings.TRUST_NEAR_COPY_SHARE, settings.TRUST_TIMING_SPREAD = 0.7, 0
    challenge = ChallengeFactory(number=slot_number(at=NOON), par=100_000)
    player = UserFactory()
    run = run_start(player_id=player.pk, challenge_id=challenge.pk, now=NOON)
    run_start(player_id=player.pk, challenge_id=challenge.pk, now=NOON + timedelta(seconds=5))
    run = run_played(run, challenge_log(challenge, moves=8, step_ms=1500))
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=NOON + timedelta(minutes=1))
    assert entry.status == "held" and entry.hold_reasons == ["overlapping_runs"]
