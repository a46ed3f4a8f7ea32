"""Par (services/par.py): solved once per challenge and stored with the solver's log,
asked for when a challenge is made and whenever a page finds none, never solved on the
request path; entries submitted before it are reviewed when it arrives.

The Celery worker's side is in test_tasks.py; here an ask is a row of the outbox (the
broker is never touched), drained here or by the background thread.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from celery import current_app
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from challenges.models import Challenge, Entry, EntryDecision, OutboxTask
from challenges.schedule import par as par_module
from challenges.schedule.background import background_compute, background_idle
from challenges.schedule.outbox import outbox_drain
from challenges.schedule.par import (
    PAR_JOB,
    challenge_par_request,
    challenge_par_solve,
    challenges_par_missing_solve,
)
from challenges.schedule.services import challenge_ensure
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory
from triominos import RunFeatures, replay_challenge, solver_solve

pytestmark = pytest.mark.django_db

BUDGET = 3_000  # nodes: a quick solve, deterministic like any other


@pytest.fixture
def small_budget(settings: Any) -> None:
    settings.PAR_SOLVER_NODES = BUDGET


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Callable[[], list[int]]:
    """Celery mode, with a broker that must never be touched: the challenges whose par
    the outbox asks for."""
    settings.PAR_SOLVE = "celery"

    def broker_touched(name: str, **options: Any) -> None:
        raise AssertionError(f"a request published {name} to the broker")

    monkeypatch.setattr(current_app, "send_task", broker_touched)
    return lambda: [row.kwargs["challenge_id"] for row in OutboxTask.objects.filter(name=PAR_JOB)]


def test_solving_stores_the_solvers_best_run_and_its_log(
    challenge: Challenge, small_budget: None
) -> None:
    solved = challenge_par_solve(challenge_id=challenge.pk)
    assert solved is not None and solved.par is not None
    expected = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET)
    assert solved.par == expected.score
    assert solved.par_log == expected.log
    replayed = replay_challenge(tray=challenge.tray, well=challenge.well, log=solved.par_log)
    assert replayed.valid and replayed.score == solved.par
    assert solved.par_solved_at is not None and solved.par_claimed_at is None


def test_a_par_is_solved_once(challenge: Challenge, small_budget: None) -> None:
    first = challenge_par_solve(challenge_id=challenge.pk)
    assert first is not None
    again = challenge_par_solve(challenge_id=challenge.pk, max_nodes=50_000)
    assert again is not None
    assert (again.par, again.par_solved_at) == (first.par, first.par_solved_at)


def test_a_fresh_claim_keeps_others_out_and_a_stale_one_is_taken_over(
    challenge: Challenge, small_budget: None, settings: Any
) -> None:
    now = timezone.now()
    Challenge.objects.filter(pk=challenge.pk).update(par_claimed_at=now - timedelta(seconds=10))
    busy = challenge_par_solve(challenge_id=challenge.pk, now=now)
    assert busy is not None and busy.par is None
    later = now + timedelta(seconds=settings.PAR_CLAIM_SECONDS)
    taken = challenge_par_solve(challenge_id=challenge.pk, now=later)
    assert taken is not None and taken.par is not None


def test_an_unknown_challenge_has_no_par() -> None:
    assert challenge_par_solve(challenge_id=123_456) is None


def test_a_challenge_made_asks_for_its_par_in_its_own_transaction(
    asked: Callable[[], list[int]],
) -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        challenge_ensure(number=901)
        assert asked() == [901]
        raise RuntimeError("the challenge's transaction rolls back")
    assert asked() == []  # neither the row nor its ask
    made = challenge_ensure(number=900)
    assert asked() == [made.pk]
    challenge_ensure(number=900)  # already made: nothing to ask
    assert asked() == [made.pk]


def test_asking_again_soon_adds_nothing(
    asked: Callable[[], list[int]], challenge: Challenge
) -> None:
    assert challenge_par_request(challenge=challenge) is True
    assert challenge_par_request(challenge=challenge) is False
    assert asked() == [challenge.pk]


def test_asking_while_a_row_waits_adds_no_second_row(
    asked: Callable[[], list[int]], challenge: Challenge
) -> None:
    assert challenge_par_request(challenge=challenge) is True
    cache.clear()  # another process, or Redis emptied: the cache forgot the ask
    assert challenge_par_request(challenge=challenge) is True
    assert asked() == [challenge.pk]


def test_nothing_is_asked_with_a_par_or_with_par_solving_off(
    asked: Callable[[], list[int]], challenge: Challenge, settings: Any
) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(par=100)
    challenge.refresh_from_db()
    assert challenge_par_request(challenge=challenge) is False
    other = ChallengeFactory(number=challenge.number - 1)
    settings.PAR_SOLVE = "off"
    assert challenge_par_request(challenge=other) is False
    assert asked() == []


def test_pages_and_the_api_ask_for_a_missing_par_without_the_broker(
    asked: Callable[[], list[int]], challenge: Challenge, client: Any
) -> None:
    assert client.get("/play/").status_code == 200
    assert asked() == [challenge.pk]
    older = ChallengeFactory(number=challenge.number - 1)
    assert client.get("/api/challenges/").status_code == 200
    assert client.get(f"/challenges/{older.pk}/").status_code == 200
    assert set(asked()) == {challenge.pk, older.pk}


def test_the_drain_solves_what_was_asked_and_empties_the_outbox(
    asked: Callable[[], list[int]], challenge: Challenge, small_budget: None
) -> None:
    challenge_par_request(challenge=challenge)
    assert outbox_drain() == 2  # the par, then the work after it (the entries' review)
    assert asked() == []
    expected = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET)
    assert Challenge.objects.get(pk=challenge.pk).par == expected.score
    assert outbox_drain() == 0


def test_a_job_that_fails_stays_and_is_tried_again_later(
    asked: Callable[[], list[int]],
    challenge: Challenge,
    small_budget: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    challenge_par_request(challenge=challenge)

    def solver_down(**kwargs: Any) -> None:
        raise ConnectionError("the database went away mid-job")

    monkeypatch.setattr(par_module, "challenge_par_solve", solver_down)
    now = timezone.now()
    assert outbox_drain(now=now) == 0
    assert asked() == [challenge.pk]
    assert outbox_drain(now=now + timedelta(seconds=5)) == 0  # not before its pause
    monkeypatch.undo()
    assert outbox_drain(now=now + timedelta(minutes=5)) == 2  # and the work after par
    assert Challenge.objects.get(pk=challenge.pk).par is not None


def test_a_claimed_row_is_left_to_its_drainer_until_the_claim_runs_out(
    asked: Callable[[], list[int]], challenge: Challenge, small_budget: None
) -> None:
    challenge_par_request(challenge=challenge)
    now = timezone.now()
    OutboxTask.objects.update(claimed_until=now + timedelta(minutes=1))
    assert outbox_drain(now=now) == 0
    assert outbox_drain(now=now + timedelta(minutes=2)) == 2  # and the work after par


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_par_is_solved_on_the_background_thread(
    settings: Any, small_budget: None
) -> None:
    settings.PAR_SOLVE = "thread"
    challenge = ChallengeFactory()
    assert challenge_par_request(challenge=challenge) is True
    assert background_idle(timeout=60), "the background thread never finished"
    expected = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET)
    assert Challenge.objects.get(pk=challenge.pk).par == expected.score


def test_the_par_is_solved_in_a_child_process_not_in_the_web_process(
    settings: Any, small_budget: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solve takes seconds of CPU: under PAR_SOLVE=thread it runs in a child process
    (background_compute), never in the process that serves pages."""
    from challenges.schedule import par

    settings.PAR_SOLVE = "thread"
    children: list[str] = []

    def child_compute(function: Any, /, **kwargs: Any) -> Any:
        children.append(function.__name__)
        return background_compute(function, **kwargs)

    monkeypatch.setattr(par, "background_compute", child_compute)
    challenge = ChallengeFactory()
    solved = par.challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert solved is not None and solved.par is not None
    assert children == ["par_solve"]


