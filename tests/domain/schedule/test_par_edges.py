"""Par's edges (schedule/par.py): a solve racing another, the make-up's budget, clock and
count, the ask's lifetime, and which entries a new par reviews."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from challenges import engine
from challenges.models import Challenge, Entry, OutboxTask
from challenges.schedule import par as par_module
from challenges.schedule.outbox import outbox_drain
from challenges.schedule.par import (
    PAR_JOB,
    challenge_par_request,
    challenge_par_solve,
    challenges_par_missing_solve,
)
from challenges.schedule.services import challenge_ensure
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory
from triominos import RunFeatures

pytestmark = pytest.mark.django_db

BUDGET = 3_000


@pytest.fixture(autouse=True)
def _small_budget(settings: Any) -> None:
    settings.PAR_SOLVER_NODES = BUDGET


def _solver_wrapped(
    monkeypatch: pytest.MonkeyPatch, during: Callable[[dict[str, Any]], None]
) -> list[dict[str, Any]]:
    """The real solver, calling ``during`` with its arguments before it answers: what
    another process does while this one solves. Returns the calls' arguments."""
    calls: list[dict[str, Any]] = []
    solve = engine.par_solve

    def solving(**kwargs: Any) -> Any:
        calls.append(kwargs)
        if len(calls) == 1:
            during(kwargs)
        return solve(**kwargs)

    monkeypatch.setattr(engine, "par_solve", solving)
    return calls


def test_a_solver_asking_while_another_solves_is_kept_out(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    meanwhile: list[Challenge | None] = []
    calls = _solver_wrapped(
        monkeypatch,
        lambda _: meanwhile.append(challenge_par_solve(challenge_id=challenge.pk)),
    )
    solved = challenge_par_solve(challenge_id=challenge.pk)
    assert len(calls) == 1  # the second asker never solved
    assert meanwhile[0] is not None and meanwhile[0].par is None
    assert solved is not None and solved.par is not None


def test_a_par_another_solver_stored_first_is_kept(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    _solver_wrapped(monkeypatch, lambda _: Challenge.objects.filter(pk=challenge.pk).update(par=7))
    solved = challenge_par_solve(challenge_id=challenge.pk)
    assert solved is not None and solved.par == 7
    assert Challenge.objects.get(pk=challenge.pk).par == 7


def test_a_solved_par_is_not_claimed_or_solved_again(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = challenge_par_solve(challenge_id=challenge.pk)
    assert first is not None and first.par is not None
    calls = _solver_wrapped(monkeypatch, lambda _: None)
    again = challenge_par_solve(challenge_id=challenge.pk)
    assert calls == []
    assert again is not None and again.par_claimed_at is None


def test_a_solve_is_logged_with_the_challenge_its_par_and_the_work(
    challenge: Challenge, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger=par_module.__name__):
        solved = challenge_par_solve(challenge_id=challenge.pk)
    assert solved is not None
    [message] = [r.getMessage() for r in caplog.records if r.name == par_module.__name__]
    head, _, work = message.partition(" (")
    assert head == f"par of challenge #{challenge.number}: {solved.par}"
    nodes, _, seconds = work.partition(" nodes, ")
    assert int(nodes) > 0
    assert seconds.endswith(" s)") and float(seconds.removesuffix(" s)")) >= 0


def test_the_make_up_hands_its_budget_to_the_solver(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _solver_wrapped(monkeypatch, lambda _: None)
    assert challenges_par_missing_solve(max_nodes=500) == [challenge.number]
    assert [call["max_nodes"] for call in calls] == [500]


def test_the_make_up_solves_three_at_a_time_by_default() -> None:
    current = slot_number(at=timezone.now())
    for number in range(current - 3, current + 1):
        ChallengeFactory(number=number, deal_seed=number)
    assert challenges_par_missing_solve() == [current, current - 1, current - 2]


def test_the_make_up_judges_claims_by_the_clock_it_is_given(settings: Any) -> None:
    challenge = ChallengeFactory(number=slot_number(at=timezone.now()))
    claimed = timezone.now()
    Challenge.objects.filter(pk=challenge.pk).update(par_claimed_at=claimed)
    # At a moment past the claim's end, as the beat's clock says, the claim is stale.
    later = claimed + timedelta(seconds=settings.PAR_CLAIM_SECONDS, milliseconds=1)
    assert challenges_par_missing_solve(now=later) == [challenge.number]


def test_the_make_up_counts_only_the_pars_it_solved(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    solve = par_module.challenge_par_solve

    def claimed_first(**kwargs: Any) -> Challenge | None:
        # Another solver claims the row between the make-up's query and its claim.
        Challenge.objects.filter(pk=kwargs["challenge_id"]).update(par_claimed_at=timezone.now())
        return solve(**kwargs)

    monkeypatch.setattr(par_module, "challenge_par_solve", claimed_first)
    assert challenges_par_missing_solve() == []
    assert Challenge.objects.get(pk=challenge.pk).par is None


def test_with_par_solving_off_a_new_challenge_asks_for_nothing(settings: Any) -> None:
    settings.PAR_SOLVE = "off"
    challenge_ensure(number=905)
    assert not OutboxTask.objects.filter(name=PAR_JOB).exists()


def test_an_ask_is_forgotten_after_the_claim_time(
    challenge: Challenge, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The process's own cache, on a clock the test moves: Redis keeps its own time.
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "asks"}
    }
    cache.clear()  # a locmem store outlives its settings, in this process and its forks
    settings.PAR_SOLVE = "celery"
    settings.PAR_CLAIM_SECONDS = 60  # not the cache's default lifetime (300 s)
    clock = [time.time()]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    assert challenge_par_request(challenge=challenge) is True
    clock[0] += settings.PAR_CLAIM_SECONDS - 1
    assert challenge_par_request(challenge=challenge) is False
    clock[0] += 1  # a lost ask is made again once the claim time is over
    assert challenge_par_request(challenge=challenge) is True


def _waiting(challenge: Challenge, *, status: str = Entry.Status.LIVE) -> Entry:
    """An entry submitted before its challenge had a par, at the par's score (the par
    holds it as near_par)."""
    entry = EntryFactory(challenge=challenge, score=10_000, status=status)
    features = RunFeatures(
        score=10_000, placements=30, median_gap_ms=2_000, min_gap_ms=900, choices=20,
        solver_matches=5,
    ).to_json(par=None)  # fmt: skip
    Entry.objects.filter(pk=entry.pk).update(features=features)
    entry.refresh_from_db()
    return entry


def test_a_par_reviews_only_its_own_challenges_entries_and_leaves_void_ones(
    challenge: Challenge,
) -> None:
    other = ChallengeFactory(number=challenge.number - 1)
    elsewhere = _waiting(other)
    void = _waiting(challenge, status=Entry.Status.VOID)
    near = _waiting(challenge)
    challenge_par_solve(challenge_id=challenge.pk)
    assert outbox_drain() == 1  # the work after par, in the moderation room
    near.refresh_from_db()
    assert near.status == Entry.Status.HELD  # the review ran
    elsewhere.refresh_from_db()
    assert (elsewhere.status, elsewhere.features["par"]) == (Entry.Status.LIVE, None)
    void.refresh_from_db()
    assert (void.status, void.hold_reasons, void.features["par"]) == (
        Entry.Status.VOID,
        [],
        None,
    )
