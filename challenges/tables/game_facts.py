"""What a table's readers need of its game, kept on the table's row.

Reading a table rebuilt its game by replaying the log, on every read: the seat that
is pushed a move reads the table at once, and every page reads it again while it
waits. A write at a table holds the match once it is done; it keeps these facts (all
the hands among them: the row is never sent as it is) with the table's last event
number, and a read whose table is still at that number takes them instead of
replaying. A write that records events without keeping them (a seat joining) leaves
the number behind, and the next read replays: the facts may be missing, never stale.
docs/performance.md ("Live tables") has what it buys.
"""

from __future__ import annotations

from typing import Any

from challenges.classic.selectors import match_of
from challenges.engine import ClassicMatch
from challenges.models import LiveTable


def facts_of(match: ClassicMatch) -> dict[str, Any]:
    """The game as every reader's view is shaped from it (the well's size, never its
    order)."""
    return {
        "round": match.round,
        "turn": match.current_player,
        "hands": [[tile.id for tile in match.hand(seat)] for seat in range(match.players)],
        "board": [placement.to_json() for placement in match.board.placements],
        "well_size": match.well_size,
        "draws_this_turn": match.draws_this_turn,
        "can_draw": match.can_draw(),
        "can_pass": match.can_pass(),
        "opening_tiles": [tile.id for tile in match.opening_tiles] if match.is_opening else [],
        "scores": list(match.scores),
        "winners": list(match.winners),
    }


def facts_keep(table: LiveTable, match: ClassicMatch) -> None:
    """A write's last step before it saves the table: its events are recorded, so
    ``table.seq`` is the number these facts are true at."""
    table.game_facts = {**facts_of(match), "seq": table.seq}


def facts_read(table: LiveTable) -> dict[str, Any]:
    """The facts of the table's game as it now stands: the kept ones when the table is
    still at their number (a write's own answer always is), else from a replay."""
    kept: dict[str, Any] | None = table.game_facts
    if kept is not None and kept.get("seq") == table.seq:
        return kept
    game = table.game
    assert game is not None
    return facts_of(match_of(game, list(game.seats.order_by("seat"))))


TURN_UNKNOWN = -1
"""Whose turn it is, when the kept facts cannot say (they are behind the table)."""


def facts_turn(*, status: str, seq: int, facts: dict[str, Any] | None) -> int | None:
    """The seat to move at a table with this status, last event and kept facts: None
    when nobody is (the table is not being played), ``TURN_UNKNOWN`` when the facts are
    behind. The sockets write a seat's presence only on its turn."""
    if status != LiveTable.Status.PLAYING:
        return None
    if facts is None or facts.get("seq") != seq:
        return TURN_UNKNOWN
    turn = facts["turn"]
    return None if turn is None else int(turn)
