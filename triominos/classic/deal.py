"""The classic game's deal: the order a round deals its 56 tiles, the hands and the well
that order makes, and which tiles may open the round.

Decisions where RULES.md is silent (documented so that every port agrees):

- Dealing: each round's 56 tiles come in a fixed order (given, or a shuffle seeded
  by the game's seed and the round number); player ``i`` gets the ``i``-th slice of
  the deal size, the rest is the well, drawn from the front.
- Opening without triples, when two players hold tiles of the same highest value: the
  tile whose numbers, read from the largest down, are higher opens (``3-5-5`` before
  ``4-4-5``). The opener may open with any of their tiles of that value.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from triominos.tiles import TILE_IDS, TILES, Tile, tile_parse

__all__ = [
    "classic_deal_order",
    "opening_explained",
    "opening_of",
    "opening_rank",
    "order_parse",
    "round_dealt",
]


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


def round_dealt(
    order: Sequence[Tile], *, players: int, size: int
) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands (``size`` tiles each, in seat order) and the well that ``order`` deals."""
    hands = [list(order[i * size : (i + 1) * size]) for i in range(players)]
    return hands, list(order[players * size :])


def opening_rank(tile: Tile) -> tuple[int, int, int, int]:
    """Orders opening candidates: any triple beats any other tile, then by value, then
    by the numbers read from the largest down."""
    return (int(tile.is_triple), tile.value, tile.c, tile.b)


def opening_of(hands: Sequence[Sequence[Tile]]) -> tuple[int, tuple[Tile, ...]]:
    """Who opens the round, and the tiles they may open with."""
    best_player, best = max(
        ((player, tile) for player, hand in enumerate(hands) for tile in hand),
        key=lambda held: opening_rank(held[1]),
    )
    hand = hands[best_player]
    if best.is_triple:
        zero = tile_parse("0-0-0")
        choices = [best, zero] if zero in hand and best != zero else [best]
    else:
        choices = [tile for tile in hand if tile.value == best.value]
        choices.sort(key=opening_rank, reverse=True)
    return best_player, tuple(choices)


def opening_explained(
    *, opener: int, round_number: int, tiles: Sequence[Tile], tile: Tile | None
) -> str:
    """Why ``tile`` (or a draw or pass, for None) may not open the round yet."""
    choices = " or ".join(t.id for t in tiles)
    why = "the highest triple" if tiles[0].is_triple else "the highest tile"
    played = "" if tile is None else f", not {tile.id}"
    return f"player {opener} opens round {round_number} with {choices} ({why}){played}"
