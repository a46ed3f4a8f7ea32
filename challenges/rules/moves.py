"""Placements and moves, their canonical text forms, and the run-log JSON form.

Text forms (each with a parse/format pair, ``parse(format(x)) == x``):

- placement: ``"3-4-5@0,-1r2"``: tile id, ``@``, cell ``row,col``, ``r`` and the rotation;
- move: ``"1830:place:3-4-5@0,0r0"`` or ``"4210:draw"``: time in ms, kind, placement.

JSON form (the run log of RULES.md): ``{"t": 1830, "type": "place", "tile": "3-4-5",
"cell": [0, 0], "rotation": 0}`` and ``{"t": 4210, "type": "draw"}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from challenges.rules.geometry import Cell, Point, cell_corners
from challenges.rules.tiles import Tile, tile_parse

__all__ = [
    "Move",
    "Placement",
    "log_from_moves",
    "move_format",
    "move_parse",
    "placement_format",
    "placement_parse",
]


class Placement(NamedTuple):
    """A tile on a cell in a rotation (0, 1 or 2)."""

    tile: Tile
    cell: Cell
    rotation: int

    def corner_numbers(self) -> tuple[int, int, int]:
        """The numbers corners 0, 1 and 2 of the cell show."""
        return self.tile.corner_numbers(self.rotation)

    def corner_points(self) -> tuple[Point, Point, Point]:
        return cell_corners(self.cell)

    def to_json(self) -> dict[str, object]:
        """The placement as the legal-moves vectors spell it."""
        return {
            "tile": self.tile.id,
            "cell": [self.cell.row, self.cell.col],
            "rotation": self.rotation,
        }

    def __str__(self) -> str:
        return placement_format(self)


_INT = r"(?:0|-?[1-9][0-9]*)"
_PLACEMENT = re.compile(rf"([0-5]-[0-5]-[0-5])@({_INT}),({_INT})r([012])")
_MOVE = re.compile(rf"({_INT}):(?:(draw)|place:(.*))", re.DOTALL)


def placement_format(placement: Placement) -> str:
    """``"3-4-5@0,-1r2"``."""
    tile, (row, col), rotation = placement
    return f"{tile.id}@{row},{col}r{rotation}"


def placement_parse(text: str) -> Placement:
    """The placement written ``text`` (see :func:`placement_format`); ValueError otherwise."""
    match = _PLACEMENT.fullmatch(text) if type(text) is str else None
    if match is None:
        raise ValueError(f"not a placement: {text!r} (expected e.g. '3-4-5@0,-1r2')")
    tile_id, row, col, rotation = match.groups()
    return Placement(tile_parse(tile_id), Cell(int(row), int(col)), int(rotation))


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a run: at ``t`` ms, a placement, or a draw when ``placement`` is None."""

    t: int
    placement: Placement | None = None

    @classmethod
    def draw(cls, t: int) -> Move:
        return cls(t, None)

    @classmethod
    def place(cls, t: int, placement: Placement) -> Move:
        return cls(t, placement)

    @property
    def is_draw(self) -> bool:
        return self.placement is None

    def to_json(self) -> dict[str, object]:
        """The move as a run log spells it."""
        if self.placement is None:
            return {"t": self.t, "type": "draw"}
        tile, (row, col), rotation = self.placement
        return {
            "t": self.t,
            "type": "place",
            "tile": tile.id,
            "cell": [row, col],
            "rotation": rotation,
        }

    def __str__(self) -> str:
        return move_format(self)


def move_format(move: Move) -> str:
    """``"1830:place:3-4-5@0,0r0"`` or ``"4210:draw"``."""
    if move.placement is None:
        return f"{move.t}:draw"
    return f"{move.t}:place:{placement_format(move.placement)}"


def move_parse(text: str) -> Move:
    """The move written ``text`` (see :func:`move_format`); ValueError otherwise."""
    match = _MOVE.fullmatch(text) if type(text) is str else None
    if match is None:
        raise ValueError(
            f"not a move: {text!r} (expected e.g. '1830:place:3-4-5@0,0r0' or '4210:draw')"
        )
    t, draw, placement = match.groups()
    if draw:
        return Move(int(t), None)
    return Move(int(t), placement_parse(placement))


def log_from_moves(moves: Iterable[Move]) -> dict[str, object]:
    """The run log (``{"moves": [...]}``) a client would send for ``moves``."""
    return {"moves": [move.to_json() for move in moves]}
