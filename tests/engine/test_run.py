"""A challenge run move by move: one path (parse, check, apply) for typed moves and
for a log's JSON, a refusal that leaves the run as it was, and a run resumed from its
position that plays on exactly as one never stopped."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.players import clearing_run, random_run
from triominos import (
    TILE_IDS,
    Board,
    Cell,
    ChallengeRun,
    Move,
    MoveError,
    MoveOutcome,
    Placement,
    PlacementError,
    ReplayPosition,
    placement_parse,
    tile_parse,
)

TRAY = ["0-0-0", "0-1-2", "1-1-1", "1-2-5", "2-2-2", "2-3-4", "3-4-4", "3-4-5", "5-5-5"]
WELL = [tile_id for tile_id in TILE_IDS if tile_id not in TRAY]  # "0-0-1" comes first


def new_run() -> ChallengeRun:
    return ChallengeRun(tray=TRAY, well=WELL)


def snapshot(run: ChallengeRun) -> tuple[Any, ...]:
    return (run.position(), run.board.packed_cells(), run.tray, run.well_remaining)


def test_a_typed_move_and_its_json_play_alike() -> None:
    typed, from_json = new_run(), new_run()
    opening = Move.place(1830, placement_parse("3-4-5@0,0r0"))
    assert typed.play(opening) == from_json.play_move(opening.to_json()) == MoveOutcome(12, None)
    assert typed.play(Move.draw(4000)) == from_json.play_move({"t": 4000, "type": "draw"})
    assert snapshot(typed) == snapshot(from_json)
    assert (typed.score, typed.draws, typed.last_t) == (7, 1, 4000)
    assert tile_parse("0-0-1") in typed.tray and tile_parse("3-4-5") not in typed.tray


@pytest.mark.parametrize(
    ("moves", "bad", "code"),
    [
        ([], {"t": 5, "type": "jump"}, "malformed"),
        ([], {"t": -1, "type": "draw"}, "time_over"),
        ([{"t": 900, "type": "draw"}], {"t": 899, "type": "draw"}, "time_not_monotonic"),
        (
            [],
            {"t": 0, "type": "place", "tile": "6-6-6", "cell": [0, 0], "rotation": 0},
            "unknown_tile",
        ),
        (
            [],
            {"t": 0, "type": "place", "tile": "0-0-1", "cell": [0, 0], "rotation": 0},
            "tile_not_in_tray",
        ),
        (
            [],
            {"t": 0, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": 3},
            "bad_rotation",
        ),
        (
            [],
            {"t": 0, "type": "place", "tile": "3-4-5", "cell": [0, 1], "rotation": 0},
            "first_not_at_origin",
        ),
        (
            [{"t": 0, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": 0}],
            {"t": 1, "type": "place", "tile": "3-4-4", "cell": [0, 0], "rotation": 0},
            "cell_occupied",
        ),
        (
            [{"t": 0, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": 0}],
            {"t": 1, "type": "place", "tile": "3-4-4", "cell": [5, 5], "rotation": 0},
            "not_adjacent",
        ),
        (
            [{"t": 0, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": 0}],
            {"t": 1, "type": "place", "tile": "0-0-0", "cell": [0, 1], "rotation": 0},
            "corner_mismatch",
        ),
    ],
)
def test_a_refused_move_names_its_rule_and_leaves_the_run_as_it_was(
    moves: list[Any], bad: Any, code: str
) -> None:
    run = new_run()
    for raw in moves:
        run.play_move(raw)
    before = snapshot(run)
    with pytest.raises(MoveError) as refused:
        run.play_move(bad)
    assert refused.value.code == code
    assert refused.value.detail
    assert snapshot(run) == before


def test_the_board_refusals_are_the_boards_own_placement_errors() -> None:
    run = new_run()
    with pytest.raises(PlacementError) as refused:
        run.play(Move.place(0, placement_parse("3-4-5@2,2r0")))
    assert refused.value == MoveError(
        "first_not_at_origin", "the first tile must go on [0, 0], not on [2, 2]"
    )


def test_the_clock_comes_before_an_unknown_tile() -> None:
    """RULES.md's table: time_over (and the other rules of the clock) before
    unknown_tile, though an unknown tile cannot even be parsed into a typed move."""
    run = new_run()
    late = {"t": 130_000, "type": "place", "tile": "9-9-9", "cell": [0, 0], "rotation": 0}
    with pytest.raises(MoveError) as refused:
        run.play_move(late)
    assert refused.value.code == "time_over"
    with pytest.raises(MoveError) as capped:
        run.play_move({**late, "t": 60_001}, 60_000)
    assert capped.value.code == "time_over"
    assert "had only reached 60000 ms" in capped.value.detail


def test_an_unknown_tile_in_a_later_batch_is_judged_by_its_own_time() -> None:
    """The clock's rules read the refused move's own t: in a batch sent after earlier
    moves, the unknown tile is the batch's second move, not the run's second."""
    run = new_run()
    run.play_log([{"t": 1000, "type": "draw"}, {"t": 2000, "type": "draw"}])
    unknown = {"type": "place", "tile": "9-9-9", "cell": [0, 0], "rotation": 0}
    batch = [{"t": 3000, "type": "draw"}, {**unknown, "t": 2500}]
    with pytest.raises(MoveError) as refused:
        run.play_log(batch)
    assert refused.value.code == "time_not_monotonic"
    assert refused.value.detail == "t=2500 ms comes before the previous move's t=3000 ms"
    assert (run.draws, run.last_t) == (3, 3000)


def test_max_t_caps_the_clock_but_never_lifts_the_limit() -> None:
    run = new_run()
    assert run.play(Move.draw(50_000), 50_000) == MoveOutcome(-5, None)
    with pytest.raises(MoveError, match="had only reached 50000 ms"):
        run.play(Move.draw(50_001), 50_000)
    with pytest.raises(MoveError, match="past the 120000 ms"):
        run.play(Move.draw(120_001), 10**9)


def test_the_clearing_placement_carries_the_clear_bonus_and_then_the_run_is_over() -> None:
    recorded = clearing_run(3)
    run = ChallengeRun(tray=recorded.tray, well=recorded.well)
    outcomes = [run.play(move) for move in recorded.moves]
    assert outcomes == recorded.outcomes
    assert run.cleared and run.score == recorded.score
    with pytest.raises(MoveError) as refused:
        run.play(Move.draw(recorded.moves[-1].t))
    assert refused.value.code == "run_over"


@given(seed=st.integers(0, 40), stop=st.integers(0, 103))
def test_a_run_resumed_from_its_position_plays_on_as_if_it_never_stopped(
    seed: int, stop: int
) -> None:
    recorded = random_run(seed)
    whole = ChallengeRun(tray=recorded.tray, well=recorded.well)
    first = ChallengeRun(tray=recorded.tray, well=recorded.well)
    for move in recorded.moves[:stop]:
        whole.play(move)
        first.play(move)
    stored = ReplayPosition.from_json(first.position().to_json())
    resumed = ChallengeRun(tray=recorded.tray, well=recorded.well, position=stored)
    for move in recorded.moves[stop:]:
        assert resumed.play(move) == whole.play(move)
    assert snapshot(resumed) == snapshot(whole)
    assert resumed.cleared == whole.cleared


def test_a_position_is_stored_as_plain_json_and_read_back_whole() -> None:
    """The server keeps a run's position between batches as JSON (a jsonb column): it
    must be lists and numbers only, with every field, and read back to the same run."""
    run = new_run()
    run.play(Move.place(1830, placement_parse("3-4-5@0,0r0")))
    run.play(Move.draw(4000))
    run.play(Move.place(5200, placement_parse("3-4-4@0,1r2")))
    stored = run.position().to_json()
    assert json.loads(json.dumps(stored)) == stored
    assert stored == {
        "cells": [list(pair) for pair in run.board.packed_cells()],
        "tray": sorted(tile.index for tile in run.tray),
        "drawn": 1,
        "score": run.score,
        "last_t": 5200,
        "outcomes": [list(outcome) for outcome in run.outcomes],
    }
    assert len(stored["cells"]) == 2 and all(len(pair) == 2 for pair in stored["cells"])
    assert stored["outcomes"][:2] == [[12, None], [-5, None]]
    read = ReplayPosition.from_json(stored)
    assert read == run.position()
    resumed = ChallengeRun(tray=TRAY, well=WELL, position=read)
    assert snapshot(resumed) == snapshot(run)
    assert resumed.play(Move.draw(6000)) == run.play(Move.draw(6000))
    assert snapshot(resumed) == snapshot(run)


def test_a_stored_position_keeps_the_bonuses_of_its_moves() -> None:
    # Seed 8's random run closes bridges from move 39 on: its outcomes name them.
    recorded = random_run(8)
    run = ChallengeRun(tray=recorded.tray, well=recorded.well)
    for move in recorded.moves[:70]:
        run.play(move)
    assert {outcome.bonus for outcome in run.outcomes} >= {None, "bridge"}
    assert ReplayPosition.from_json(run.position().to_json()).outcomes == tuple(run.outcomes)


def test_a_tray_and_well_that_are_no_challenge_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match="the tray must hold 9 tiles"):
        ChallengeRun(tray=TRAY[:8], well=WELL)


def test_a_cell_far_off_the_board_is_refused_like_any_other() -> None:
    run = new_run()
    run.play(Move.place(0, placement_parse("3-4-5@0,0r0")))
    far = Move.place(1, Placement(tile_parse("3-4-4"), Cell(10**12, -(10**12)), 0))
    with pytest.raises(PlacementError) as refused:
        run.play(far)
    assert refused.value.code == "not_adjacent"


@given(seed=st.integers(0, 40), before=st.integers(0, 60), bad=st.integers(0, 40))
def test_a_batch_stops_at_its_first_refused_move_as_one_by_one_would(
    seed: int, before: int, bad: int
) -> None:
    """play_log keeps the run's state in locals for the length of the batch: a refusal
    in its middle leaves the run exactly as playing the moves one by one would, and an
    unknown tile late in a batch still gets the clock's rules first."""
    recorded = random_run(seed)
    log: list[Any] = [move.to_json() for move in recorded.moves]
    before = min(before, len(log) - 1)
    bad = min(before + bad, len(log) - 1)
    late_and_unknown = {**log[bad], "t": 10**9, "type": "place", "tile": "9-9-9"}
    late_and_unknown.setdefault("cell", [0, 0])
    late_and_unknown.setdefault("rotation", 0)
    log[bad] = late_and_unknown
    batched = ChallengeRun(tray=recorded.tray, well=recorded.well)
    batched.play_log(log[:before])
    with pytest.raises(MoveError) as refused:
        batched.play_log(log[before:])
    assert refused.value.code == "time_over"
    played = recorded.moves[:bad]
    placed = [move.placement for move in played if move.placement is not None]
    assert batched.position() == ReplayPosition(
        cells=tuple(Board.from_placements(placed).packed_cells()),
        tray=batched.position().tray,
        drawn=sum(move.is_draw for move in played),
        score=sum(points for points, _ in recorded.outcomes[:bad]),
        last_t=played[-1].t if played else 0,
        outcomes=tuple(recorded.outcomes[:bad]),
    )
    one_by_one = ChallengeRun(tray=recorded.tray, well=recorded.well)
    for raw in log[:bad]:
        one_by_one.play_move(raw)
    assert snapshot(batched) == snapshot(one_by_one)  # the tray too
