"""Timing as evidence (triominos/timing.py), without a database: the measures of a run's
witnessed times, the rule on a mechanical pace, and the fingerprint across runs."""

from __future__ import annotations

import math
import random

import pytest

from tests.engine.humans import PERSON_PACE, PRODIGY, human_run
from triominos import (
    TIMING_REASONS,
    Pace,
    TimingFeatures,
    TimingThresholds,
    deal_shuffle,
    solver_greedy,
    timing_distance,
    timing_features,
    timing_reasons,
)
from triominos.board import Board
from triominos.frontier import Frontier, tiles_mask
from triominos.geometry import cell_pack
from triominos.tiles import tile_parse
from triominos.timing import EFFORT_PLACEMENTS, rank_correlation

DEAL = deal_shuffle(4242)


def _greedy_log() -> dict[str, object]:
    return solver_greedy(tray=DEAL.tray, well=DEAL.well, pace=Pace(seed=3)).log


def _retimed(log: dict[str, object], gaps: list[int], first: int) -> dict[str, object]:
    """``log``'s moves at ``first``, then each after the next of ``gaps``."""
    moves, t = [], first
    for index, move in enumerate(log["moves"]):  # type: ignore[arg-type]
        if index:
            t += gaps[(index - 1) % len(gaps)]
        moves.append({**move, "t": t})
    return {"moves": moves}


def _options_before_each_placement(log: dict[str, object]) -> list[int]:
    board = Board()
    hand = [tile_parse(tile) for tile in DEAL.tray]
    well = [tile_parse(tile) for tile in DEAL.well]
    options = []
    for index, move in enumerate(log["moves"]):  # type: ignore[arg-type]
        if move["type"] == "draw":
            hand.append(well.pop(0))
            continue
        if index:
            options.append(len({(p.cell, p.tile) for p in board.legal_placements(hand)}))
        tile = tile_parse(move["tile"])
        board.play_at(tile, *move["cell"], move["rotation"])
        hand.remove(tile)
    return options


def test_the_defaults_are_pinned() -> None:
    assert TimingThresholds() == TimingThresholds(spread_floor=0.25, placements=15)
    assert EFFORT_PLACEMENTS == 8
    assert TIMING_REASONS == ("mechanical_pace",)


def test_a_metronome_has_no_spread_and_its_gap_is_the_median() -> None:
    log = _retimed(_greedy_log(), [1000], first=3200)
    measured = timing_features(tray=DEAL.tray, well=DEAL.well, log=log)
    placed = sum(move["type"] == "place" for move in log["moves"])  # type: ignore[union-attr]
    assert measured.placements == placed - 1
    assert measured.first_read_ms == 3200
    assert measured.think_median_ms == 1000
    assert measured.think_spread == 0.0
    assert measured.effort is None  # the times never vary: no correlation to take


def test_the_spread_is_the_log_normal_sigma_a_person_plays_with() -> None:
    rng = random.Random(7)
    sigma = 0.45
    base = _greedy_log()
    gaps = [round(1500 * math.exp(rng.gauss(0, sigma))) for _ in range(200)]
    measured = timing_features(tray=DEAL.tray, well=DEAL.well, log=_retimed(base, gaps, 2000))
    assert measured.think_spread is not None
    assert 0.25 < measured.think_spread < 0.7
    assert 900 < (measured.think_median_ms or 0) < 2500


def test_a_pace_drawn_from_a_range_spreads_less_than_a_person() -> None:
    """PERSON_PACE's placements come 1.3-2.7 s apart, uniformly: a person's times
    (log-normal, sigma 0.35-0.45) spread more."""
    scripted = solver_greedy(tray=DEAL.tray, well=DEAL.well, pace=PERSON_PACE).log
    person = human_run(DEAL.tray, DEAL.well, PRODIGY, seed=11)
    ours = timing_features(tray=DEAL.tray, well=DEAL.well, log=scripted)
    theirs = timing_features(tray=DEAL.tray, well=DEAL.well, log=person)
    assert ours.think_spread is not None and theirs.think_spread is not None
    assert ours.think_spread < theirs.think_spread


