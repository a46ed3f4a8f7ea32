"""The engine answers every case of witness.json: eligibility, sequences, the review.

The cases sit on the edges a bug would move (tools/vectors/witness.py): a threshold met
exactly and missed by one, a pace measured from a placement not at t=0, a cell whose
row and column differ.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vectors.loader import replay_cases, witness_cases
from triominos import (
    ReviewThresholds,
    RunFeatures,
    eligibility_check,
    moves_sequence,
    review_reasons,
    run_features,
)

WITNESS = witness_cases()
REPLAYS = {case["name"]: case for case in replay_cases()}


def _of_kind(kind: str) -> list[dict[str, Any]]:
    return [case for case in WITNESS if case["kind"] == kind]


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


@pytest.mark.parametrize("case", _of_kind("eligibility"), ids=_ids(_of_kind("eligibility")))
def test_eligibility_vector(case: dict[str, Any]) -> None:
    given = case["input"]
    last = given["last_placement"]
    breach = eligibility_check(
        moves=given["moves"],
        arrivals=given["arrivals"],
        first_index=given["first_index"],
        last_placement=None if last is None else (last[0], last[1]),
    )
    assert (None if breach is None else breach.to_json()) == case["expect"]["breach"]


@pytest.mark.parametrize("case", _of_kind("sequence"), ids=_ids(_of_kind("sequence")))
def test_sequence_vector(case: dict[str, Any]) -> None:
    assert moves_sequence(case["input"]["moves"]) == case["expect"]["sequence"]


@pytest.mark.parametrize("case", _of_kind("review"), ids=_ids(_of_kind("review")))
def test_review_vector(case: dict[str, Any]) -> None:
    given = case["input"]
    reasons = review_reasons(
        RunFeatures(**given["features"]),
        par=given["par"],
        thresholds=ReviewThresholds(**given["thresholds"]),
    )
    assert list(reasons) == case["expect"]["reasons"]


@pytest.mark.parametrize("case", _of_kind("features"), ids=_ids(_of_kind("features")))
def test_features_vector(case: dict[str, Any]) -> None:
    replay = REPLAYS[case["input"]["replay"]]
    features = run_features(tray=replay["tray"], well=replay["well"], log=replay["log"])
    assert features.to_json(par=case["input"]["par"]) == case["expect"]["features"]


def test_the_pace_edges_are_pinned() -> None:
    """The cases the issue of the pace named: a too_fast after a placement at t=1000 with
    its whole detail, and a sequence whose cell has row != column."""
    by_name = {case["name"]: case for case in WITNESS}
    assert by_name["eligibility/too_fast_after_t_1000"]["expect"]["breach"] == {
        "move": 2,
        "code": "too_fast",
        "detail": "move 3 was placed 199 ms after the placement before it (move 1); "
        "placements are at least 200 ms apart",
        "gap_ms": 199,
        "previous_move": 0,
        "floor_ms": 200,
    }
    assert by_name["eligibility/too_fast_in_a_later_batch"]["expect"]["breach"] == {
        "move": 6,
        "code": "too_fast",
        "detail": "move 7 was placed 199 ms after the placement before it (move 4); "
        "placements are at least 200 ms apart",
        "gap_ms": 199,
        "previous_move": 3,
        "floor_ms": 200,
    }
    assert by_name["sequence/row_is_not_column"]["expect"]["sequence"] == "0-0-0@0,0r0;0-0-1@0,1r0"
    assert by_name["sequence/negative_and_far"]["expect"]["sequence"] == (
        "0-0-0@0,0r0;draw;1-2-3@-2,5r0;draw"
    )
    kinds = {case["kind"] for case in WITNESS}
    assert kinds == {"eligibility", "sequence", "review", "features"}
