"""Placements and moves, their canonical text forms, and the run-log JSON form.

Text forms (each with a parse/format pair, ``parse(format(x)) == x``):

- placement: ``"3-4-5@0,-1r2"``: tile id, ``@``, cell ``row,col``, ``r`` and the rotation;
- move: ``"1830:place:3-4-5@0,0r0"`` or ``"4210:draw"``: time in ms, kind, placement.

JSON form (the run log of RULES.md): ``{"t": 1830, "type": "place", "tile": "3-4-5",
"cell": [0, 0], "rotation": 0}`` and ``{"t": 4210, "type": "draw"}``, with the matched
pair :meth:`Move.to_json` and :func:`move_from_json`. Parsing a move of a log is the
first step of playing it (:meth:`triominos.run.ChallengeRun.play_log`): what a
client sent becomes a typed :class:`Move`, or a :class:`MoveError` saying what is wrong
with its shape.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from triominos.errors import MoveError, shown
from triominos.geometry import Cell, Point, cell_corners
from triominos.tiles import TILES, Tile, tile_parse

__all__ = [
    "Move",
    "MoveFields",
    "Placement",
    "describe",
    "log_from_moves",
    "malformed_detail",
    "move_format",
    "move_from_json",
    "move_parse",
    "moves_from_json",
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


class Move(NamedTuple):
    """One move of a run, at ``t`` ms: ``tile`` put down on the cell ``[row, col]`` in
    ``rotation``, or a draw when ``tile`` is None (``row``, ``col`` and ``rotation`` then
    0). Made by :meth:`place` and :meth:`draw`; :attr:`placement` is the same move's
    :class:`Placement`.

    Flat, like python-chess's ``Move(from_square, to_square, promotion)``: parsing a
    run log builds one object per move, where a ``Placement`` holding a ``Cell`` would
    build three, and on CPython a named tuple costs several plain tuples to build
    (docs/architecture.md, "What the typed path costs").
    """

    t: int
    tile: Tile | None = None
    row: int = 0
    col: int = 0
    rotation: int = 0

    @classmethod
    def draw(cls, t: int) -> Move:
        return cls(t)

    @classmethod
    def place(cls, t: int, placement: Placement) -> Move:
        tile, (row, col), rotation = placement
        return cls(t, tile, row, col, rotation)

    @property
    def is_draw(self) -> bool:
        return self.tile is None

    @property
    def placement(self) -> Placement | None:
        """The tile, cell and rotation put down; None for a draw."""
        tile = self.tile
        return None if tile is None else Placement(tile, Cell(self.row, self.col), self.rotation)

    def to_json(self) -> dict[str, object]:
        """The move as a run log spells it (:func:`move_from_json` reads it back)."""
        if self.tile is None:
            return {"t": self.t, "type": "draw"}
        return {
            "t": self.t,
            "type": "place",
            "tile": self.tile.id,
            "cell": [self.row, self.col],
            "rotation": self.rotation,
        }

    def __str__(self) -> str:
        return move_format(self)


_SEQUENCES = (list, tuple)
_TILES_BY_ID = {tile.id: tile for tile in TILES}

MoveFields = tuple[int, "Tile | None", int, int, int]
"""A move's fields in :class:`Move`'s order, as a plain tuple: what the parser hands the
checked loop (a :class:`Move` is one too). On CPython 3.11 the interpreter builds,
unpacks and frees an exact tuple on its fast paths and a named tuple on the generic
ones: about a sixth of a whole replay (docs/architecture.md, "What the typed path
costs")."""


def moves_from_json(raws: Iterable[object]) -> Iterator[MoveFields]:
    """The moves ``raws`` (elements of a run log's ``moves``: any JSON values) spell,
    typed, one at a time as they are asked for; :class:`MoveError` ``malformed`` when
    one is not of RULES.md's shape, or ``unknown_tile`` when its tile id names no tile,
    raised when that move is reached (the moves before it have been handed out).

    The fields are read once and the types checked with ``type() is`` (a boolean is not
    a number of ms): this runs for every move the server receives, so it is one loop
    rather than a call per move.
    """
    tile_of = _TILES_BY_ID.get
    for raw in raws:
        try:
            t = raw["t"]  # type: ignore[index]
            kind = raw["type"]  # type: ignore[index]
            if type(t) is int:
                if kind == "draw":
                    yield (t, None, 0, 0, 0)
                    continue
                if kind == "place":
                    tile_id = raw["tile"]  # type: ignore[index]
                    cell = raw["cell"]  # type: ignore[index]
                    rotation = raw["rotation"]  # type: ignore[index]
                    row, col = cell
                    if (
                        type(tile_id) is str
                        and type(rotation) is int
                        and type(row) is int
                        and type(col) is int
                        and type(cell) in _SEQUENCES  # a set or a dict of two would unpack too
                    ):
                        tile = tile_of(tile_id)
                        if tile is not None:
                            yield (t, tile, row, col, rotation)
                            continue
                        raise MoveError(
                            "unknown_tile",
                            f"{shown(tile_id)} is not a tile id"
                            " (expected 'a-b-c' with 0 <= a <= b <= c <= 5)",
                        )
        except MoveError:
            raise
        except (KeyError, TypeError, ValueError):  # not an object, a field missing, not a pair
            pass
        raise MoveError("malformed", malformed_detail(raw))


def move_from_json(raw: object) -> Move:
    """The :class:`Move` ``raw`` (one element of a run log's ``moves``) spells; the
    :class:`MoveError` of :func:`moves_from_json` when it is not one."""
    return Move._make(next(moves_from_json((raw,))))


def describe(value: object) -> str:
    """A short name for a JSON value's type, for error details."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def malformed_detail(raw: Any) -> str:
    """Which part of a malformed move breaks the shape of RULES.md."""
    if not isinstance(raw, dict):
        return f"a move must be an object, not {describe(raw)}"
    t = raw.get("t")
    if type(t) is not int:
        return f"'t' must be an integer number of ms, not {describe(t)}"
    kind = raw.get("type")
    if kind not in ("place", "draw"):
        return f"'type' must be 'place' or 'draw', not {shown(kind)}"
    tile = raw.get("tile")
    if type(tile) is not str:
        return f"a placement's 'tile' must be a string, not {describe(tile)}"
    cell = raw.get("cell")
    if not (isinstance(cell, list | tuple) and len(cell) == 2):
        return f"a placement's 'cell' must be a list of two integers, not {describe(cell)}"
    if type(cell[0]) is not int or type(cell[1]) is not int:
        return (
            f"a placement's 'cell' must be two integers, not {describe(cell[0])}"
            f" and {describe(cell[1])}"
        )
    return f"a placement's 'rotation' must be an integer, not {describe(raw.get('rotation'))}"


def move_format(move: Move) -> str:
    """``"1830:place:3-4-5@0,0r0"`` or ``"4210:draw"``."""
    t, tile, row, col, rotation = move
    if tile is None:
        return f"{t}:draw"
    return f"{t}:place:{tile.id}@{row},{col}r{rotation}"


def move_parse(text: str) -> Move:
    """The move written ``text`` (see :func:`move_format`); ValueError otherwise."""
    match = _MOVE.fullmatch(text) if type(text) is str else None
    if match is None:
        raise ValueError(
            f"not a move: {text!r} (expected e.g. '1830:place:3-4-5@0,0r0' or '4210:draw')"
        )
    t, draw, placement = match.groups()
    if draw:
        return Move.draw(int(t))
    return Move.place(int(t), placement_parse(placement))


def log_from_moves(moves: Iterable[Move]) -> dict[str, object]:
    """The run log (``{"moves": [...]}``) a client would send for ``moves``."""
    return {"moves": [move.to_json() for move in moves]}
