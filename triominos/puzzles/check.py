"""The checker: is a list of pieces a legal filling of a puzzle, and how many stars.

The pieces are checked in the order given, each against docs/puzzles.md's table top to
bottom; the first piece that breaks a rule stops the check with its code and index.
The server checks what a player sends; the browser checks each piece as it goes down
with the JavaScript port, which reads the same golden vectors.
"""

from __future__ import annotations

from typing import NamedTuple

from triominos.errors import shown
from triominos.geometry import Cell, Point, cell_corners
from triominos.puzzles.puzzle import (
    MAX_JOKERS,
    Joker,
    Piece,
    Puzzle,
    PuzzleError,
    PuzzleErrorCode,
    piece_from_json,
    stars_for,
)
from triominos.tiles import TILE_IDS, tile_parse

__all__ = ["PuzzleSolved", "puzzle_check"]


class PuzzleSolved(NamedTuple):
    """A legal, complete filling: its pieces (typed), the jokers it used, its stars."""

    pieces: tuple[Piece | Joker, ...]
    jokers: int
    stars: int


def _at(cell: Cell) -> str:
    return f"[{cell.row}, {cell.col}]"


def puzzle_check(puzzle: Puzzle, raw_pieces: object) -> PuzzleSolved:
    """Check ``raw_pieces`` (the JSON form) against ``puzzle``; PuzzleError if they are
    not a legal complete filling. Never raises anything else, whatever the input."""
    if type(raw_pieces) is not list:
        raise PuzzleError("malformed", 0, f"the pieces are not a list: {shown(raw_pieces)}")
    shape = set(puzzle.cells)
    tray = {tile.id for tile in puzzle.tray}
    used: set[str] = set()
    filled: set[Cell] = set()
    numbers: dict[Point, int] = {}
    pieces: list[Piece | Joker] = []
    jokers = 0

    for index, raw in enumerate(raw_pieces):

        def refuse(code: PuzzleErrorCode, why: str, index: int = index) -> PuzzleError:
            return PuzzleError(code, index, f"piece {index}: {why}")

        sent = piece_from_json(raw, index)
        cell = sent.cell
        if isinstance(sent, Joker):
            if jokers == MAX_JOKERS:
                raise refuse("too_many_jokers", f"at most {MAX_JOKERS} jokers")
        else:
            if sent.tile not in TILE_IDS:
                raise refuse("unknown_tile", f"{shown(sent.tile)} is no tile")
            if sent.tile not in tray:
                raise refuse("tile_not_in_tray", f"{sent.tile} is not in the tray")
            if sent.tile in used:
                raise refuse("tile_used_twice", f"{sent.tile} is down already")
            if not 0 <= sent.rotation <= 2:
                raise refuse("bad_rotation", f"rotation {shown(sent.rotation)} is not 0, 1 or 2")
        if cell not in shape:
            raise refuse("cell_outside_shape", f"{_at(cell)} is not in the shape")
        if cell in filled:
            raise refuse("cell_occupied", f"{_at(cell)} is filled already")
        if isinstance(sent, Joker):
            jokers += 1
            piece: Piece | Joker = sent
        else:
            piece = Piece(tile_parse(sent.tile), cell, sent.rotation)
            corners = cell_corners(cell)
            shows = piece.tile.corner_numbers(piece.rotation)
            for corner in range(3):
                there = numbers.get(corners[corner])
                if there is not None and there != shows[corner]:
                    raise refuse(
                        "corner_mismatch",
                        f"corner {corner} of {_at(cell)} shows {shows[corner]}, "
                        f"its point shows {there}",
                    )
            numbers.update(zip(corners, shows, strict=True))
            used.add(sent.tile)
        filled.add(cell)
        pieces.append(piece)

    if len(filled) != len(shape):
        first = min(shape - filled)
        raise PuzzleError(
            "shape_not_filled",
            len(pieces),
            f"{len(shape) - len(filled)} cells are empty, the first {_at(first)}",
        )
    return PuzzleSolved(tuple(pieces), jokers, stars_for(jokers))
