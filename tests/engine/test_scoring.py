"""Placement scores: tile value plus at most one bonus (hexagon 50/60/70, bridge 40).

The shapes (in ``shapes.py``) list cells in an order in which every tile shares an edge
with an earlier one; ``fill`` finds tiles for them, and the last cell is the one under
test. Each test first checks the shape really is what its name says, then the score.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.engine.reference import ReferenceBoard
from tests.engine.shapes import (
    BRIDGE_EDGE_AND_POINT,
    BRIDGE_THREE_EDGES,
    BRIDGE_TWO_EDGES,
    DOUBLE_HEXAGON,
    HEXAGON,
    SECOND_TILE,
    TRIPLE_HEXAGON,
    board_before_last,
    challenge_for,
    fill,
)
from triominos import (
    Board,
    Cell,
    Placement,
    Ruleset,
    cell_corners,
    cell_neighbours,
    log_from_moves,
    replay_challenge,
)


def last_placement(shape: list[tuple[int, int]]) -> tuple[Board, Placement]:
    placements = fill(shape)
    return board_before_last(placements), placements[-1]


def edges_shared(board: Board, cell: Cell) -> int:
    return sum(board.tile_at(neighbour) is not None for neighbour in cell_neighbours(cell))


def closed_hexagons(board: Board, cell: Cell) -> int:
    return sum(board.tiles_around(point) == 5 for point in cell_corners(cell))


def corners_touched(board: Board, cell: Cell) -> int:
    return sum(board.number_at(point) is not None for point in cell_corners(cell))


def test_a_plain_placement_scores_the_tile_value() -> None:
    board, placement = last_placement(SECOND_TILE)
    assert corners_touched(board, placement.cell) == 2
    assert board.play(placement) == (placement.tile.value, None)


@pytest.mark.parametrize(
    ("shape", "edges"),
    [(BRIDGE_EDGE_AND_POINT, 1), (BRIDGE_TWO_EDGES, 2), (BRIDGE_THREE_EDGES, 3)],
    ids=["edge-and-opposite-point", "two-edges", "three-edges-no-hexagon"],
)
def test_a_bridge_scores_40(shape: list[tuple[int, int]], edges: int) -> None:
    board, placement = last_placement(shape)
    assert edges_shared(board, placement.cell) == edges
    assert corners_touched(board, placement.cell) == 3
    assert closed_hexagons(board, placement.cell) == 0
    assert board.play(placement) == (placement.tile.value + 40, "bridge")


@pytest.mark.parametrize(
    ("shape", "hexagons", "bonus", "points"),
    [
        (HEXAGON, 1, "hexagon", 50),
        (DOUBLE_HEXAGON, 2, "double_hexagon", 60),
        (TRIPLE_HEXAGON, 3, "triple_hexagon", 70),
    ],
)
def test_hexagons_score_50_60_70_and_replace_the_bridge(
    shape: list[tuple[int, int]], hexagons: int, bonus: str, points: int
) -> None:
    board, placement = last_placement(shape)
    assert closed_hexagons(board, placement.cell) == hexagons
    # Every hexagon also touches all three corners: only the hexagon bonus counts.
    assert corners_touched(board, placement.cell) == 3
    assert board.play(placement) == (placement.tile.value + points, bonus)
    full = [point for point in cell_corners(placement.cell) if board.tiles_around(point) == 6]
    assert len(full) == hexagons


@pytest.mark.parametrize(
    "shape",
    [
        SECOND_TILE,
        HEXAGON,
        DOUBLE_HEXAGON,
        TRIPLE_HEXAGON,
        BRIDGE_EDGE_AND_POINT,
        BRIDGE_THREE_EDGES,
    ],
)
def test_every_step_scores_what_the_reference_scores(shape: list[tuple[int, int]]) -> None:
    board, reference = Board(), ReferenceBoard()
    for placement in fill(shape):
        expected = reference.place(placement.tile.id, tuple(placement.cell), placement.rotation)
        assert tuple(board.play(placement)) == expected


@pytest.mark.parametrize(
    ("shape", "bonus"),
    [(HEXAGON, "hexagon"), (TRIPLE_HEXAGON, "triple_hexagon"), (BRIDGE_TWO_EDGES, "bridge")],
)
def test_the_replay_scores_bonuses_like_the_board(shape: list[tuple[int, int]], bonus: str) -> None:
    placements = fill(shape)
    tray, well, moves = challenge_for(placements)
    result = replay_challenge(tray=tray, well=well, log=log_from_moves(moves))
    assert result.valid, result.error
    board = Board()
    expected = [board.play(placement) for placement in placements]
    assert [outcome for outcome in result.moves if outcome.points != -5] == expected
    assert result.moves[-1].bonus == bonus
    assert result.score == sum(outcome.points for outcome in result.moves)


def test_the_ruleset_sets_the_bonus_values() -> None:
    points = {"hexagon": 1, "double_hexagon": 2, "triple_hexagon": 3, "bridge": 4}
    ruleset = Ruleset(
        bonuses=tuple(replace(rule, points=points[rule.name]) for rule in Ruleset().bonuses)
    )
    for shape, extra in (
        (HEXAGON, 1),
        (DOUBLE_HEXAGON, 2),
        (TRIPLE_HEXAGON, 3),
        (BRIDGE_TWO_EDGES, 4),
    ):
        placements = fill(shape)
        board = Board.from_placements(placements[:-1], ruleset)
        assert board.play(placements[-1]).points == placements[-1].tile.value + extra


def test_ruleset_values_of_rules_md() -> None:
    ruleset = Ruleset()
    assert ruleset.bonus_values == (
        ("bridge", 40),
        ("hexagon", 50),
        ("double_hexagon", 60),
        ("triple_hexagon", 70),
    )
    assert ruleset.draw_points == -5
    assert ruleset.clear_bonus == 25 and ruleset.time_limit_ms == 120_000 and ruleset.tray_size == 9
    assert ruleset.opening_bonus + ruleset.triple_zero_extra == 40
    assert ruleset.pass_points == -10 and ruleset.going_out_bonus == 25
    assert ruleset.max_draws_per_turn == 3 and ruleset.target_score == 400
    assert [ruleset.deal_size(players) for players in range(2, 7)] == [9, 7, 7, 6, 6]
    assert (ruleset.min_players, ruleset.max_players) == (2, 6)
    with pytest.raises(ValueError):
        ruleset.deal_size(7)
    assert ruleset.bonus_points(None) == 0 and ruleset.bonus_points("triple_hexagon") == 70
