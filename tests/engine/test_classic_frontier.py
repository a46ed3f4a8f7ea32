"""The play-outs' frontier answers as the board does, tile after tile: the same best
placement of a hand (the first of equals), the same fitting tiles, and the same range
of points the legal placements of a hand score."""

from __future__ import annotations

import random

import pytest

from tests.engine.shapes import (
    BRIDGE_THREE_EDGES,
    DOUBLE_HEXAGON,
    HEXAGON,
    TRIPLE_HEXAGON,
    board_before_last,
    fill,
)
from triominos import Board
from triominos.classic import ClassicGame, computer_action
from triominos.frontier import Frontier, tiles_mask
from triominos.geometry import cell_pack
from triominos.tiles import TILES, Tile


def _frontier_agrees(board: Board, frontier: Frontier, rng: random.Random) -> None:
    assert frontier.fitting() == board.fitting_mask()
    on_board = board.tiles
    free = [tile for tile in TILES if tile not in on_board]
    for size in (1, 3, 7, 12):
        hand = rng.sample(free, min(size, len(free)))
        placement, points = board.best_placement(hand)
        answer = frontier.best(tiles_mask(hand))
        if placement is None:
            assert answer is None
            continue
        tile, (row, col), rotation = placement
        assert answer == (cell_pack(row, col), tile.index * 3 + rotation, points)


def test_the_frontier_follows_the_board_through_a_round_of_pushes() -> None:
    rng = random.Random(3)
    for number in range(6):
        game = ClassicGame(2, seed=f"frontier {number}", rounds=1)
        while game.board.is_empty:
            seat = game.current_player
            assert seat is not None
            game.apply(computer_action(game, strength="medium", seed=0), player=seat)
        board = game.board.copy()
        frontier = Frontier.of(board)
        for _ in range(40):
            _frontier_agrees(board, frontier, rng)
            free = [tile for tile in TILES if tile not in board.tiles]
            placement, _ = board.best_placement(rng.sample(free, min(9, len(free))))
            if placement is None:
                break
            before = frontier.copy()
            tile, (row, col), rotation = placement
            frontier.push(cell_pack(row, col), tile.index * 3 + rotation)
            board.push(placement)
            # A copy is apart: the push changed the frontier, not the copy taken before.
            assert before.on_board | 1 << tile.index == frontier.on_board
            assert Frontier.of(board).fitting() == frontier.fitting()


def _points_range_listed(board: Board, hand: list[Tile]) -> tuple[int, int] | None:
    """The definition: the points of every legal placement, listed one by one."""
    points = [board.outcome(placement).points for placement in board.legal_placements(hand)]
    return (min(points), max(points)) if points else None


@pytest.mark.parametrize(
    "shape", [HEXAGON, DOUBLE_HEXAGON, TRIPLE_HEXAGON, BRIDGE_THREE_EDGES], ids=str
)
def test_the_points_range_counts_the_bonus_of_the_closing_placement(
    shape: list[tuple[int, int]],
) -> None:
    placements = fill(shape)
    board = board_before_last(placements)
    last = placements[-1].tile
    span = Frontier.of(board).points_range(tiles_mask([last]))
    assert span is not None and span[1] == board.outcome(placements[-1]).points > last.value
    assert span == _points_range_listed(board, [last])


def test_the_points_range_is_the_listed_placements_range_tile_after_tile() -> None:
    rng = random.Random(11)
    for _ in range(40):
        board = Board()
        frontier = Frontier.of(board)
        free = list(TILES)
        rng.shuffle(free)
        while True:
            hand = rng.sample(free, min(rng.randint(1, 12), len(free)))
            assert frontier.points_range(tiles_mask(hand)) == _points_range_listed(board, hand)
            options = board.legal_placements(free)
            if not options:
                break
            placement = rng.choice(options)
            tile, (row, col), rotation = placement
            board.push(placement)
            frontier.push(cell_pack(row, col), tile.index * 3 + rotation)
            free.remove(tile)
    assert frontier.points_range(0) is None