def test_the_make_up_solves_the_newest_missing_pars_first(small_budget: None) -> None:
    current = slot_number(at=timezone.now())
    for number in (current - 3, current - 2, current - 1, current, current + 1, current + 5):
        ChallengeFactory(number=number, deal_seed=number)
    Challenge.objects.filter(number=current - 1).update(par=50)
    solved = challenges_par_missing_solve(limit=3)
    # The next slot (it opens within a day), the current one, then the past: not the
    # slot five ahead, nor the one that has its par.
    assert solved == [current + 1, current, current - 2]
    assert challenges_par_missing_solve(limit=3) == [current - 3]


# --- the entries submitted before par ---------------------------------------------------


def _waiting(challenge: Challenge, score: int, *, matches: int = 5) -> Entry:
    """An entry as submitted before its challenge had a par: measured, not compared."""
    entry = EntryFactory(challenge=challenge, score=score)
    features = RunFeatures(
        score=score,
        placements=30,
        median_gap_ms=2_000,
        min_gap_ms=900,
        choices=20,
        solver_matches=matches,
    ).to_json(par=None)
    Entry.objects.filter(pk=entry.pk).update(features=features)
    entry.refresh_from_db()
    return entry


def test_the_par_reviews_the_entries_submitted_before_it(
    challenge: Challenge, small_budget: None, settings: Any
) -> None:
    settings.REVIEW_PAR_RATIO, settings.REVIEW_SOLVER_LIKE = 0.85, 1.6
    settings.REVIEW_SOLVER_MATCH, settings.REVIEW_SOLVER_MATCH_CHOICES = 0.95, 8
    par = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET).score
    near = _waiting(challenge, score=par)
    far = _waiting(challenge, score=par // 3)
    # 0.72 of par with 18 of 20 placements the solver's: each alone within people's reach.
    alike = _waiting(challenge, score=math.ceil(par * 0.72), matches=18)
    approved = _waiting(challenge, score=par + 1)
    EntryDecision.objects.create(
        entry=approved,
        verdict=EntryDecision.Verdict.APPROVE,
        decided_by=UserFactory(),
        decided_at=timezone.now(),
        reason="Known player.",
    )
    old = EntryFactory(challenge=challenge, score=par + 2)  # before the review existed
    challenge_par_solve(challenge_id=challenge.pk)
    assert outbox_drain() == 1  # the work after par, in the moderation room

    near.refresh_from_db()
    assert near.status == Entry.Status.HELD
    assert near.hold_reasons == [Entry.HoldReason.NEAR_PAR.value]
    assert near.features["par"] == par and near.features["par_ratio"] == 1.0
    far.refresh_from_db()
    assert far.status == Entry.Status.LIVE and far.features["par_ratio"] < 0.4
    alike.refresh_from_db()
    assert alike.status == Entry.Status.HELD
    assert alike.hold_reasons == [Entry.HoldReason.SOLVER_LIKE.value]
    approved.refresh_from_db()
    assert approved.status == Entry.Status.LIVE and approved.features["par"] is None
    old.refresh_from_db()
    assert old.status == Entry.Status.LIVE
    challenge.refresh_from_db()
    assert challenge.entry_count == 3  # the held ones left the board's count
