"""The actions of the classic game (a placement, :class:`Draw`, :class:`Pass`), the
refusal of one (:class:`ClassicError` and its codes), and the deal: the order a seeded
round deals its 56 tiles, and which tile may open."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from triominos.moves import Placement
from triominos.tiles import TILE_IDS, TILES, Tile, tile_parse

__all__ = [
    "CLASSIC_ERROR_CODES",
    "ClassicAction",
    "ClassicError",
    "Draw",
    "Pass",
    "classic_deal_order",
    "opening_rank",
    "order_parse",
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


def classic_deal_order(seed: int | str, round_number: int) -> tuple[Tile, ...]:
    """The 56 tiles in the order a seeded round deals them (hands first, then the well)."""
    tiles = list(TILES)
    random.Random(f"tri-ominos classic {seed} round {round_number}").shuffle(tiles)
    return tuple(tiles)


def order_parse(order: Sequence[str], round_number: int) -> tuple[Tile, ...]:
    try:
        tiles = tuple(tile_parse(text) for text in order)
    except ValueError as error:
        raise ValueError(f"deal of round {round_number}: {error}") from None
    if sorted(tile.id for tile in tiles) != sorted(TILE_IDS):
        raise ValueError(f"deal of round {round_number} must hold each of the 56 tiles once")
    return tiles


def opening_rank(tile: Tile) -> tuple[int, int, int, int]:
    """Orders opening candidates: any triple beats any other tile, then by value, then
    by the numbers read from the largest down."""
    return (int(tile.is_triple), tile.value, tile.c, tile.b)
