"""A table's events: written whole, numbered per table, and shaped for who reads them.

The game's events are the engine's (round_started, placed, drew, passed, round_ended,
game_ended), shaped per seat by the classic room's ``event_seen``; the table's own
(table_joined, table_started, seat_left, computer_took_seat, table_ended) hold no tile.
A spectator (``viewer`` None) sees no hand and no drawn tile until the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from challenges.classic.selectors import event_seen
from challenges.models import LiveTable, TableEvent

SPECTATOR = "spectator"
"""The key of a spectator's view in a push (a seat's is its number)."""


def event_view(body: dict[str, Any], viewer: int | None, *, reveal: bool) -> dict[str, Any]:
    """``body`` as ``viewer`` (a seat, or None: a spectator) may see it."""
    if viewer is not None or reveal:
        return event_seen(body, 0 if viewer is None else viewer, reveal=reveal)
    kind = body["event"]
    if kind == "round_started":
        hands = body["hands"]
        seen = {key: value for key, value in body.items() if key != "hands"}
        return {
            **seen,
            "hand": [],
            "hand_sizes": [len(hand) for hand in hands],
            "opening_tiles": [],
        }
    if kind == "drew":
        return {**body, "tile": None}
    return body


def event_views(table: LiveTable, body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The event as every seat and a spectator see it, keyed by seat number (a string,
    as JSON keys are) and ``SPECTATOR``."""
    reveal = table.status == LiveTable.Status.FINISHED
    views = {str(seat): event_view(body, seat, reveal=reveal) for seat in range(table.seats)}
    views[SPECTATOR] = event_view(body, None, reveal=reveal)
    return views


def events_record(
    table: LiveTable, bodies: Sequence[dict[str, Any]], now: datetime
) -> list[TableEvent]:
    """Number ``bodies`` after the table's last event and store them (the caller holds
    the table's row locked and saves ``table.seq``)."""
    rows = []
    for body in bodies:
        table.seq += 1
        rows.append(TableEvent(table=table, seq=table.seq, body=body, created_at=now))
    TableEvent.objects.bulk_create(rows)
    return rows
