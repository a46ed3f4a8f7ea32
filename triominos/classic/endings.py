"""How a classic round and game end, as the rules version reads them (RULES.md,
"Classic rules"): one copy for the game and for hard's play-outs, which simulate it."""

from __future__ import annotations

from collections.abc import Sequence

from triominos.ruleset import Ruleset

__all__ = ["blocked_round_points", "game_ends_after_round", "pass_counts_toward_block"]


def pass_counts_toward_block(ruleset: Ruleset, well_size: int) -> bool:
    """Whether a pass with ``well_size`` tiles left in the well counts toward a blocked
    round (every player passing in turn); any other pass starts the count over."""
    return well_size == 0 or ruleset.classic_reading == "first_reading"


def blocked_round_points(
    ruleset: Ruleset,
    *,
    set_rounds: bool,
    opener: int,
    hand_values: Sequence[int],
    hand_sizes: Sequence[int],
) -> tuple[int | None, tuple[int, ...]]:
    """Who wins a blocked round (None: nobody) and what it adds to each seat's score.

    In a game of set rounds (the mobile game's single round) each player loses their
    own hand; in a game to the target the lowest hand wins the others' hands less its
    own, no bonus (ties: fewer tiles, then first in turn from the round's opener).
    """
    players = len(hand_values)
    if set_rounds and ruleset.classic_reading == "rulebooks":
        return None, tuple(-value for value in hand_values)
    seats = [(opener + k) % players for k in range(players)]
    winner = min(seats, key=lambda seat: (hand_values[seat], hand_sizes[seat]))
    points = [0] * players
    points[winner] = sum(hand_values) - 2 * hand_values[winner]
    return winner, tuple(points)


def game_ends_after_round(
    ruleset: Ruleset,
    *,
    rounds: int | None,
    round_number: int,
    reached_in_round: bool,
    scores: Sequence[int],
) -> bool:
    """Whether the game is over once round ``round_number`` has ended: its set rounds
    played, or the target reached (at any moment of the round, by the rulebooks;
    at its end, by version 1's reading)."""
    if rounds is not None and round_number >= rounds:
        return True
    if ruleset.classic_reading == "rulebooks":
        return reached_in_round
    return max(scores) >= ruleset.target_score
