"""A puzzle, a filling of it, their JSON forms, and the codes a filling can be refused with.

A puzzle is a connected shape of cells and the tray of distinct tiles that fills it.
A filling is a list of **pieces**, each a tile on a cell in a rotation or a joker (a
blank tile) on a cell; docs/puzzles.md is the contract.

JSON forms::

    puzzle: {"cells": [[0, 0], [0, 1], ...], "tray": ["1-2-3", ...]}
    pieces: [{"type": "place", "tile": "1-2-3", "cell": [0, 0], "rotation": 2},
             {"type": "joker", "cell": [0, 1]}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, get_args

from triominos.errors import shown
from triominos.geometry import Cell
from triominos.puzzles.shapes import shape_connected, shape_normal
from triominos.tiles import Tile, tile_parse

__all__ = [
    "MAX_JOKERS",
    "PUZZLE_ERROR_CODES",
    "STARS_BY_JOKERS",
    "Joker",
    "Piece",
    "Puzzle",
    "PuzzleError",
    "PuzzleErrorCode",
    "RawPlace",
    "piece_from_json",
    "pieces_to_json",
    "stars_for",
]

MAX_JOKERS = 2
"""A filling uses at most this many jokers."""

STARS_BY_JOKERS: tuple[int, ...] = (3, 2, 1)
"""Stars of a filled shape, by the number of jokers it used."""

# docs/puzzles.md's table, in its order of precedence.
PuzzleErrorCode = Literal[
    "malformed",
    "too_many_jokers",
    "unknown_tile",
    "tile_not_in_tray",
    "tile_used_twice",
    "bad_rotation",
    "cell_outside_shape",
    "cell_occupied",
    "corner_mismatch",
    "shape_not_filled",
]
PUZZLE_ERROR_CODES: tuple[PuzzleErrorCode, ...] = get_args(PuzzleErrorCode)


def stars_for(jokers: int) -> int:
    """The stars of a filled shape that used ``jokers`` jokers (0 to MAX_JOKERS)."""
    return STARS_BY_JOKERS[jokers]


class PuzzleError(ValueError):
    """A filling refused: ``code`` (the first rule broken), ``index`` (of the piece that
    broke it, or the number of pieces for ``shape_not_filled``) and a ``detail``."""

    def __init__(self, code: PuzzleErrorCode, index: int, detail: str) -> None:
        super().__init__(detail)
        self.code: PuzzleErrorCode = code
        self.index = index
        self.detail = detail

    def __repr__(self) -> str:
        return f"PuzzleError({self.code!r}, {self.index}, {self.detail!r})"


class Piece(NamedTuple):
    """A tile on a cell of the shape, in a rotation (0, 1 or 2)."""

    tile: Tile
    cell: Cell
    rotation: int

    def to_json(self) -> dict[str, object]:
        return {
            "type": "place",
            "tile": self.tile.id,
            "cell": [self.cell.row, self.cell.col],
            "rotation": self.rotation,
        }


class Joker(NamedTuple):
    """A blank tile on a cell: it shows no number, so it fits any neighbour."""

    cell: Cell

    def to_json(self) -> dict[str, object]:
        return {"type": "joker", "cell": [self.cell.row, self.cell.col]}


@dataclass(frozen=True)
class Puzzle:
    """A shape (sorted cells, connected) and its tray (distinct tiles, in the order
    shown: shuffled by the generator, never sorted by where they go)."""

    cells: tuple[Cell, ...]
    tray: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if self.cells != shape_normal(self.cells) or not shape_connected(self.cells):
            raise ValueError("a puzzle's cells are distinct, sorted and connected")
        if len(set(self.tray)) != len(self.tray) or len(self.tray) != len(self.cells):
            raise ValueError("a puzzle's tray holds one distinct tile per cell")

    @property
    def size(self) -> int:
        return len(self.cells)

    def to_json(self) -> dict[str, object]:
        return {
            "cells": [[cell.row, cell.col] for cell in self.cells],
            "tray": [tile.id for tile in self.tray],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        """The puzzle a stored row or a vector spells (ValueError if it is no puzzle)."""
        cells = tuple(Cell(int(row), int(col)) for row, col in data["cells"])
        return cls(cells, tuple(tile_parse(tile) for tile in data["tray"]))


def _cell_of(raw: object) -> Cell | None:
    if (
        type(raw) is list and len(raw) == 2 and all(type(v) is int for v in raw)
    ):  # not JSON true/false
        return Cell(raw[0], raw[1])
    return None


class RawPlace(NamedTuple):
    """A place as sent, its tile id and rotation not checked yet (the checker names
    ``unknown_tile`` or ``bad_rotation`` in their turn)."""

    tile: str
    cell: Cell
    rotation: int


def piece_from_json(raw: object, index: int) -> RawPlace | Joker:
    """One piece of a filling; PuzzleError ``malformed`` for anything not of its shape."""
    bad = PuzzleError("malformed", index, f"piece {index} is not a piece: {shown(raw)}")
    if type(raw) is not dict:
        raise bad
    kind = raw.get("type")
    cell = _cell_of(raw.get("cell"))
    if cell is None:
        raise bad
    if kind == "joker" and set(raw) == {"type", "cell"}:
        return Joker(cell)
    tile, rotation = raw.get("tile"), raw.get("rotation")
    if kind != "place" or type(tile) is not str or type(rotation) is not int:
        raise bad
    if set(raw) != {"type", "tile", "cell", "rotation"}:
        raise bad
    return RawPlace(tile, cell, rotation)


def pieces_to_json(pieces: list[Piece | Joker]) -> list[dict[str, object]]:
    return [piece.to_json() for piece in pieces]
