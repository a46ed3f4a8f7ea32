"""A solver's claim on a par (schedule/par.py): fresh for ``PAR_CLAIM_SECONDS``, to the
millisecond, in the solve and in the beat's make-up alike. A make-up that took over a
fresh claim would solve a par twice at once; one that skipped a stale claim would leave
a challenge whose solver died without a par."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from challenges.models import Challenge
from challenges.schedule.par import challenge_par_solve, challenges_par_missing_solve
from challenges.slots import slot_number
from tests.factories import ChallengeFactory

pytestmark = pytest.mark.django_db

BUDGET = 3_000


@pytest.fixture(autouse=True)
def _small_budget(settings: Any) -> None:
    settings.PAR_SOLVER_NODES = BUDGET


def _claimed(challenge: Challenge, at: object) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(par_claimed_at=at)


def test_a_claim_is_fresh_up_to_its_last_moment_and_stale_a_moment_later(
    challenge: Challenge, settings: Any
) -> None:
    now = timezone.now()
    claim = timedelta(seconds=settings.PAR_CLAIM_SECONDS)
    _claimed(challenge, now - claim)
    busy = challenge_par_solve(challenge_id=challenge.pk, now=now)
    assert busy is not None and busy.par is None
    assert busy.par_claimed_at == now - claim  # the fresh claim is left as it was
    later = now + timedelta(milliseconds=1)
    taken = challenge_par_solve(challenge_id=challenge.pk, now=later)
    assert taken is not None and taken.par is not None and taken.par_claimed_at is None


def test_the_make_up_passes_over_a_fresh_claim_to_the_next_missing_par(
    settings: Any,
) -> None:
    current = slot_number(at=timezone.now())
    newest = ChallengeFactory(number=current + 1, deal_seed=current + 1)
    older = ChallengeFactory(number=current, deal_seed=current)
    now = timezone.now()
    claim = timedelta(seconds=settings.PAR_CLAIM_SECONDS)
    _claimed(newest, now - claim)  # still fresh: its solver is at work

    assert challenges_par_missing_solve(limit=1, now=now) == [current]
    assert Challenge.objects.get(pk=newest.pk).par is None
    assert Challenge.objects.get(pk=older.pk).par is not None
    # A moment later the claim is stale: the make-up takes it over.
    later = now + timedelta(milliseconds=1)
    assert challenges_par_missing_solve(limit=1, now=later) == [current + 1]
