"""The review of runs no person plays: what a valid run's moves say about who played it.

A script can play at a human pace with a solver's moves; no rule of the game tells
that run from a brilliant player's. What can is a comparison with the solver, and then
a person must look. :func:`run_features` measures a run:

- its score (beside par, the solver's best, as a fraction: :meth:`RunFeatures.par_ratio`);
- the median and the smallest time between two placements (``t`` of a placement minus
  ``t`` of the placement before it, draws between them included);
- the share of its placements that scored what the solver's first choice in that
  position scores. The solver ranks the children of a position by their points (see
  ``solver.py``), so its first choice is the highest-scoring legal placement; a
  placement that scores as much is the same choice for that ranking (which of several
  equal placements comes first is only the engine's order). Only placements made where
  the position offered different points count (:attr:`RunFeatures.choices`): when every
  legal placement scores the same, or only one fits, every player "agrees" with the
  solver and the agreement says nothing.

:func:`review_reasons` compares the features with :class:`ReviewThresholds` and answers
the reasons to hold the entry for a person to look at, in :data:`REVIEW_REASONS` order.
The thresholds are chosen by a calibration benchmark (``tests/benchmarks/
review_calibration.py``, its table in docs/solver.md).

Pure: no Django, nothing of the project beyond the engine.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from triominos.placement_walk import PlacementSeen, placements_seen
from triominos.replay import replay_challenge
from triominos.ruleset import DEFAULT_RULESET, Ruleset

__all__ = [
    "REVIEW_REASONS",
    "ReviewReason",
    "ReviewThresholds",
    "RunFeatures",
    "review_reasons",
    "run_features",
]

ReviewReason = Literal["near_par", "solver_moves", "solver_like", "fast_pace"]
REVIEW_REASONS: tuple[ReviewReason, ...] = ("near_par", "solver_moves", "solver_like", "fast_pace")
"""``near_par``: a score at or above ``par_ratio`` of par; ``solver_moves``: the share of
placements matching the solver's first choice at or above ``solver_match``;
``solver_like``: the two together (score / par + that share) at or above
``solver_like``; ``fast_pace``: placements quicker than people place tiles."""


@dataclass(frozen=True, slots=True)
class RunFeatures:
    """What :func:`run_features` measured of one valid run."""

    score: int
    placements: int
    median_gap_ms: int | None
    """Median time between two placements; None with fewer than two placements."""
    min_gap_ms: int | None
    choices: int
    """Placements made where the legal placements offered different points."""
    solver_matches: int
    """Of those, placements that scored the solver's first choice's points."""

    @property
    def solver_match(self) -> float | None:
        """The share of :attr:`choices` that matched the solver's first choice."""
        return self.solver_matches / self.choices if self.choices else None

    def par_ratio(self, par: int | None) -> float | None:
        """The score as a fraction of ``par``; None without a (positive) par."""
        return self.score / par if par is not None and par > 0 else None

    def to_json(self, *, par: int | None) -> dict[str, object]:
        ratio = self.par_ratio(par)
        share = self.solver_match
        return {
            "score": self.score,
            "par": par,
            "par_ratio": None if ratio is None else round(ratio, 4),
            "placements": self.placements,
            "median_gap_ms": self.median_gap_ms,
            "min_gap_ms": self.min_gap_ms,
            "choices": self.choices,
            "solver_matches": self.solver_matches,
            "solver_match": None if share is None else round(share, 4),
        }


@dataclass(frozen=True, slots=True)
class ReviewThresholds:
    """Where a run stops looking like a person's (each a setting of the service).

    A run is held when its score is at least ``par_ratio`` of par; when at least
    ``solver_match`` of its placements matched the solver's first choice, over at least
    ``solver_match_choices`` placements with a choice (fewer say too little); when its
    score as a fraction of par plus that share reach ``solver_like`` (each alone within
    what people do, together beyond: a solver playing at a person's pace scores about
    0.7 of par with 0.9 of its placements the first choice, the best people 0.55 with
    0.75; same choices minimum); or, for a run of at least ``pace_placements`` placements
    (a handful of quick ones is no pace), when the median time between its placements is
    under ``median_gap_ms`` or two of them came under ``min_gap_ms`` apart. 0 turns a time
    rule off.
    """

    par_ratio: float
    solver_match: float
    solver_match_choices: int
    solver_like: float
    median_gap_ms: int
    min_gap_ms: int
    pace_placements: int


def run_features(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    ruleset: Ruleset = DEFAULT_RULESET,
    points: Sequence[int] | None = None,
    seen: Sequence[PlacementSeen] | None = None,
) -> RunFeatures:
    """Measure the valid run ``log`` of the challenge ``tray`` + ``well``.

    ``points``: each move's points as the witness scored it, where the caller keeps
    them (a finished run's record): the log is then taken as the valid run that scored
    them, not replayed again. Without them, ValueError when the run does not replay
    valid (only valid runs are entries). ``seen``: the run's ``placements_seen``, when
    the caller walked it already (for the timing measure too)."""
    assert isinstance(log, dict)
    if points is None:
        result = replay_challenge(tray=tray, well=well, log=log, ruleset=ruleset)
        if result.error is not None:  # a replay is valid exactly when it has no error
            raise ValueError(f"not a valid run: {result.error.detail}")
        points = [outcome.points for outcome in result.moves]
    if len(points) != len(log["moves"]):
        raise ValueError("not a valid run: a move without its points")
    if seen is None:
        seen = placements_seen(tray=tray, well=well, moves=log["moves"], ruleset=ruleset)
    # The placement that puts the last tile down scores the clear bonus besides.
    to_place = len(tray) + len(well)
    choices = matches = 0
    for placement in seen:
        to_place -= 1
        scored = points[placement.move]
        made = scored if to_place else scored - ruleset.clear_bonus
        # The clear bonus would be on every option alike: the range leaves it out.
        span = placement.points_range
        if span is not None and span[0] != span[1]:
            choices += 1
            matches += made == span[1]
    gaps = [later.t - earlier.t for earlier, later in itertools.pairwise(seen)]
    return RunFeatures(
        score=sum(points),
        placements=len(seen),
        median_gap_ms=round(statistics.median(gaps)) if gaps else None,
        min_gap_ms=min(gaps) if gaps else None,
        choices=choices,
        solver_matches=matches,
    )


def review_reasons(
    features: RunFeatures, *, par: int | None, thresholds: ReviewThresholds
) -> tuple[ReviewReason, ...]:
    """Why a person should look at this run before it reaches a board (none: it goes
    live), in :data:`REVIEW_REASONS` order."""
    reasons: list[ReviewReason] = []
    ratio = features.par_ratio(par)
    if ratio is not None and ratio >= thresholds.par_ratio:
        reasons.append("near_par")
    share = features.solver_match
    judged = share is not None and features.choices >= thresholds.solver_match_choices
    if judged and share is not None and share >= thresholds.solver_match:
        reasons.append("solver_moves")
    if (
        judged
        and share is not None
        and ratio is not None
        and ratio + share >= thresholds.solver_like
    ):
        reasons.append("solver_like")
    median, smallest = features.median_gap_ms, features.min_gap_ms
    paced = features.placements >= thresholds.pace_placements
    if paced and (
        (median is not None and median < thresholds.median_gap_ms)
        or (smallest is not None and smallest < thresholds.min_gap_ms)
    ):
        reasons.append("fast_pace")
    return tuple(reasons)
