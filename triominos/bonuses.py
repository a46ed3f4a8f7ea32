"""Placement bonuses: what each one is, and the one function that decides a placement's.

A bonus is decided by what the board shows around the new tile's three corners before
it goes down: how many tiles already touch each corner point (0 untouched, at most 5:
the sixth closes a hexagon). Each rules version lists its bonuses with their points
(:attr:`~triominos.ruleset.Ruleset.bonuses`); :func:`placement_bonus` picks a
placement's among them, and :func:`bonus_codes` lays the same answer out as a table
over every possible corner state, which the hot loops (the board, the search, the
frontier, the review) and the browser's port (``ruleset.json``) read.

A new bonus is a :class:`BonusRule` with its detection, in a new rules version. Every
bonus needs the tile's three corners touched before it goes down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

__all__ = [
    "CORNER_STATES",
    "STANDARD_BONUSES",
    "Bonus",
    "BonusRule",
    "bonus_codes",
    "bonus_extra",
    "bonus_on_fresh_ground",
    "bonus_state_index",
    "placement_bonus",
]

Bonus = str
"""A bonus's name, as the run logs, the API and the catalogs spell it."""

AROUND_STATES = 6
"""Tiles around a corner point before a tile goes down: 0 to 5."""

CORNER_STATES = AROUND_STATES**3
"""Every state of a placement's three corners: the size of a :func:`bonus_codes` table."""

Detection = Callable[[int, int, int], bool]
"""Whether a bonus is made, from the tiles around each of the three corners before."""


@dataclass(frozen=True, slots=True, eq=False)
class BonusRule:
    """One bonus of a rules version: its ``name``, its ``points`` and when it is made.

    Compared and hashed by identity: the tables derived from a version's bonuses are
    cached by them, and a board looks its tables up each time it is made, so the key
    must hash in C, not in a generated ``__hash__``."""

    name: Bonus
    points: int
    applies: Detection = field(repr=False)


def bonus_state_index(around_0: int, around_1: int, around_2: int) -> int:
    """The index of a corner state in a :func:`bonus_codes` table. The hot loops write it
    out: ``((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)`` on the board's point values."""
    return (around_0 * AROUND_STATES + around_1) * AROUND_STATES + around_2


def placement_bonus(
    bonuses: tuple[BonusRule, ...], around_0: int, around_1: int, around_2: int
) -> BonusRule | None:
    """The bonus a placement makes, given the tiles around each of its corners before it
    goes down: of the version's bonuses that apply, the one worth the most (the first
    listed among equals); None when none applies. Bonuses never add up."""
    best: BonusRule | None = None
    for rule in bonuses:
        if rule.applies(around_0, around_1, around_2) and (
            best is None or rule.points > best.points
        ):
            best = rule
    return best


@cache
def bonus_codes(bonuses: tuple[BonusRule, ...]) -> tuple[int, ...]:
    """:func:`placement_bonus` for every corner state, by :func:`bonus_state_index`:
    0 for no bonus, ``i + 1`` for ``bonuses[i]``."""
    codes = []
    for index in range(CORNER_STATES):
        around = (index // 36, index // 6 % 6, index % 6)
        rule = placement_bonus(bonuses, *around)
        codes.append(0 if rule is None else bonuses.index(rule) + 1)
    return tuple(codes)


@cache
def bonus_extra(bonuses: tuple[BonusRule, ...]) -> tuple[int, ...]:
    """The points :func:`bonus_codes`' bonus adds, by the same index: what a search adds
    to a tile's value without naming the bonus."""
    points = (0, *(rule.points for rule in bonuses))
    return tuple(points[code] for code in bonus_codes(bonuses))


def bonus_on_fresh_ground(bonuses: tuple[BonusRule, ...]) -> BonusRule | None:
    """A bonus made by a tile with a corner no tile touched yet, or None. Every bonus
    is a closing move (each of RULES.md's needs all three corners touched), which lets
    the replay's hot path skip the table for most tiles; a ruleset is refused if one is
    not (:class:`~triominos.ruleset.Ruleset`)."""
    for index in range(CORNER_STATES):
        around = (index // 36, index // 6 % 6, index % 6)
        # A corner with five tiles around has both its edges shared, and they touch the
        # other two corners: a state with a 5 and a 0 is on no board.
        if 0 in around and 5 not in around and placement_bonus(bonuses, *around):
            return placement_bonus(bonuses, *around)
    return None


def _closes(around_0: int, around_1: int, around_2: int) -> int:
    """How many hexagons the tile closes: corners with five tiles around already."""
    return (around_0 == 5) + (around_1 == 5) + (around_2 == 5)


STANDARD_BONUSES: tuple[BonusRule, ...] = (
    # Every corner touched before, and no hexagon: one edge and the opposite point, or
    # two or three edges.
    BonusRule("bridge", 40, lambda a, b, c: bool(a and b and c) and not _closes(a, b, c)),
    BonusRule("hexagon", 50, lambda a, b, c: _closes(a, b, c) == 1),
    BonusRule("double_hexagon", 60, lambda a, b, c: _closes(a, b, c) == 2),
    BonusRule("triple_hexagon", 70, lambda a, b, c: _closes(a, b, c) == 3),
)
"""The bonuses of RULES.md, as every version so far lists them."""
