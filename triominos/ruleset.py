"""Every number the rules use, in one object, so one engine plays both games.

The placement values (tile value, the bonuses with their points, see
:mod:`triominos.bonuses`) are shared by the daily challenge and the classic board
game. The challenge adds the draw cost, the clear bonus, the time limit and the tray
size; the classic game adds the opening bonuses, the pass penalty, going out, the draw
limit, the deal sizes, the target score and how rounds and games end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Literal

from triominos.bonuses import (
    STANDARD_BONUSES,
    Bonus,
    BonusRule,
    bonus_codes,
    bonus_on_fresh_ground,
)
from triominos.errors import ERROR_CODES

__all__ = [
    "BONUSES",
    "DEFAULT_RULESET",
    "RULESETS",
    "RULES_VERSION",
    "ClassicReading",
    "Ruleset",
    "ruleset_document",
    "ruleset_of",
    "ruleset_values",
]


ClassicReading = Literal["first_reading", "rulebooks"]
"""How the classic game's rounds and games end (see :attr:`Ruleset.classic_reading`)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    # Placement scoring (both games).
    bonuses: tuple[BonusRule, ...] = STANDARD_BONUSES
    """The bonuses a placement can make, with their points (at most one a placement)."""
    draw_points: int = -5
    # The daily challenge.
    clear_bonus: int = 25
    time_limit_ms: int = 120_000
    tray_size: int = 9
    tile_count: int = 56
    run_moves_max: int = 103
    """No legal run has more moves: 56 placements and 47 draws."""
    finish_grace_ms: int = 10_000
    """How long after its time limit a run's finish is still taken (the network's due)."""
    clock_slack_ms: int = 2_000
    """How far a move's ``t`` may run ahead of the server's clock (clocks start apart)."""
    # Leaderboard eligibility (RULES.md): witnessed and paced.
    witness_window_ms: int = 10_000
    """A move must reach the server at most this long after its ``t``."""
    pace_floor_ms: int = 200
    """Two placements at least this far apart."""
    # The classic game.
    opening_bonus: int = 10
    triple_zero_extra: int = 30
    """Added on top of the opening bonus when ``0-0-0`` opens: 0 + 10 + 30 = 40."""
    pass_points: int = -10
    going_out_bonus: int = 25
    max_draws_per_turn: int = 3
    deal_sizes: tuple[tuple[int, int], ...] = ((2, 9), (3, 7), (4, 7), (5, 6), (6, 6))
    """(players, tiles dealt to each), for 2 to 6 players."""
    target_score: int = 400
    classic_reading: ClassicReading = field(
        default="rulebooks", metadata={"version_1": "first_reading"}
    )
    """How rounds and games end. ``"rulebooks"`` (RULES.md): a round is blocked only
    when the well is empty and every player passes in turn; a blocked round costs each
    player their own hand in a game of set rounds, and gives the lowest hand the others'
    hands less its own in a game to the target; that game ends with the round in which a
    total reached the target. ``"first_reading"`` (version 1 only, so its stored games
    replay as played): every player passing in turn blocks the round, well or not, the
    lowest hand wins it in every game, and the game ends after a round that ends with a
    total at the target."""

    def __post_init__(self) -> None:
        names = [rule.name for rule in self.bonuses]
        if len(set(names)) != len(names):
            raise ValueError(f"a ruleset lists each bonus once, not {names}")
        fresh = bonus_on_fresh_ground(self.bonuses)
        if fresh is not None:
            raise ValueError(
                f"bonus {fresh.name!r} is made with a corner untouched: every bonus needs "
                "the tile's three corners touched before it goes down"
            )

    def deal_size(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players (ValueError outside 2-6)."""
        for count, size in self.deal_sizes:
            if count == players:
                return size
        raise ValueError(f"the classic game is for 2 to 6 players, not {players}")

    @property
    def well_size(self) -> int:
        return self.tile_count - self.tray_size

    @property
    def min_players(self) -> int:
        return min(count for count, _ in self.deal_sizes)

    @property
    def max_players(self) -> int:
        return max(count for count, _ in self.deal_sizes)

    def bonus_points(self, bonus: Bonus | None) -> int:
        """Points a placement bonus adds (0 for ``None``); KeyError for a non-bonus."""
        if bonus is None:
            return 0
        for rule in self.bonuses:
            if rule.name == bonus:
                return rule.points
        raise KeyError(bonus)

    @property
    def bonus_values(self) -> tuple[tuple[Bonus, int], ...]:
        """(bonus, points) for every bonus of this version, in its order."""
        return tuple((rule.name, rule.points) for rule in self.bonuses)

    @property
    def bonus_names(self) -> tuple[Bonus, ...]:
        return tuple(rule.name for rule in self.bonuses)


RULESETS: Mapping[int, Ruleset] = MappingProxyType(
    {
        1: Ruleset(classic_reading="first_reading"),
        2: Ruleset(),
    }
)
"""Every published version of the rules. A version never changes once a challenge was
made under it: a new value is a new version (tests/engine/test_ruleset_versions.py)."""

BONUSES: tuple[Bonus, ...] = tuple(
    dict.fromkeys(name for ruleset in RULESETS.values() for name in ruleset.bonus_names)
)
"""Every bonus of every version, in the order they were published: what a stored run,
the API and the catalogs may name."""

RULES_VERSION = max(RULESETS)
"""The version new challenges are made under."""

DEFAULT_RULESET = RULESETS[RULES_VERSION]
"""The values of RULES.md (challenge and classic)."""


def ruleset_of(version: int) -> Ruleset:
    """The rules a challenge made under ``version`` is played, replayed and reviewed by."""
    return RULESETS[version]


def ruleset_values(ruleset: Ruleset) -> dict[str, object]:
    """The values a rules version publishes, which its fingerprint pins for ever.

    A field added after version 1 names, in its metadata, the value that plays as
    version 1 did; holding that value, it is left out, so adding a field never changes
    a published version's values."""
    values: dict[str, object] = {}
    for each in fields(ruleset):
        value = getattr(ruleset, each.name)
        if "version_1" in each.metadata and value == each.metadata["version_1"]:
            continue
        values[each.name] = value
    # Each bonus's points under its own name, as version 1 published them.
    del values["bonuses"]
    for bonus, points in ruleset.bonus_values:
        values[f"{bonus}_bonus"] = points
    values["bonuses"] = list(ruleset.bonus_names)
    return values


def ruleset_document(ruleset: Ruleset = DEFAULT_RULESET) -> dict[str, object]:
    """The ruleset as the JSON the browser's engine imports (``ruleset.json``).

    Every field by its Python name (each bonus's points as ``<bonus>_bonus``), plus the
    derived sizes, the bonus of every corner state (``bonus_codes``, see
    :func:`~triominos.bonuses.bonus_codes`) and the error codes in their order of
    precedence, so the JavaScript port holds no rule of its own.
    """
    document = ruleset_values(ruleset)
    document["classic_reading"] = ruleset.classic_reading
    document["deal_sizes"] = [list(pair) for pair in ruleset.deal_sizes]
    document["bonus_codes"] = list(bonus_codes(ruleset.bonuses))
    document["well_size"] = ruleset.well_size
    document["error_codes"] = list(ERROR_CODES)
    return document
