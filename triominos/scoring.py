"""Bonus names and the outcome of one move (points and bonus)."""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple

from triominos.tiles import TILES

__all__ = [
    "BONUSES",
    "BONUS_BRIDGE",
    "BONUS_DOUBLE_HEXAGON",
    "BONUS_HEXAGON",
    "BONUS_TRIPLE_HEXAGON",
    "Bonus",
    "MoveOutcome",
    "outcome_table",
]

Bonus = Literal["bridge", "hexagon", "double_hexagon", "triple_hexagon"]

BONUS_BRIDGE: Bonus = "bridge"
BONUS_HEXAGON: Bonus = "hexagon"
BONUS_DOUBLE_HEXAGON: Bonus = "double_hexagon"
BONUS_TRIPLE_HEXAGON: Bonus = "triple_hexagon"

BONUSES: tuple[Bonus, ...] = (
    BONUS_BRIDGE,
    BONUS_HEXAGON,
    BONUS_DOUBLE_HEXAGON,
    BONUS_TRIPLE_HEXAGON,
)

# Internal bonus codes: 0 none, 1 bridge, 2-4 one to three hexagons.
BONUS_BY_CODE: tuple[Bonus | None, ...] = (None, *BONUSES)


class MoveOutcome(NamedTuple):
    """What one move scored: ``points`` (bonus included) and the ``bonus`` it earned.

    A draw is ``MoveOutcome(-5, None)``. The clear bonus of the challenge is inside the
    points of the placement that completes the board; its ``bonus`` stays what the
    placement itself earned.
    """

    points: int
    bonus: Bonus | None

    def to_json(self) -> dict[str, object]:
        return {"points": self.points, "bonus": self.bonus}


@cache
def outcome_table(bonus_points: tuple[int, ...]) -> tuple[tuple[MoveOutcome, ...], ...]:
    """``table[bonus_code][tile.index]``: what placing that tile with that bonus scores,
    built once and shared, so that scoring a move allocates nothing. ``bonus_points``
    is what each bonus code (0 none, 1 bridge, 2-4 one to three hexagons) adds."""
    by_value = [
        [MoveOutcome(value + extra, BONUS_BY_CODE[code]) for value in range(16)]
        for code, extra in enumerate(bonus_points)
    ]
    return tuple(tuple(row[tile.value] for tile in TILES) for row in by_value)
