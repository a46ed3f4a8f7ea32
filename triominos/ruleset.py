"""Every number the rules use, in one object, so one engine plays both games.

The placement values (tile value, hexagon and bridge bonuses) are shared by the daily
challenge and the classic board game. The challenge adds the draw cost, the clear
bonus, the time limit and the tray size; the classic game adds the opening bonuses,
the pass penalty, going out, the draw limit, the deal sizes and the target score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Literal

from triominos.errors import ERROR_CODES
from triominos.scoring import BONUSES

__all__ = [
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
    hexagon_bonus: int = 50
    double_hexagon_bonus: int = 60
    triple_hexagon_bonus: int = 70
    bridge_bonus: int = 40
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

    def bonus_points(self, bonus: str | None) -> int:
        """Points a placement bonus adds (0 for ``None``); KeyError for a non-bonus."""
        if bonus is None:
            return 0
        if bonus not in BONUSES:
            raise KeyError(bonus)
        # Each bonus of BONUSES has its value in the field named after it.
        points: int = getattr(self, f"{bonus}_bonus")
        return points

    @property
    def bonus_values(self) -> tuple[tuple[str, int], ...]:
        """(bonus, points) for every bonus of BONUSES, in their order."""
        return tuple((bonus, self.bonus_points(bonus)) for bonus in BONUSES)


RULESETS: Mapping[int, Ruleset] = MappingProxyType(
    {
        1: Ruleset(classic_reading="first_reading"),
        2: Ruleset(),
    }
)
"""Every published version of the rules. A version never changes once a challenge was
made under it: a new value is a new version (tests/engine/test_ruleset_versions.py)."""

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
    values["bonuses"] = list(BONUSES)
    return values


def ruleset_document(ruleset: Ruleset = DEFAULT_RULESET) -> dict[str, object]:
    """The ruleset as the JSON the browser's engine imports (``ruleset.json``).

    Every field by its Python name, plus the derived sizes and the error codes in their
    order of precedence, so the JavaScript port holds no rule constant of its own.
    """
    document: dict[str, object] = {
        field.name: getattr(ruleset, field.name) for field in fields(ruleset)
    }
    document["deal_sizes"] = [list(pair) for pair in ruleset.deal_sizes]
    document["bonuses"] = list(BONUSES)
    document["well_size"] = ruleset.well_size
    document["error_codes"] = list(ERROR_CODES)
    return document
