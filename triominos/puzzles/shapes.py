"""The shapes a puzzle asks to fill: connected sets of cells of the triangular grid.

Every shape here is a tuple of :class:`Cell` sorted by (row, col), so that a shape has
one spelling. The named shapes are built from a centre or a corner; :func:`shape_grow`
grows an irregular one from ``[0, 0]`` with a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from triominos.geometry import ORIGIN, Cell, Point, cell_corners, cell_neighbours

__all__ = [
    "shape_connected",
    "shape_grow",
    "shape_hexagon",
    "shape_normal",
    "shape_points",
    "shape_strip",
    "shape_triangle",
]


def shape_normal(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells once each, sorted by (row, col): a shape's one spelling."""
    return tuple(sorted({Cell(*cell) for cell in cells}))


def shape_connected(cells: Iterable[Cell]) -> bool:
    """True when every cell can be reached from any other through shared edges."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        for neighbour in cell_neighbours(stack.pop()):
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def shape_points(cells: Iterable[Cell]) -> tuple[Point, ...]:
    """Every point some cell of the shape has as a corner, sorted."""
    return tuple(sorted({point for cell in cells for point in cell_corners(cell)}))


def _point_distance(a: Point, b: Point) -> int:
    # A point's steps are (0, +-2), (+-1, +-1): in the axial coordinates (q, r) of the
    # triangular lattice, q = (dx - dr) / 2 and r = dr, the distance is max(|q|, |r|, |q+r|).
    dr = b.row - a.row
    q = (b.x - a.x - dr) // 2
    return max(abs(q), abs(dr), abs(q + dr))


_ORIGIN_APEX = Point(0, 1)


def shape_hexagon(radius: int, centre: Point = _ORIGIN_APEX) -> tuple[Cell, ...]:
    """The hexagon of ``radius`` edges around ``centre`` (6 * radius**2 cells): radius 1
    is the six cells around one point, the board's hexagon."""
    if radius < 1:
        raise ValueError(f"a hexagon's radius is at least 1, got {radius}")
    cells = []
    for row in range(centre.row - radius, centre.row + radius):
        for col in range(centre.x - 2 * radius - 1, centre.x + 2 * radius + 1):
            cell = Cell(row, col)
            if all(_point_distance(centre, p) <= radius for p in cell_corners(cell)):
                cells.append(cell)
    return shape_normal(cells)


def shape_triangle(side: int, top: Cell = ORIGIN) -> tuple[Cell, ...]:
    """The big up-pointing triangle of ``side`` edges whose apex cell is ``top`` (an
    up cell): ``side**2`` cells."""
    if side < 1 or not top.points_up:
        raise ValueError("a triangle has a side of at least 1 and an up cell at its apex")
    return shape_normal(
        Cell(top.row + i, top.col + j) for i in range(side) for j in range(-i, i + 1)
    )


def shape_strip(length: int, start: Cell = ORIGIN) -> tuple[Cell, ...]:
    """``length`` cells side by side in one row, from ``start`` to the right."""
    if length < 1:
        raise ValueError(f"a strip has at least one cell, got {length}")
    return shape_normal(Cell(start.row, start.col + i) for i in range(length))


def shape_grow(size: int, rng: random.Random) -> tuple[Cell, ...]:
    """A connected shape of ``size`` cells grown from ``[0, 0]``: each new cell is drawn
    from the empty cells touching the shape, those touching it on two or three sides
    weighted up, so that shapes come out compact rather than stringy."""
    if size < 1:
        raise ValueError(f"a shape has at least one cell, got {size}")
    shape = {Cell(0, 0)}
    while len(shape) < size:
        touching: dict[Cell, int] = {}
        for cell in sorted(shape):
            for neighbour in cell_neighbours(cell):
                if neighbour not in shape:
                    touching[neighbour] = touching.get(neighbour, 0) + 1
        candidates = sorted(touching)
        weights = [touching[cell] ** 3 for cell in candidates]
        shape.add(rng.choices(candidates, weights)[0])
    return shape_normal(shape)
