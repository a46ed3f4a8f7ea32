"""witness.json: eligibility, the sequence of a log, and the review of runs.

Each case sits on an edge a bug would move: a threshold met exactly and missed by one,
a pace measured from a placement that is not at t=0, a cell whose row and column
differ. The pace cases are also read by the browser's pace guard (tests/js/).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from tools.vectors.cases import Case, VectorError
from triominos.review import ReviewThresholds, RunFeatures, review_reasons, run_features
from triominos.ruleset import DEFAULT_RULESET
from triominos.witness import eligibility_check, moves_sequence

__all__ = ["REVIEW_THRESHOLDS", "witness_cases"]

FLOOR = DEFAULT_RULESET.pace_floor_ms
WINDOW = DEFAULT_RULESET.witness_window_ms

# Round numbers, so that each edge is an exact product (0.75 * 400 = 300).
REVIEW_THRESHOLDS = ReviewThresholds(
    par_ratio=0.75,
    solver_match=0.9,
    solver_match_choices=12,
    solver_like=1.5,
    median_gap_ms=800,
    min_gap_ms=300,
    pace_placements=10,
)
_FEATURES = RunFeatures(
    score=200, placements=30, median_gap_ms=2_000, min_gap_ms=700, choices=20, solver_matches=10
)
_PAR = 400


def _place(t: int, cell: Sequence[int] = (0, 0), tile: str = "0-0-0") -> dict[str, Any]:
    return {"t": t, "type": "place", "tile": tile, "cell": list(cell), "rotation": 0}


def _draw(t: int) -> dict[str, Any]:
    return {"t": t, "type": "draw"}


def witness_cases(replays: Sequence[Case]) -> list[Case]:
    return [*_eligibility_cases(), *_sequence_cases(), *_review_cases(), *_features_cases(replays)]


def _eligibility_case(
    name: str,
    moves: list[dict[str, Any]],
    *,
    arrivals: list[int] | None = None,
    first_index: int = 0,
    last_placement: tuple[int, int] | None = None,
    code: str | None,
) -> Case:
    arrivals = [move["t"] for move in moves] if arrivals is None else arrivals
    breach = eligibility_check(
        moves=moves, arrivals=arrivals, first_index=first_index, last_placement=last_placement
    )
    if (None if breach is None else breach.code) != code:
        raise VectorError(f"{name}: expected {code}, got {breach}")
    return {
        "name": f"eligibility/{name}",
        "kind": "eligibility",
        "tags": sorted({"eligibility", code or "eligible"}),
        "input": {
            "moves": moves,
            "arrivals": arrivals,
            "first_index": first_index,
            "last_placement": None if last_placement is None else list(last_placement),
        },
        "expect": {"breach": None if breach is None else breach.to_json()},
    }


def _eligibility_cases() -> list[Case]:
    return [
        # The previous placement at t=1000, not 0: the gap is a difference.
        _eligibility_case(
            "too_fast_after_t_1000",
            [_place(1000), _draw(1100), _place(1000 + FLOOR - 1)],
            code="too_fast",
        ),
        _eligibility_case(
            "at_the_floor_after_t_1000",
            [_place(1000), _draw(1100), _place(1000 + FLOOR)],
            code=None,
        ),
        _eligibility_case(
            "too_fast_third_placement",
            [_place(500), _place(3000), _draw(3050), _place(3000 + FLOOR - 50)],
            code="too_fast",
        ),
        # A batch: the run's moves 0-4 were checked before; move 3 was its last placement.
        _eligibility_case(
            "too_fast_in_a_later_batch",
            [_draw(2100), _place(2000 + FLOOR - 1)],
            first_index=5,
            last_placement=(3, 2000),
            code="too_fast",
        ),
        _eligibility_case(
            "at_the_floor_in_a_later_batch",
            [_place(2000 + FLOOR)],
            first_index=5,
            last_placement=(3, 2000),
            code=None,
        ),
        _eligibility_case(
            "arrived_at_the_end_of_the_window",
            [_place(1000), _place(4000)],
            arrivals=[1000 + WINDOW, 4000 + WINDOW],
            code=None,
        ),
        _eligibility_case(
            "arrived_a_ms_after_the_window",
            [_place(1000), _place(4000)],
            arrivals=[1000, 4000 + WINDOW + 1],
            code="not_witnessed",
        ),
        # Seconds a player reads: 12.36 s and 24.36 s late show as 12.4 and 24.4.
        _eligibility_case(
            "late_seconds_are_rounded_to_a_tenth",
            [_place(12_360)],
            arrivals=[12_360 + 24_360],
            code="not_witnessed",
        ),
        _eligibility_case(
            "a_late_draw_in_a_later_batch",
            [_draw(7000)],
            arrivals=[7000 + WINDOW + 1],
            first_index=9,
            last_placement=(8, 6900),
            code="not_witnessed",
        ),
    ]


def _sequence_cases() -> list[Case]:
    logs = {
        "row_is_not_column": [_place(0, (0, 0), "0-0-0"), _place(900, (0, 1), "0-0-1")],
        "negative_and_far": [_place(0), _draw(50), _place(70, (-2, 5), "1-2-3"), _draw(90)],
        "rotations": [
            _place(0),
            {"t": 10, "type": "place", "tile": "2-3-4", "cell": [1, 0], "rotation": 2},
        ],
    }
    return [
        {
            "name": f"sequence/{name}",
            "kind": "sequence",
            "tags": ["sequence"],
            "input": {"moves": moves},
            "expect": {"sequence": moves_sequence(moves)},
        }
        for name, moves in logs.items()
    ]


def _review_case(
    name: str, reasons: tuple[str, ...], par: int | None = _PAR, **changes: Any
) -> Case:
    features = RunFeatures(**{**asdict(_FEATURES), **changes})
    got = review_reasons(features, par=par, thresholds=REVIEW_THRESHOLDS)
    if got != reasons:
        raise VectorError(f"{name}: expected {reasons}, got {got}")
    return {
        "name": f"review/{name}",
        "kind": "review",
        "tags": sorted({"review", *reasons}),
        "input": {
            "features": asdict(features),
            "par": par,
            "thresholds": asdict(REVIEW_THRESHOLDS),
        },
        "expect": {"reasons": list(got)},
    }


def _review_cases() -> list[Case]:
    t = REVIEW_THRESHOLDS
    pace = t.pace_placements
    return [
        _review_case("nothing", ()),
        _review_case("score_at_par_ratio", ("near_par",), score=300),
        _review_case("score_under_par_ratio", (), score=299),
        _review_case("no_par", (), par=None, score=400),
        _review_case("par_zero", (), par=0, score=400),
        _review_case("share_at_solver_match", ("solver_moves",), solver_matches=18),
        _review_case("share_under_solver_match", (), solver_matches=17),
        _review_case(
            "choices_at_the_minimum", ("solver_moves",), choices=12, solver_matches=12, score=100
        ),
        _review_case("choices_under_the_minimum", (), choices=11, solver_matches=11, score=100),
        _review_case("no_choices", (), choices=0, solver_matches=0, score=299),
        _review_case("sum_at_solver_like", ("solver_like",), score=260, solver_matches=17),
        _review_case("sum_under_solver_like", (), score=259, solver_matches=17),
        _review_case(
            "solver_like_with_too_few_choices", (), score=296, choices=11, solver_matches=11
        ),
        _review_case("median_at_the_threshold", (), median_gap_ms=t.median_gap_ms),
        _review_case("median_under_the_threshold", ("fast_pace",), median_gap_ms=799),
        _review_case("smallest_gap_at_the_threshold", (), min_gap_ms=t.min_gap_ms),
        _review_case("smallest_gap_under_the_threshold", ("fast_pace",), min_gap_ms=299),
        _review_case(
            "fast_at_the_placements_minimum", ("fast_pace",), placements=pace, median_gap_ms=799
        ),
        _review_case("fast_under_the_placements_minimum", (), placements=pace - 1, min_gap_ms=1),
        _review_case(
            "too_few_placements_for_gaps",
            (),
            placements=1,
            median_gap_ms=None,
            min_gap_ms=None,
        ),
        _review_case(
            "every_reason",
            ("near_par", "solver_moves", "solver_like", "fast_pace"),
            score=390,
            solver_matches=20,
            median_gap_ms=500,
        ),
    ]


def _features_cases(replays: Sequence[Case]) -> list[Case]:
    """The features of cleared runs (the +25 must not hide a match), by replay name."""
    cases = []
    for replay in replays:
        if not replay["name"].startswith("long/clear_ending_in_a_bonus/"):
            continue
        features = run_features(tray=replay["tray"], well=replay["well"], log=replay["log"])
        cases.append(
            {
                "name": f"features/{replay['name']}",
                "kind": "features",
                "tags": ["clear", "features"],
                "input": {"replay": replay["name"], "par": features.score},
                "expect": {"features": features.to_json(par=features.score)},
            }
        )
    if not cases:
        raise VectorError("no cleared run to measure")
    return cases
