"""Geometry vectors: cell orientation and corners, points, neighbours, rotations, tile ids."""

from __future__ import annotations

import random
from typing import Any

from triominos.geometry import (
    Cell,
    Point,
    cell_corners,
    cell_neighbours,
    cell_points_up,
    point_cells,
)
from triominos.tiles import TILE_IDS, TILES, tile_parse

__all__ = ["geometry_cases"]

Case = dict[str, Any]

# Around the origin and around far-away, negative and mixed-sign places.
_CELL_CENTRES = ((0, 0), (-3, -4), (5, -7), (-6, 9), (27, 28), (-55, -56))

_TILE_SPELLINGS = (
    "0-0-0",
    "5-5-5",
    "3-4-5",
    "1-2-5",
    "5-4-3",
    "4-3-5",
    "3-5-4",
    "0-0-6",
    "6-6-6",
    "-1-0-0",
    "3-4-5 ",
    " 3-4-5",
    "345",
    "3_4_5",
    "3-4",
    "3-4-5-0",
    "",
    "a-b-c",
    "03-4-5",
    "3--4-5",
    "3-4-5\n",
    "\u0663-\u0664-\u0665",  # Arabic-Indic digits: int() would accept them
    "3-4-\uff15",  # a fullwidth 5
    "0-0-0-",
    "2-2-1",
    "5-5-4",
)


def _pair(row: int, col: int) -> list[int]:
    return [row, col]


def _cell_case(cell: Cell) -> Case:
    return {
        "name": f"geometry/cell/{cell.row},{cell.col}",
        "tags": sorted(
            {"geometry:cell", "geometry:up" if cell_points_up(cell) else "geometry:down"}
            | ({"geometry:negative"} if cell.row < 0 or cell.col < 0 else set())
        ),
        "kind": "cell",
        "input": {"cell": _pair(*cell)},
        "expect": {
            "up": cell_points_up(cell),
            "corners": [_pair(*point) for point in cell_corners(cell)],
            "neighbours": sorted(_pair(*neighbour) for neighbour in cell_neighbours(cell)),
        },
    }


def _point_case(point: Point) -> Case:
    return {
        "name": f"geometry/point/{point.row},{point.x}",
        "tags": sorted(
            {"geometry:point"} | ({"geometry:negative"} if point.row < 0 or point.x < 0 else set())
        ),
        "kind": "point",
        "input": {"point": _pair(*point)},
        "expect": {"cells": [_pair(*cell) for cell in point_cells(point)]},
    }


def _placement_case(tile_id: str, cell: Cell, rotation: int) -> Case:
    tile = tile_parse(tile_id)
    numbers = tile.corner_numbers(rotation)
    return {
        "name": f"geometry/placement/{tile_id}@{cell.row},{cell.col}r{rotation}",
        "tags": sorted(
            {"geometry:rotation", "geometry:up" if cell_points_up(cell) else "geometry:down"}
        ),
        "kind": "placement",
        "input": {"tile": tile_id, "cell": _pair(*cell), "rotation": rotation},
        "expect": {
            "numbers": list(numbers),
            "points": [
                [point.row, point.x, number]
                for point, number in zip(cell_corners(cell), numbers, strict=True)
            ],
        },
    }


def _tile_case(index: int, text: str) -> Case:
    valid = text in TILE_IDS
    return {
        "name": f"geometry/tile/{index:02d}",
        "tags": ["tile:" + ("canonical" if valid else "not_canonical")],
        "kind": "tile",
        "input": {"text": text},
        "expect": {"valid": valid, "value": tile_parse(text).value if valid else None},
    }


def geometry_cases() -> list[Case]:
    cases: list[Case] = []
    cells: list[Cell] = []
    for row0, col0 in _CELL_CENTRES:
        cells.extend(Cell(row0 + dr, col0 + dc) for dr in (-1, 0, 1) for dc in (-2, -1, 0, 1, 2))
    cells = list(dict.fromkeys(cells))
    cases.extend(_cell_case(cell) for cell in cells)
    points: list[Point] = []
    for row0, x0 in _CELL_CENTRES:
        for dr in (-1, 0, 1, 2):
            for dx in range(-3, 4):
                if (row0 + dr + x0 + dx) % 2 == 1:
                    points.append(Point(row0 + dr, x0 + dx))
    cases.extend(_point_case(point) for point in dict.fromkeys(points))
    shuffle = random.Random(20261121)
    for index, tile in enumerate(TILES):
        cell = cells[shuffle.randrange(len(cells))]
        up = cell if cell_points_up(cell) else Cell(cell.row, cell.col + 1)
        down = Cell(up.row, up.col + 1)
        cases.extend(
            _placement_case(tile.id, target, (index + k) % 3) for k, target in enumerate((up, down))
        )
    for cell in (Cell(0, 0), Cell(0, 1), Cell(-1, -2), Cell(-2, -1)):
        cases.extend(_placement_case("1-2-5", cell, rotation) for rotation in (0, 1, 2))
    cases.extend(_tile_case(index, text) for index, text in enumerate(_TILE_SPELLINGS))
    cases.extend(
        _tile_case(len(_TILE_SPELLINGS) + index, tile_id)
        for index, tile_id in enumerate(TILE_IDS[::5])
    )
    return cases
