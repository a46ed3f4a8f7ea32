"""The review of runs no person plays, at submit: measure the run against the solver
and say why a person should look at it before it reaches a board.

The features and the rules are the engine's (``rules/review.py``); the thresholds are
settings (``REVIEW_*``), chosen by ``tests/benchmarks/review_calibration.py`` (its table
is in docs/solver.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from challenges import engine
from challenges.models import Entry, Run
from challenges.play.selectors import run_valid_log


@dataclass(frozen=True)
class RunReview:
    """A submitted run's features (stored on its entry) and the reasons to hold it."""

    features: dict[str, object]
    reasons: tuple[str, ...]


def review_thresholds() -> engine.ReviewThresholds:
    return engine.ReviewThresholds(
        par_ratio=settings.REVIEW_PAR_RATIO,
        solver_match=settings.REVIEW_SOLVER_MATCH,
        solver_match_choices=settings.REVIEW_SOLVER_MATCH_CHOICES,
        solver_like=settings.REVIEW_SOLVER_LIKE,
        median_gap_ms=settings.REVIEW_MEDIAN_GAP_MS,
        min_gap_ms=settings.REVIEW_MIN_GAP_MS,
        pace_placements=settings.REVIEW_PACE_PLACEMENTS,
    )


_HOLD = {
    "near_par": Entry.HoldReason.NEAR_PAR,
    "solver_moves": Entry.HoldReason.SOLVER_MOVES,
    "solver_like": Entry.HoldReason.SOLVER_LIKE,
    "fast_pace": Entry.HoldReason.FAST_PACE,
}
_MEASURED = ("score", "placements", "median_gap_ms", "min_gap_ms", "choices", "solver_matches")


def run_placements_seen(*, run: Run) -> list[engine.PlacementSeen]:
    """The finished, valid ``run``'s placements with what each position offered: walked
    once for the review and the timing measure."""
    challenge = run.challenge
    return engine.log_placements_seen(
        tray=challenge.tray,
        well=challenge.well,
        log=run_valid_log(run=run),
        rules_version=challenge.rules_version,
    )


def run_review(*, run: Run, seen: list[engine.PlacementSeen]) -> RunReview:
    """Measure the finished, valid ``run`` (its ``run_placements_seen``: ``seen``)
    against its challenge's par and the solver's first choices. Without a par yet, the
    score is not compared (the par's arrival reviews it then, ``schedule/par.py``)."""
    challenge = run.challenge
    features = engine.log_features(
        tray=challenge.tray,
        well=challenge.well,
        log=run_valid_log(run=run),
        rules_version=challenge.rules_version,
        # The witness scored each valid move as it came: the log is not replayed again.
        points=[result["points"] for result in run.move_results],
        seen=seen,
    )
    return _reviewed(features, par=challenge.par)


def features_review(*, features: dict[str, object], par: int) -> RunReview:
    """Review again, against a par that was not known at submit, the features stored
    then (``Entry.features``): the par's arrival (``schedule/par.py``)."""
    measured = {name: features[name] for name in _MEASURED}
    return _reviewed(engine.RunFeatures(**measured), par=par)  # type: ignore[arg-type]


def _reviewed(features: engine.RunFeatures, *, par: int | None) -> RunReview:
    reasons = engine.review_reasons(features, par=par, thresholds=review_thresholds())
    return RunReview(
        features=features.to_json(par=par),
        reasons=tuple(_HOLD[reason].value for reason in reasons),
    )
