"""Counting a puzzle's solutions: every way to put the whole tray on the shape with
each point showing one number. Two fillings differ when some cell shows another tile
or other numbers at its corners (a triple's three rotations look the same: one).

A depth-first search that fills, at each step, the empty cell with the fewest tiles
that fit it (and backs off as soon as some cell has none). Points are small integers,
their numbers live in a list, and the tiles that fit a cell come from one lookup of
what its corners demand.
"""

from __future__ import annotations

import random

from triominos.geometry import Cell, cell_corners
from triominos.puzzles.puzzle import Piece, Puzzle
from triominos.tiles import Tile

__all__ = ["SearchTooLong", "fillings_search", "puzzle_solutions", "puzzle_solutions_count"]

_ANY = -1


class SearchTooLong(Exception):
    """The search tried more cells than its budget allowed."""


Look = tuple[int, int, int, int, int]
"""(tray slot, rotation, numbers at corners 0, 1, 2): one way a tile can look on a cell."""


def _looks_by_demand(tiles: tuple[Tile, ...]) -> dict[tuple[int, int, int], list[Look]]:
    """Every demand a cell's corners can make (a number or any, at each corner) and the
    looks of the tiles that meet it."""
    table: dict[tuple[int, int, int], list[Look]] = {}
    for slot, tile in enumerate(tiles):
        for rotation in (0,) if tile.is_triple else (0, 1, 2):
            x, y, z = tile.corner_numbers(rotation)
            for mask in range(8):
                key = (
                    x if mask & 1 else _ANY,
                    y if mask & 2 else _ANY,
                    z if mask & 4 else _ANY,
                )
                table.setdefault(key, []).append((slot, rotation, x, y, z))
    return table


def fillings_search(
    cells: tuple[Cell, ...],
    tiles: tuple[Tile, ...],
    *,
    limit: int | None,
    keep_first: bool,
    rng: random.Random | None = None,
    budget: int | None = None,
) -> tuple[int, list[Piece]]:
    """Counts the ways to fill ``cells`` with distinct ``tiles`` (up to ``limit``), with
    the first filling found if ``keep_first``; ``rng`` shuffles the order tiles are
    tried in (the generator's random filling), else the count is all that changes.
    ``budget`` caps the cells tried: past it, :class:`SearchTooLong`."""
    point_index: dict[object, int] = {}
    corners = [
        tuple(point_index.setdefault(p, len(point_index)) for p in cell_corners(cell))
        for cell in cells
    ]
    table = _looks_by_demand(tiles)
    if rng is not None:
        for looks in table.values():
            rng.shuffle(looks)
    numbers = [_ANY] * len(point_index)
    held = [0] * len(point_index)
    used = [False] * len(tiles)
    empty = set(range(len(cells)))
    chosen: dict[int, tuple[int, int]] = {}
    first: list[Piece] = []
    count = 0
    left = budget if budget is not None else -1

    def fill() -> bool:
        """Counts the fillings from here; False once ``limit`` is reached."""
        nonlocal count, left
        left -= 1
        if left == 0:
            raise SearchTooLong(f"more than {budget} cells tried")
        if not empty:
            count += 1
            if keep_first and not first:
                first.extend(
                    Piece(tiles[slot], cells[i], rotation) for i, (slot, rotation) in chosen.items()
                )
            return limit is None or count < limit
        best_cell = -1
        best: list[Look] = []
        for i in empty:
            a, b, c = corners[i]
            fitting = [
                look
                for look in table.get((numbers[a], numbers[b], numbers[c]), ())
                if not used[look[0]]
            ]
            if not fitting:
                return True
            if best_cell < 0 or len(fitting) < len(best):
                best_cell, best = i, fitting
                if len(best) == 1:
                    break
        pa, pb, pc = corners[best_cell]
        empty.remove(best_cell)
        going = True
        for slot, rotation, x, y, z in best:
            used[slot] = True
            numbers[pa], numbers[pb], numbers[pc] = x, y, z
            held[pa] += 1
            held[pb] += 1
            held[pc] += 1
            chosen[best_cell] = (slot, rotation)
            going = fill()
            del chosen[best_cell]
            for point in (pa, pb, pc):
                held[point] -= 1
                if not held[point]:
                    numbers[point] = _ANY
            used[slot] = False
            if not going:
                break
        empty.add(best_cell)
        return going

    fill()
    return count, first


def puzzle_solutions_count(puzzle: Puzzle, *, limit: int | None = None) -> int:
    """How many fillings of ``puzzle`` use the whole tray and no joker (at most
    ``limit``, where the search stops)."""
    return fillings_search(puzzle.cells, puzzle.tray, limit=limit, keep_first=False)[0]


def puzzle_solutions(puzzle: Puzzle) -> tuple[int, tuple[Piece, ...]]:
    """The number of fillings and the first one found (empty when there is none)."""
    count, first = fillings_search(puzzle.cells, puzzle.tray, limit=None, keep_first=True)
    return count, tuple(sorted(first, key=lambda piece: piece.cell))
