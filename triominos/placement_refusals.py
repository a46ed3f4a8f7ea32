"""Why the board refuses a placement, in a sentence for a human: the slow path, taken
once per refused placement, so the board's own checks stay a few integer tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from triominos.errors import ErrorCode, shown
from triominos.geometry import cell_corners
from triominos.moves import Placement

if TYPE_CHECKING:
    from triominos.board import Board

__all__ = ["placement_refusal_detail"]


def placement_refusal_detail(board: Board, placement: Placement, code: ErrorCode) -> str:
    """Why ``placement`` breaks the board's rule ``code``, naming the cell and, for a
    mismatch, the corner and the point."""
    tile, cell, rotation = placement
    where = f"[{shown(cell.row)}, {shown(cell.col)}]"
    if code == "bad_rotation":
        return f"rotation must be 0, 1 or 2, not {shown(rotation)}"
    if code == "cell_occupied":
        other = board.tile_at(cell)
        held = f" (by {other.tile.id})" if other is not None else ""
        return f"cell {where} is already taken{held}"
    if code == "first_not_at_origin":
        return f"the first tile must go on [0, 0], not on {where}"
    if code == "not_adjacent":
        return f"cell {where} shares no edge with a tile on the board"
    if code == "corner_mismatch":
        numbers = tile.corner_numbers(rotation)
        for corner, point in enumerate(cell_corners(cell)):
            number = board.number_at(point)
            if number is not None and number != numbers[corner]:
                return (
                    f"corner {corner} of {where} lands on point ({point.row}, {point.x}),"
                    f" which shows {number}, but {tile.id} in rotation {rotation}"
                    f" puts {numbers[corner]} there"
                )
    return f"{tile.id} on {where} in rotation {shown(rotation)} breaks the rule {code!r}"
