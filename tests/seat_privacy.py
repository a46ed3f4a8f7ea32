"""What a seat at a classic table may see: after each event, the tiles hidden from it
(those in the other seats' hands), and the hidden tiles a payload shown to it names.

Written for any table whose history is the engine's events as JSON (a game against the
computer now, a table of people later): replay the events, shape each for a seat with
the face's own function, and ask :func:`seat_leaks` what it let through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from triominos import TILE_IDS

_TILES = frozenset(TILE_IDS)

EventShaper = Callable[[dict[str, Any], int], dict[str, Any]]
"""A face's shaping of one event (the engine's JSON) for one seat."""


def tiles_named(payload: object) -> set[str]:
    """Every tile id anywhere in ``payload`` (JSON: dicts, lists, strings)."""
    if isinstance(payload, str):
        return {payload} if payload in _TILES else set()
    if isinstance(payload, dict):
        return set().union(*(tiles_named(value) for value in payload.values()))
    if isinstance(payload, list | tuple):
        return set().union(*(tiles_named(value) for value in payload))
    return set()


def hidden_from(events: Iterable[dict[str, Any]], seat: int) -> list[frozenset[str]]:
    """After each event, the tiles in every other seat's hand: what ``seat`` must not
    be shown then. A placed tile is on the board, so nobody's secret any more."""
    hands: list[set[str]] = []
    hidden = []
    for event in events:
        kind = event["event"]
        if kind == "round_started":
            hands = [set(hand) for hand in event["hands"]]
        elif kind == "drew":
            hands[event["player"]].add(event["tile"])
        elif kind == "placed":
            hands[event["player"]].discard(event["tile"])
        others = [hand for index, hand in enumerate(hands) if index != seat]
        hidden.append(frozenset().union(*others))
    return hidden


def seat_leaks(
    events: Sequence[dict[str, Any]], seat: int, shaped: EventShaper
) -> list[tuple[int, str, set[str]]]:
    """Each event whose payload as ``shaped`` for ``seat`` names a tile hidden from the
    seat at that moment: (index, event type, the tiles). Empty when nothing leaks."""
    leaks = []
    for index, (event, hidden) in enumerate(zip(events, hidden_from(events, seat), strict=True)):
        named = tiles_named(shaped(event, seat)) & hidden
        if named:
            leaks.append((index, str(event["event"]), named))
    return leaks
