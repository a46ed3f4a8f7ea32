"""What happens in a classic game, as a history of small immutable events.

Every change to a :class:`~triominos.classic.ClassicGame` appends one event (a
round's end also appends the next round's start, or the game's end). ``points`` is
what the event adds to ``player``'s score; replaying the events' points from zero gives
the scores. Each event has a ``to_json()`` for logs and a later multi-player mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from triominos.moves import Placement
from triominos.scoring import Bonus

__all__ = [
    "ClassicEvent",
    "Drew",
    "GameEnded",
    "HandCounted",
    "Passed",
    "Placed",
    "RoundEnded",
    "RoundStarted",
]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round was dealt: ``hands[i]`` are player i's tiles, ``opener`` must open with
    one of ``opening_tiles``."""

    round: int
    hands: tuple[tuple[str, ...], ...]
    well_size: int
    opener: int
    opening_tiles: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "event": "round_started",
            "round": self.round,
            "hands": [list(hand) for hand in self.hands],
            "well_size": self.well_size,
            "opener": self.opener,
            "opening_tiles": list(self.opening_tiles),
        }


@dataclass(frozen=True, slots=True)
class Placed:
    """``player`` put a tile down for ``points`` (the opening bonus, a hexagon or
    bridge bonus included)."""

    round: int
    player: int
    placement: Placement
    points: int
    bonus: Bonus | None
    opening: bool

    def to_json(self) -> dict[str, object]:
        return {
            "event": "placed",
            "round": self.round,
            "player": self.player,
            "tile": self.placement.tile.id,
            "cell": [self.placement.cell.row, self.placement.cell.col],
            "rotation": self.placement.rotation,
            "points": self.points,
            "bonus": self.bonus,
            "opening": self.opening,
        }


@dataclass(frozen=True, slots=True)
class Drew:
    """``player`` took ``tile`` from the well (``points`` is the draw cost, negative)."""

    round: int
    player: int
    tile: str
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "event": "drew",
            "round": self.round,
            "player": self.player,
            "tile": self.tile,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Passed:
    """``player`` ended their turn without playing (``points`` is the penalty)."""

    round: int
    player: int
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "event": "passed",
            "round": self.round,
            "player": self.player,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class HandCounted:
    """A blocked round of a game of set rounds cost ``player`` the tiles left in their
    hand (``points``, negative); one for each player, before the :class:`RoundEnded`."""

    round: int
    player: int
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "event": "hand_counted",
            "round": self.round,
            "player": self.player,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """``player`` won the round, by going out or as the lowest hand of a blocked round,
    scoring ``points``; None and 0 for a blocked round nobody wins (its hands were
    counted in :class:`HandCounted`). ``hand_values`` are every hand's value at the end."""

    round: int
    player: int | None
    reason: Literal["out", "blocked"]
    points: int
    hand_values: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "event": "round_ended",
            "round": self.round,
            "player": self.player,
            "reason": self.reason,
            "points": self.points,
            "hand_values": list(self.hand_values),
        }


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The last round (``round``) ended; ``winners`` hold the highest total."""

    round: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "event": "game_ended",
            "round": self.round,
            "scores": list(self.scores),
            "winners": list(self.winners),
        }


ClassicEvent = RoundStarted | Placed | Drew | Passed | HandCounted | RoundEnded | GameEnded