def test_effort_follows_think_time_against_the_options() -> None:
    log = _greedy_log()
    options = _options_before_each_placement(log)
    assert len(options) >= EFFORT_PLACEMENTS
    # Think time growing with how much there was to look at (draws take 700 ms).
    moves, t, at = [], 2500, 0
    for index, move in enumerate(log["moves"]):  # type: ignore[arg-type]
        if index:
            if move["type"] == "draw":
                t += 700
            else:
                t += 800 + 150 * options[at]
                at += 1
        moves.append({**move, "t": t})
    measured = timing_features(tray=DEAL.tray, well=DEAL.well, log={"moves": moves})
    assert measured.effort is not None and measured.effort > 0.9
    reversed_moves, t, at = [], 2500, 0
    for index, move in enumerate(log["moves"]):  # type: ignore[arg-type]
        if index:
            if move["type"] == "draw":
                t += 700
            else:
                t += 8000 - 150 * options[at]
                at += 1
        reversed_moves.append({**move, "t": t})
    measured = timing_features(tray=DEAL.tray, well=DEAL.well, log={"moves": reversed_moves})
    assert measured.effort is not None and measured.effort < -0.9


def test_the_options_are_the_cell_and_tile_pairs_that_fit() -> None:
    """``Frontier.options`` counts what ``Board.legal_placements`` lists, rotations as one."""
    log = _greedy_log()
    board = Board()
    frontier = Frontier.of(board)
    hand = [tile_parse(tile) for tile in DEAL.tray]
    well = [tile_parse(tile) for tile in DEAL.well]
    seen = 0
    for move in log["moves"]:  # type: ignore[attr-defined]
        if move["type"] == "draw":
            hand.append(well.pop(0))
            continue
        pairs = {(p.cell, p.tile) for p in board.legal_placements(hand)}
        assert frontier.options(tiles_mask(hand)) == len(pairs) > 0
        seen += len(pairs) > 1
        tile = tile_parse(move["tile"])
        board.play_at(tile, *move["cell"], move["rotation"])
        frontier.push(cell_pack(*move["cell"]), tile.index * 3 + move["rotation"])
        hand.remove(tile)
    assert seen > 5


