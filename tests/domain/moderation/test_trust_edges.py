"""The trust room's fixed lists and spans, pinned by what they do (challenges/moderation/
trust.py): which single-run reasons a moderator's approval waives, which the guard
leaves out below the top, and how far back a run may have started and still overlap.
None of them is a threshold the calibration tunes."""

from __future__ import annotations

from datetime import timedelta

import pytest

from challenges.engine import RULESET
from challenges.models import Challenge
from challenges.moderation.trust import TrustCheck, reasons_waived, runs_overlapping
from tests.factories import RunFactory, UserFactory

SINGLE_RUN = ["near_par", "solver_moves", "solver_like", "fast_pace"]


@pytest.mark.parametrize(
    ("approval_waives", "below_the_guard", "held"),
    [
        (False, False, SINGLE_RUN),
        # An approval waives a score near par and one close to the solver's, never the
        # solver's own first choices, nor a pace no person keeps.
        (True, False, ["solver_moves", "fast_pace"]),
        # Below the guarded top the solver's three measures do not hold; the pace does.
        (False, True, ["fast_pace"]),
        (True, True, ["fast_pace"]),
    ],
)
def test_what_an_approval_and_the_guard_leave_holding(
    approval_waives: bool, below_the_guard: bool, held: list[str]
) -> None:
    check = TrustCheck(approval_waives=approval_waives, below_the_guard=below_the_guard)
    assert reasons_waived(SINGLE_RUN, check=check) == held
    assert reasons_waived(["duplicate_log", *SINGLE_RUN], check=check) == ["duplicate_log", *held]


@pytest.mark.django_db
def test_a_run_overlaps_from_as_long_before_as_a_run_lasts_with_its_grace(
    challenge: Challenge,
) -> None:
    """A run started a whole run's time and grace before this one cannot have been in
    play with it; one started a millisecond later can, up to its last arrival."""
    span_ms = RULESET.time_limit_ms + RULESET.finish_grace_ms
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=30)
    played = RunFactory(
        player=player, challenge=challenge, started_at=start,
        finished_at=start + timedelta(seconds=60), arrivals=[3000, 59000],
    )  # fmt: skip
    # Both have a move arriving a millisecond after this run started.
    too_early = RunFactory(
        player=player, challenge=challenge, arrivals=[span_ms + 1],
        started_at=start - timedelta(milliseconds=span_ms),
    )  # fmt: skip
    within = RunFactory(
        player=player, challenge=challenge, arrivals=[span_ms],
        started_at=start - timedelta(milliseconds=span_ms - 1),
    )  # fmt: skip
    found = {run.pk for run in runs_overlapping(run=played)}
    assert within.pk in found and too_early.pk not in found
