"""The triangular grid: cells, points, corners and neighbours, as RULES.md defines them.

A **cell** ``[row, col]`` points up when ``row + col`` is even and down when it is odd.
A **point** ``(row, x)`` is a lattice corner: ``row`` counts horizontal lines from the
top of row 0 and ``x`` is in half-edges, so ``row + x`` is always odd.

Corners are numbered clockwise from the apex (the corner opposite the horizontal edge):

- up ``[r, c]``: apex (top) ``(r, c+1)``, bottom-right ``(r+1, c+2)``, bottom-left ``(r+1, c)``;
- down ``[r, c]``: apex (bottom) ``(r+1, c+1)``, top-left ``(r, c)``, top-right ``(r, c+2)``.

Text forms: a cell is ``"row,col"`` (``"0,-1"``), a point is ``"row,x"`` (``"2,0"``),
integers written the way ``str(int)`` writes them, no spaces.

The board works on *packed* coordinates: a cell or a point ``(row, col)`` is the single
integer ``row * STRIDE + col``. ``STRIDE`` is odd, so a packed cell is even exactly when
the cell points up, and the neighbours, corners and surrounding cells of any cell or
point are fixed integer offsets (one table per orientation). Packing is exact for
``|col| <= COORD_LIMIT``; every tile of a game lies within 56 steps of ``[0, 0]``, so a
cell beyond the limit can never touch the board.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = [
    "CELL_CORNER_OFFSETS",
    "CELL_NEIGHBOUR_OFFSETS",
    "COORD_LIMIT",
    "ORIGIN",
    "POINT_CELL_OFFSETS",
    "STRIDE",
    "Cell",
    "Point",
    "cell_corners",
    "cell_format",
    "cell_neighbours",
    "cell_pack",
    "cell_parse",
    "cell_points_up",
    "cell_unpack",
    "coords_packable",
    "point_cells",
    "point_format",
    "point_pack",
    "point_parse",
    "point_unpack",
]


class Cell(NamedTuple):
    """A triangle of the grid, ``[row, col]``; rows grow downward, columns to the right."""

    row: int
    col: int

    @property
    def points_up(self) -> bool:
        return (self.row + self.col) % 2 == 0

    def __str__(self) -> str:
        return cell_format(self)


class Point(NamedTuple):
    """A lattice corner ``(row, x)``, ``x`` in half-edges (``row + x`` is odd)."""

    row: int
    x: int

    def __str__(self) -> str:
        return point_format(self)


ORIGIN = Cell(0, 0)
"""Where the first tile of every game goes."""


def cell_points_up(cell: Cell) -> bool:
    """True when ``cell`` points up (``row + col`` even), like ``[0, 0]``."""
    return (cell.row + cell.col) % 2 == 0


def cell_corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The points under corners 0, 1 and 2 of ``cell`` (clockwise from the apex)."""
    r, c = cell
    if (r + c) % 2 == 0:
        return (Point(r, c + 1), Point(r + 1, c + 2), Point(r + 1, c))
    return (Point(r + 1, c + 1), Point(r, c), Point(r, c + 2))


def cell_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge with ``cell``: left, right, then above or below."""
    r, c = cell
    if (r + c) % 2 == 0:
        return (Cell(r, c - 1), Cell(r, c + 1), Cell(r + 1, c))
    return (Cell(r, c - 1), Cell(r, c + 1), Cell(r - 1, c))


def point_cells(point: Point) -> tuple[Cell, Cell, Cell, Cell, Cell, Cell]:
    """The six cells around ``point``: three in the row above it, three in the row below."""
    pr, px = point
    return (
        Cell(pr - 1, px - 2),
        Cell(pr - 1, px - 1),
        Cell(pr - 1, px),
        Cell(pr, px - 2),
        Cell(pr, px - 1),
        Cell(pr, px),
    )


# --- text forms ------------------------------------------------------------------

_PAIR = re.compile(r"(0|-?[1-9][0-9]*),(0|-?[1-9][0-9]*)")


def _pair_parse(text: str, what: str) -> tuple[int, int]:
    match = _PAIR.fullmatch(text) if type(text) is str else None
    if match is None:
        raise ValueError(f"not a {what}: {text!r} (expected two integers like '0,-1')")
    return int(match.group(1)), int(match.group(2))


def cell_format(cell: Cell) -> str:
    """``Cell(0, -1)`` -> ``"0,-1"``."""
    return f"{cell.row},{cell.col}"


def cell_parse(text: str) -> Cell:
    """``"0,-1"`` -> ``Cell(0, -1)``; ValueError for any other spelling (spaces, ``-0``, ``+1``)."""
    return Cell(*_pair_parse(text, "cell"))


def point_format(point: Point) -> str:
    """``Point(2, 1)`` -> ``"2,1"``."""
    return f"{point.row},{point.x}"


def point_parse(text: str) -> Point:
    """``"2,1"`` -> ``Point(2, 1)``; ValueError if not canonical or ``row + x`` is even."""
    row, x = _pair_parse(text, "point")
    if (row + x) % 2 == 0:
        raise ValueError(f"not a point: {text!r} (row + x must be odd)")
    return Point(row, x)


# --- packed coordinates ----------------------------------------------------------

COORD_LIMIT = 1000
"""Columns with ``|col| <= COORD_LIMIT`` pack exactly (rows are unbounded)."""

_HALF = 1024
STRIDE = 2 * _HALF + 1
"""Packed ``(row, col)`` is ``row * STRIDE + col``; odd, so parity == orientation."""

CELL_CORNER_OFFSETS: tuple[tuple[int, int, int], tuple[int, int, int]] = (
    (
        1,
        STRIDE + 2,
        STRIDE,
    ),  # up cell: apex (r, c+1), bottom-right (r+1, c+2), bottom-left (r+1, c)
    (STRIDE + 1, 0, 2),  # down cell: apex (r+1, c+1), top-left (r, c), top-right (r, c+2)
)
"""Packed cell + offset = packed point of each corner, indexed by ``packed_cell & 1``."""

CELL_NEIGHBOUR_OFFSETS: tuple[tuple[int, int, int], tuple[int, int, int]] = (
    (-1, 1, STRIDE),  # up cell: left, right, below
    (-1, 1, -STRIDE),  # down cell: left, right, above
)
"""Packed cell + offset = packed edge neighbour, indexed by ``packed_cell & 1``."""

POINT_CELL_OFFSETS: tuple[int, int, int, int, int, int] = (
    -STRIDE - 2,
    -STRIDE - 1,
    -STRIDE,
    -2,
    -1,
    0,
)
"""Packed point + offset = packed cell around it (same order as :func:`point_cells`)."""


def cell_pack(row: int, col: int) -> int:
    """One integer for ``[row, col]``; only meaningful when ``|col| <= COORD_LIMIT``."""
    return row * STRIDE + col


def cell_unpack(packed: int) -> Cell:
    row = (packed + _HALF) // STRIDE
    return Cell(row, packed - row * STRIDE)


def point_pack(row: int, x: int) -> int:
    return row * STRIDE + x


def point_unpack(packed: int) -> Point:
    row = (packed + _HALF) // STRIDE
    return Point(row, packed - row * STRIDE)


def coords_packable(row: int, col: int) -> bool:
    """True when ``[row, col]`` is close enough to the origin to ever hold a tile."""
    return -COORD_LIMIT <= row <= COORD_LIMIT and -COORD_LIMIT <= col <= COORD_LIMIT
