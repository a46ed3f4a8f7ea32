"""Seeded searches that find the positions the golden vectors need.

All of them drive the shared engine (:class:`Board`, its legal-move generator and its
undo): a random but compact playout, a full-board search (all 56 tiles, for the clear
bonus), and a constructor that fills chosen cells around a hole so that the last
tile closes one, two or three hexagons or a bridge. Same seed, same result.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence

from triominos.board import Board
from triominos.geometry import Cell, cell_corners, cell_neighbours, point_cells
from triominos.moves import Placement
from triominos.scoring import MoveOutcome
from triominos.tiles import TILES, Tile

__all__ = [
    "SearchFailed",
    "board_edge_count",
    "hole_opposite_cell",
    "hole_ring_cells",
    "playout",
    "playout_full",
    "point_contact_cells",
    "position_construct",
]


class SearchFailed(RuntimeError):
    """A seeded search found nothing within its budget (pick another seed)."""


def board_edge_count(board: Board, cell: Cell) -> int:
    """How many of ``cell``'s edge neighbours hold a tile."""
    return sum(board.tile_at(neighbour) is not None for neighbour in cell_neighbours(cell))


def _compactness(board: Board, placement: Placement) -> int:
    """Prefer cells that touch many tiles: a compact board closes hexagons."""
    touched = sum(board.tiles_around(point) for point in cell_corners(placement.cell))
    return touched + 4 * board_edge_count(board, placement.cell)


def playout(
    rng: random.Random,
    *,
    length: int,
    tiles: Iterable[Tile] = TILES,
    compact: float = 0.5,
) -> list[tuple[Placement, MoveOutcome]]:
    """Up to ``length`` random legal placements from an empty board, each tile once.

    With probability ``compact`` a move is picked among the most compact placements
    (see :func:`_compactness`), otherwise uniformly; stops early when nothing fits.
    """
    board = Board()
    remaining = sorted(set(tiles), key=lambda tile: tile.index)
    played: list[tuple[Placement, MoveOutcome]] = []
    while len(played) < length and remaining:
        legal = board.legal_placements(remaining)
        if not legal:
            break
        if rng.random() < compact:
            scored = [(_compactness(board, placement), placement) for placement in legal]
            best = max(score for score, _ in scored)
            choice = rng.choice([placement for score, placement in scored if score == best])
        else:
            choice = rng.choice(legal)
        played.append((choice, board.push(choice)))
        remaining.remove(choice.tile)
    return played


def playout_full(rng: random.Random, *, restarts: int = 60, budget: int = 400) -> list[Placement]:
    """All 56 tiles on one board, in a legal order.

    A depth-first search with undo: triples first, then the tile with the fewest
    legal placements, on the loosest cells (few tiles around them keep numbers free for the
    tiles still to come), ties broken by ``rng``; a search past ``budget`` nodes is
    abandoned and restarted. Raises SearchFailed after ``restarts`` attempts.
    """
    for _ in range(restarts):
        try:
            return _full_search(rng, budget)
        except SearchFailed:
            continue
    raise SearchFailed("no full board from this seed")


def _full_search(rng: random.Random, budget: int) -> list[Placement]:
    board = Board()
    remaining = set(TILES)
    order: list[Placement] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        if not remaining:
            return True
        nodes += 1
        if nodes > budget:
            raise SearchFailed("out of budget")
        by_tile: dict[Tile, list[Placement]] = {}
        for placement in board.legal_placements(remaining):
            by_tile.setdefault(placement.tile, []).append(placement)
        if not by_tile:
            return False

        # Triples first: a triple needs an edge showing its number twice, and those
        # grow rare on a crowded board.
        def urgency(tile: Tile) -> tuple[bool, int]:
            return (not tile.is_triple, len(by_tile[tile]))

        first = min(urgency(tile) for tile in by_tile)
        tiles = sorted(
            (tile for tile in by_tile if urgency(tile) == first), key=lambda tile: tile.index
        )
        tile = rng.choice(tiles)
        options = by_tile[tile]
        rng.shuffle(options)
        options.sort(key=lambda placement: _compactness(board, placement))
        for placement in options[:3]:
            board.push(placement)
            remaining.discard(tile)
            order.append(placement)
            if search():
                return True
            board.pop()
            remaining.add(tile)
            order.pop()
        return False

    if not search():
        raise SearchFailed("dead end")
    return order


def _fits_at(board: Board, cell: Cell, used: set[Tile]) -> list[Placement]:
    """The legal placements on ``cell`` of the tiles not in ``used``."""
    return board.legal_placements_at(cell, (tile for tile in TILES if tile not in used))


