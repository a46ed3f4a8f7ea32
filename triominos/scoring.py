"""The outcome of one move (points and bonus), and the table that scores placements."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from triominos.bonuses import Bonus, BonusRule
from triominos.tiles import TILES

__all__ = [
    "Bonus",
    "MoveOutcome",
    "outcome_table",
]


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
def outcome_table(bonuses: tuple[BonusRule, ...]) -> tuple[tuple[MoveOutcome, ...], ...]:
    """``table[code][tile.index]``: what placing that tile scores with the bonus of that
    code (0 none, ``i + 1`` for ``bonuses[i]``, as :func:`~triominos.bonuses.bonus_codes`
    numbers them), built once and shared, so that scoring a move allocates nothing."""
    rows: list[tuple[Bonus | None, int]] = [(None, 0)]
    rows.extend((rule.name, rule.points) for rule in bonuses)
    by_value = [[MoveOutcome(value + extra, name) for value in range(16)] for name, extra in rows]
    return tuple(tuple(row[tile.value] for tile in TILES) for row in by_value)
