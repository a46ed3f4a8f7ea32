"""The calibration of the review of runs, small: one deal, a small solver budget, two
runs per person. Its checks only (``make calibrate`` prints the figures, docs/solver.md
keeps them): every simulated entry is one the server takes (valid, witnessed, paced),
people score below par and the solver's own run is held, and the tables are drawn."""

from __future__ import annotations

from tests.benchmarks.review_calibration import (
    PEOPLE,
    PRODIGIES,
    SCRIPTED,
    deal_entries,
    held,
    kinds_table,
    sweep_table,
)
from tests.engine.humans import HUMANS, SCRIPTS
from triominos import ReviewThresholds

THRESHOLDS = ReviewThresholds(
    par_ratio=0.85,
    solver_match=0.95,
    solver_match_choices=8,
    solver_like=1.6,
    median_gap_ms=800,
    min_gap_ms=0,
    pace_placements=10,
)


def test_one_deal_small() -> None:
    entries = deal_entries(1000, budget=5_000, runs_cap=2)
    kinds = [(e.group, e.kind) for e in entries]
    assert kinds == (
        [(PEOPLE, kind.name) for kind in HUMANS]
        + [(PRODIGIES, "prodigy, fast")]
        + [(SCRIPTED, name) for name in SCRIPTS]
    )
    par = entries[0].par
    assert all(e.par == par for e in entries)
    people = [e for e in entries if e.group == PEOPLE]
    assert all(e.features.placements > 0 and e.features.score < par for e in people)
    solver = next(e for e in entries if e.kind == "solver, its own pace")
    assert solver.features.score == par
    assert "near_par" in held(solver, THRESHOLDS)
    quick = next(e for e in entries if e.kind == "solver, quick")
    assert "fast_pace" in held(quick, THRESHOLDS)
    table = kinds_table(entries, THRESHOLDS)
    assert len(table) == 2 + len(entries)
    sweep = sweep_table(entries, THRESHOLDS, (0.8, 0.9), (1.6, 9.0))
    assert len(sweep) == 2 + 4
