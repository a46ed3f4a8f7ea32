"""The actions of the classic game (a placement, :class:`Draw`, :class:`Pass`), and the
refusal of one (:class:`ClassicError` and its codes). The deal is
:mod:`~triominos.classic.deal`'s."""

from __future__ import annotations

from dataclasses import dataclass

from triominos.moves import Placement

__all__ = [
    "CLASSIC_ERROR_CODES",
    "ClassicAction",
    "ClassicError",
    "Draw",
    "Pass",
]

CLASSIC_ERROR_CODES = (
    "game_over",
    "not_your_turn",
    "opening_required",
    "wrong_opening",
    "tile_not_in_hand",
    "draw_limit",
    "well_empty",
    "pass_not_allowed",
    # and the board's codes: bad_rotation, cell_occupied, first_not_at_origin,
    # not_adjacent, corner_mismatch
)
"""Codes of the actions a :class:`ClassicGame` refuses, besides the board's own."""


class ClassicError(ValueError):
    """An action the rules do not allow now; the game is unchanged."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail

    def __repr__(self) -> str:
        return f"ClassicError({self.code!r}, {self.detail!r})"


@dataclass(frozen=True, slots=True)
class Draw:
    """The action of taking the next tile of the well."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """The action of ending a turn without playing."""

    def __str__(self) -> str:
        return "pass"


ClassicAction = Placement | Draw | Pass