def hole_opposite_cell(hole: Cell, corner: int) -> Cell:
    """The cell across corner ``corner`` of ``hole``: around that point, the one that
    shares neither an edge nor another corner with the hole."""
    around = point_cells(cell_corners(hole)[corner])
    cycle = (around[0], around[1], around[2], around[5], around[4], around[3])
    return cycle[(cycle.index(hole) + 3) % 6]


def hole_ring_cells(hole: Cell, corners: Sequence[int]) -> set[Cell]:
    """The cells around the given corners of ``hole``, without the hole itself."""
    points = cell_corners(hole)
    cells: set[Cell] = set()
    for corner in corners:
        cells.update(point_cells(points[corner]))
    cells.discard(hole)
    return cells


def _connect(cells: set[Cell], avoid: set[Cell]) -> set[Cell]:
    """``cells`` plus [0, 0] plus the shortest edge paths (avoiding ``avoid``) that join
    them into one connected region."""
    region = set(cells) | {Cell(0, 0)}
    while True:
        component = _component(region, Cell(0, 0))
        others = region - component
        if not others:
            return region
        region.update(_path_between(component, others, avoid))


def _component(region: set[Cell], start: Cell) -> set[Cell]:
    seen = {start}
    queue = deque([start])
    while queue:
        for neighbour in cell_neighbours(queue.popleft()):
            if neighbour in region and neighbour not in seen:
                seen.add(neighbour)
                queue.append(neighbour)
    return seen


def _path_between(sources: set[Cell], targets: set[Cell], avoid: set[Cell]) -> list[Cell]:
    """The shortest edge path from any of ``sources`` to any of ``targets``."""
    previous: dict[Cell, Cell | None] = {cell: None for cell in sorted(sources)}
    queue = deque(sorted(sources))
    while queue:
        cell = queue.popleft()
        if cell in targets:
            path = []
            walk: Cell | None = cell
            while walk is not None:
                path.append(walk)
                walk = previous[walk]
            return path[::-1]
        for neighbour in cell_neighbours(cell):
            if neighbour not in previous and neighbour not in avoid:
                previous[neighbour] = cell
                queue.append(neighbour)
    raise SearchFailed("no path")  # pragma: no cover (the grid is unbounded)


def _fill_order(cells: set[Cell]) -> list[Cell]:
    """``cells`` (connected, holding [0, 0]) in breadth-first order from [0, 0]."""
    order = [Cell(0, 0)]
    seen = {Cell(0, 0)}
    index = 0
    while index < len(order):
        for neighbour in cell_neighbours(order[index]):
            if neighbour in cells and neighbour not in seen:
                seen.add(neighbour)
                order.append(neighbour)
        index += 1
    if len(order) != len(cells):
        raise SearchFailed("cells are not connected")
    return order


def position_construct(
    rng: random.Random,
    *,
    cells: set[Cell],
    hole: Cell,
    bonus: str | None,
    avoid: Iterable[Cell] = (),
    budget: int = 4_000,
    avoid_bonus: bool = False,
) -> list[Placement]:
    """Tiles on ``cells`` (joined to [0, 0] by shortest paths that keep off ``avoid``
    if needed), then one on ``hole`` that earns ``bonus``. Returns the placements, the
    hole's last."""
    order = _fill_order(_connect(cells, {hole, *avoid}))
    board = Board()
    used: set[Tile] = set()
    result: list[Placement] = []
    nodes = 0

    def search(index: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise SearchFailed("construction ran out of budget")
        if index == len(order):
            finals = [
                placement
                for placement in _fits_at(board, hole, used)
                if board.outcome(placement).bonus == bonus
            ]
            if not finals:
                return False
            result.append(rng.choice(finals))
            return True
        cell = order[index]
        options = _fits_at(board, cell, used)
        rng.shuffle(options)
        for placement in options[:6]:
            if avoid_bonus and board.outcome(placement).bonus is not None:
                continue
            board.push(placement)
            used.add(placement.tile)
            result.append(placement)
            if search(index + 1):
                return True
            board.pop()
            used.discard(placement.tile)
            result.pop()
        return False

    if not search(0):
        raise SearchFailed("no construction from this seed")
    return result


def point_contact_cells(board: Board) -> list[Cell]:
    """Empty cells sharing a corner but no edge with the board."""
    cells: set[Cell] = set()
    for placement in board.placements:
        for point in cell_corners(placement.cell):
            for cell in point_cells(point):
                if board.tile_at(cell) is None and board_edge_count(board, cell) == 0:
                    cells.add(cell)
    return sorted(cells)
