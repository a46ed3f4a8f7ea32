"""Hypothesis properties: the engine against the naive reference of RULES.md."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.players import deal, random_run
from tests.engine.reference import ReferenceBoard, reference_replay
from triominos import (
    TILE_IDS,
    TILES,
    Board,
    Cell,
    Placement,
    cell_corners,
    cell_neighbours,
    point_cells,
    replay_challenge,
    tile_parse,
)

slow = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def as_tuples(placements: list[Placement]) -> list[tuple[str, tuple[int, int], int]]:
    return sorted((p.tile.id, (p.cell.row, p.cell.col), p.rotation) for p in placements)


@slow
@given(st.data(), st.integers(0, 10**6))
def test_random_legal_play_matches_the_reference(data: st.DataObject, seed: int) -> None:
    tray_ids, well_ids = deal(seed)
    tray = [tile_parse(tile_id) for tile_id in tray_ids]
    well = [tile_parse(tile_id) for tile_id in well_ids]
    board, reference = Board(), ReferenceBoard()
    for _ in range(data.draw(st.integers(1, 70), label="moves")):
        legal = board.legal_placements(tray)
        # The generator offers exactly what the rules allow.
        assert as_tuples(legal) == reference.legal([tile.id for tile in tray])
        if not legal:
            if not well:
                break
            tray.append(well.pop(0))
            continue
        placement = data.draw(st.sampled_from(legal), label="placement")
        assert board.check(placement) is None
        expected = reference.place(placement.tile.id, tuple(placement.cell), placement.rotation)
        assert tuple(board.play(placement)) == expected
        tray.remove(placement.tile)
    # Never a point with two numbers, and the board agrees with the reference on each.
    for point in reference.touched_points():
        numbers = reference.numbers_at(point)
        assert len(numbers) == 1
        assert board.number_at(point) in numbers  # type: ignore[arg-type]


@slow
@given(st.integers(0, 10**6), st.integers(0, 56), st.data())
def test_random_probes_get_the_reference_code(seed: int, steps: int, data: st.DataObject) -> None:
    run = random_run(seed, max_moves=steps)
    board = run.board
    reference = ReferenceBoard()
    for placement in board.placements:
        reference.place(placement.tile.id, tuple(placement.cell), placement.rotation)
    legal = set(board.legal_placements(TILES))
    near = sorted(
        {
            cell
            for placed in board.placements
            for point in cell_corners(placed.cell)
            for cell in point_cells(point)
        }
        | {Cell(0, 0), Cell(0, 1)}
    )
    for _ in range(25):
        probe = Placement(
            data.draw(st.sampled_from(TILES)),
            data.draw(st.sampled_from(near)),
            data.draw(st.sampled_from((0, 1, 2))),
        )
        error = board.check(probe)
        expected = reference.error(probe.tile.id, tuple(probe.cell), probe.rotation)
        assert (None if error is None else error.code) == expected
        # Accepted by the checker if and only if offered by the generator (for tiles
        # not on the board yet; the board does not know about trays).
        if probe.tile not in board.tiles:
            assert (error is None) == (probe in legal)


@slow
@given(st.integers(0, 10**6), st.lists(st.booleans(), max_size=120))
def test_push_and_pop_in_any_order_match_a_board_built_from_scratch(
    seed: int, pushes: list[bool]
) -> None:
    run = random_run(seed)
    sequence = list(run.board.placements)
    board = Board()
    for push in pushes:
        if push and len(board) < len(sequence):
            board.push(sequence[len(board)])
        elif not push and len(board):
            board.pop()
        rebuilt = Board.from_placements(sequence[: len(board)])
        assert board.placements == rebuilt.placements
        assert board.numbered_points() == rebuilt.numbered_points()
        assert board.frontier() == rebuilt.frontier()
        assert board.legal_placements(TILES) == rebuilt.legal_placements(TILES)
        for cell in rebuilt.frontier():
            assert board.tile_at(cell) is None
            assert any(board.tile_at(n) for n in cell_neighbours(cell)) or board.is_empty


@slow
@given(st.integers(0, 10**6))
def test_replaying_a_recorded_game_reproduces_its_score(seed: int) -> None:
    run = random_run(seed)
    result = replay_challenge(tray=run.tray, well=run.well, log=run.log())
    assert result.valid
    assert result.score == run.score
    assert list(result.moves) == run.outcomes
    assert result.tiles_placed == len(run.board)


TRICKY = [
    None,
    True,
    False,
    -1,
    0,
    1,
    2,
    3,
    1.0,
    "",
    "5-4-3",
    "draw",
    "place",
    [0, 0],
    [0, 1],
    [-1, 0],
    [True, 0],
    120_000,
    120_001,
    *TILE_IDS[:3],
]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_mutated_logs_get_the_reference_verdict(seed: int, data: st.DataObject) -> None:
    run = random_run(seed, max_moves=30)
    moves: list[Any] = copy.deepcopy(run.log()["moves"])  # type: ignore[call-overload]
    for _ in range(data.draw(st.integers(1, 3))):
        if not moves:
            break
        index = data.draw(st.integers(0, len(moves) - 1))
        how = data.draw(st.sampled_from(["field", "drop", "duplicate", "swap", "time", "delete"]))
        move = moves[index]
        if how == "field":
            key = data.draw(st.sampled_from(["t", "type", "tile", "cell", "rotation"]))
            move[key] = data.draw(st.sampled_from(TRICKY))
        elif how == "drop" and move:
            move.pop(data.draw(st.sampled_from(sorted(move))), None)
        elif how == "duplicate":
            moves.insert(index, copy.deepcopy(move))
        elif how == "swap" and index + 1 < len(moves):
            moves[index], moves[index + 1] = moves[index + 1], moves[index]
        elif how == "time" and index > 0 and type(moves[index - 1].get("t")) is int:
            # Just before, at, or just after the previous move's time.
            move["t"] = moves[index - 1]["t"] + data.draw(st.integers(-1, 1))
        elif how == "delete":
            del moves[index]
    max_t = data.draw(st.none() | st.integers(0, 130_000))
    result = replay_challenge(tray=run.tray, well=run.well, log={"moves": moves}, max_t=max_t)
    score, outcomes, error = reference_replay(run.tray, run.well, {"moves": moves}, max_t)
    assert (None if result.error is None else (result.error.move, result.error.code)) == error
    assert [tuple(outcome) for outcome in result.moves] == outcomes
    assert result.score == score
