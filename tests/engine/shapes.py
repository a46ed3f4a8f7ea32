"""Building positions cell by cell, for tests that need a particular shape.

``fill(cells)`` finds tiles (from all 56, depth first) that can go on ``cells`` in that
order, each placement legal when it goes down, and returns them. Tests then replay
all but the last and look at what the last one scores.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

from triominos import TILE_IDS, TILES, Board, Cell, Move, Placement, Tile

# Shapes: cells in an order in which each shares an edge with an earlier one. The last
# cell is the one a test looks at.

SECOND_TILE = [(0, 0), (0, 1)]
# The six cells around point (0, 1); [-1, 0] touches [0, 0] only at that point.
HEXAGON = [(0, 0), (0, 1), (0, -1), (-1, -1), (-1, 1), (-1, 0)]
# [-1, 0] last closes (0, 1) and (-1, 0) at once.
DOUBLE_HEXAGON = [
    (0, 0),
    (0, 1),
    (0, -1),
    (-1, -1),
    (-1, 1),
    (-1, -2),
    (-2, -2),
    (-2, -1),
    (-2, 0),
    (-1, 0),
]
# ... and (-1, 2) as well.
TRIPLE_HEXAGON = [*DOUBLE_HEXAGON[:-1], (-2, 1), (-2, 2), (-1, 2), (-1, 0)]
# [1, 1] shares an edge with [1, 0]; its opposite corner (2, 3) touches [1, 3] only.
BRIDGE_EDGE_AND_POINT = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 3), (1, 0), (1, 1)]
# [1, 0] shares edges with [0, 0] and [1, -1], reached the long way round below.
BRIDGE_TWO_EDGES = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 2),
    (2, 1),
    (2, 0),
    (2, -1),
    (1, -1),
    (1, 0),
]
# [1, 0] is a hole closed from three sides, yet no point around it is a hexagon.
BRIDGE_THREE_EDGES = [
    (0, 0),
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 4),
    (1, 3),
    (2, 3),
    (2, 2),
    (2, 1),
    (1, 1),
    (3, 2),
    (3, 1),
    (3, 0),
    (3, -1),
    (3, -2),
    (2, -2),
    (2, -1),
    (1, -1),
    (1, 0),
]


def fill(cells: Sequence[tuple[int, int]], pool: Iterable[Tile] = TILES) -> list[Placement]:
    return list(_fill(tuple(cells), frozenset(pool)))


@cache
def _fill(cells: tuple[tuple[int, int], ...], pool: frozenset[Tile]) -> tuple[Placement, ...]:
    # Depth first in the given order, with forward checking: after each tile, every cell
    # still to fill must have a tile left that shows what its numbered corners demand
    # (rings of cells close on a cell demanding one exact tile). Options are shuffled with
    # a fixed seed so that the numbers vary.
    targets = [Cell(*cell) for cell in cells]
    board = Board()
    available = set(pool)
    path: list[Placement] = []
    rng = random.Random(len(cells))

    def can_still_fill(cell: Cell) -> bool:
        demands = board.corner_demands(cell)
        return any(
            all(d is None or d == n for d, n in zip(demands, tile.corner_numbers(r), strict=True))
            for tile in available
            for r in (0, 1, 2)
        )

    def search(depth: int) -> bool:
        if depth == len(targets):
            return True
        target = targets[depth]
        options = sorted(
            (
                Placement(tile, target, rotation)
                for tile in available
                for rotation in (0, 1, 2)
                if board.check(Placement(tile, target, rotation)) is None
            ),
            key=lambda placement: (placement.tile.index, placement.rotation),
        )
        rng.shuffle(options)
        for placement in options:
            board.push(placement)
            available.remove(placement.tile)
            path.append(placement)
            if all(can_still_fill(cell) for cell in targets[depth + 1 :]) and search(depth + 1):
                return True
            path.pop()
            available.add(placement.tile)
            board.pop()
        return False

    if not search(0):
        raise AssertionError(f"no tiles fit the shape {cells}")
    return tuple(path)


def board_before_last(placements: Sequence[Placement]) -> Board:
    """The board holding every placement but the last (each checked on the way)."""
    return Board.from_placements(placements[:-1])


def challenge_for(placements: Sequence[Placement]) -> tuple[list[str], list[str], list[Move]]:
    """A challenge whose tray and well hold the placements' tiles in order, and a log
    playing them (drawing whenever the next tile is still in the well)."""
    wanted = [placement.tile.id for placement in placements]
    rest = [tile_id for tile_id in TILE_IDS if tile_id not in wanted]
    order = wanted + rest
    tray, well = order[:9], order[9:]
    in_tray = set(tray)
    next_draw = 0
    moves: list[Move] = []
    t = 0
    for placement in placements:
        while placement.tile.id not in in_tray:
            in_tray.add(well[next_draw])
            next_draw += 1
            t += 100
            moves.append(Move.draw(t))
        t += 100
        moves.append(Move.place(t, placement))
        in_tray.remove(placement.tile.id)
    return tray, well, moves