def test_rank_correlation() -> None:
    assert rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert rank_correlation([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # Ties take their mean rank: x ranks 1.5, 1.5, 3, 4 against 1, 2, 3, 4.
    assert rank_correlation([5, 5, 6, 7], [1, 2, 3, 4]) == pytest.approx(0.9486833)
    assert rank_correlation([1, 1, 1], [1, 2, 3]) is None
    assert rank_correlation([1, 2, 3], [2, 2, 2]) is None
    assert rank_correlation([1], [1]) is None
    # Two are enough: they agree or they do not.
    assert rank_correlation([1, 2], [3, 4]) == pytest.approx(1.0)
    assert rank_correlation([1, 2], [4, 3]) == pytest.approx(-1.0)
    assert rank_correlation([1, 2], [1, 2, 3]) is None


def test_a_run_that_is_not_valid_is_not_measured() -> None:
    log = _greedy_log()
    moves = list(log["moves"])  # type: ignore[call-overload]
    placed = next(i for i, move in enumerate(moves) if i and move["type"] == "place")
    moves[placed] = {**moves[placed], "cell": [40, 40]}
    with pytest.raises(ValueError):
        timing_features(tray=DEAL.tray, well=DEAL.well, log={"moves": moves})


def _placements_timed(log: dict[str, object], gaps: list[int]) -> dict[str, object]:
    """``log`` up to its placement after ``len(gaps)`` more, each that long after the
    move before it (a draw 700 ms after its own)."""
    moves, t, timed = [], 3000, 0
    for index, move in enumerate(log["moves"]):  # type: ignore[arg-type]
        if index:
            t += 700 if move["type"] == "draw" else gaps[timed]
            timed += move["type"] == "place"
        moves.append({**move, "t": t})
        if timed == len(gaps):
            break
    return {"moves": moves}


def test_a_spread_is_taken_from_two_think_times_and_a_millisecond_counts() -> None:
    """Two timed placements give a spread; a gap of 1 ms is a time like any other (its
    logarithm is 0), only a gap of 0 has none."""
    for gaps, spread in (([1, 100], math.log(100) / 2), ([400, 100], math.log(4) / 2)):
        log = _placements_timed(_greedy_log(), gaps)
        measured = timing_features(tray=DEAL.tray, well=DEAL.well, log=log)
        assert measured.placements == 2
        assert measured.think_spread == pytest.approx(spread)
    one = timing_features(
        tray=DEAL.tray, well=DEAL.well, log=_placements_timed(_greedy_log(), [900])
    )
    assert one.placements == 1 and one.think_spread is None


def test_effort_is_taken_from_as_few_placements_as_it_needs() -> None:
    log = _greedy_log()
    options = _options_before_each_placement(log)
    placed = [i for i, move in enumerate(log["moves"]) if move["type"] == "place"]  # type: ignore[union-attr]
    for timed, has_effort in ((EFFORT_PLACEMENTS, True), (EFFORT_PLACEMENTS - 1, False)):
        moves = log["moves"][: placed[timed] + 1]  # type: ignore[index]
        retimed, t, at = [], 2500, 0
        for index, move in enumerate(moves):
            if index:
                t += 700 if move["type"] == "draw" else 800 + 150 * options[at]
                at += move["type"] == "place"
            retimed.append({**move, "t": t})
        measured = timing_features(tray=DEAL.tray, well=DEAL.well, log={"moves": retimed})
        assert measured.placements == timed
        assert (measured.effort is not None) is has_effort, timed


def test_an_empty_run_measures_nothing() -> None:
    measured = timing_features(tray=DEAL.tray, well=DEAL.well, log={"moves": []})
    assert measured == TimingFeatures(0, None, None, None, None)


def _features(spread: float | None, placements: int = 20) -> TimingFeatures:
    return TimingFeatures(placements, 3000, 1500, spread, None)


def test_a_mechanical_pace_is_held_only_under_the_floor_and_over_enough_placements() -> None:
    rule = TimingThresholds(spread_floor=0.2, placements=15)
    assert timing_reasons(_features(0.19), thresholds=rule) == ("mechanical_pace",)
    assert timing_reasons(_features(0.2), thresholds=rule) == ()
    assert timing_reasons(_features(0.0), thresholds=rule) == ("mechanical_pace",)
    assert timing_reasons(_features(0.1, placements=15), thresholds=rule) == ("mechanical_pace",)
    assert timing_reasons(_features(0.1, placements=14), thresholds=rule) == ()
    assert timing_reasons(_features(None), thresholds=rule) == ()
    assert timing_reasons(_features(0.0), thresholds=TimingThresholds(spread_floor=0)) == ()


def test_the_features_round_trip_through_json() -> None:
    measured = TimingFeatures(21, 3120, 1480, 0.41234567, -0.125)
    data = measured.to_json()
    assert data == {
        "placements": 21,
        "first_read_ms": 3120,
        "think_median_ms": 1480,
        "think_spread": 0.4123,
        "effort": -0.125,
    }
    assert TimingFeatures.from_json(data) == TimingFeatures(21, 3120, 1480, 0.4123, -0.125)
    assert TimingFeatures.from_json({}) == TimingFeatures(0, None, None, None, None)
    # Four places kept, the fifth rounded; nothing measured stays nothing.
    assert TimingFeatures(9, 2000, 900, 0.123456, 0.987654).to_json()["effort"] == 0.9877
    assert TimingFeatures(9, 2000, 900, 0.123456, None).to_json()["think_spread"] == 0.1235
    assert TimingFeatures(0, None, None, None, None).to_json() == {
        "placements": 0,
        "first_read_ms": None,
        "think_median_ms": None,
        "think_spread": None,
        "effort": None,
    }
    odd = TimingFeatures.from_json({"placements": "x", "think_spread": True, "effort": "0.5"})
    assert odd == TimingFeatures(0, None, None, None, None)


def test_the_fingerprint_across_runs() -> None:
    past = [TimingFeatures(20, 3000, ms, 0.4, None) for ms in (1400, 1500, 1600, 1500)]
    same = TimingFeatures(20, 3000, 1500, 0.4, None)
    slower = TimingFeatures(20, 3000, 3000, 0.4, None)
    assert timing_distance(same, past) == pytest.approx(0.0)
    distance = timing_distance(slower, past)
    assert distance is not None and distance > 5
    assert timing_distance(same, past[:2]) is None
    assert timing_distance(same, past[:3]) == pytest.approx(0.0)  # three are enough
    # A median of a millisecond is measured; one of 0 has no logarithm.
    quick = timing_distance(TimingFeatures(20, 3000, 1, 0.4, None), past)
    assert quick is not None and quick < -20
    assert timing_distance(TimingFeatures(20, 3000, 0, 0.4, None), past) is None
    assert timing_distance(TimingFeatures(0, None, None, None, None), past) is None
    # A spread across runs narrower than 0.1 counts as 0.1: a steady player's slightly
    # slower day is not far away.
    steady = [TimingFeatures(20, 3000, 1500, 0.4, None)] * 5
    nearby = TimingFeatures(20, 3000, round(1500 * math.exp(0.05)), 0.4, None)
    assert timing_distance(nearby, steady) == pytest.approx(0.5, abs=0.01)
