"""The tables' clocks, all kept by the server: a seat's bank, who is away, and when
the others may claim. Pure arithmetic on the table's row and the time.

A live table gives each seat a bank (90 s) that runs on its own turns and grows by an
increment (20 s) after each, up to a cap; a correspondence table gives a day a move.
A seat to move that has not been seen for ``TABLE_AWAY_SECONDS`` shows as away; after
``TABLE_CLAIM_AWAY_SECONDS`` away, or with its clock run out, the others may claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings

from challenges.models import LiveTable


def clock_start_ms(pace: str) -> int:
    if pace == LiveTable.Pace.CORRESPONDENCE:
        return int(settings.TABLE_CORRESPONDENCE_MOVE_SECONDS) * 1000
    return int(settings.TABLE_LIVE_BANK_SECONDS) * 1000


def clock_after_turn(*, pace: str, bank_ms: int, spent_ms: int) -> int:
    """The seat's bank once its turn is over: what was left, plus the increment (live,
    capped), or a fresh day (correspondence)."""
    if pace == LiveTable.Pace.CORRESPONDENCE:
        return clock_start_ms(pace)
    left = max(0, bank_ms - spent_ms)
    increment = int(settings.TABLE_LIVE_INCREMENT_SECONDS) * 1000
    return min(left + increment, int(settings.TABLE_LIVE_BANK_CAP_SECONDS) * 1000)


def elapsed_ms(since: datetime | None, now: datetime) -> int:
    if since is None:
        return 0
    return max(0, int((now - since).total_seconds() * 1000))


@dataclass(frozen=True)
class TurnClock:
    """The seat to move's standing: its bank left, how long it has been away, and
    whether it is away and may be claimed."""

    seat: int
    left_ms: int
    away_ms: int

    @property
    def away(self) -> bool:
        return self.away_ms >= int(settings.TABLE_AWAY_SECONDS) * 1000

    @property
    def out_of_time(self) -> bool:
        return self.left_ms <= 0

    def claimable(self, pace: str) -> bool:
        if self.out_of_time:
            return True
        claim_ms = settings.TABLE_CLAIM_AWAY_SECONDS * 1000
        return pace == LiveTable.Pace.LIVE and self.away_ms >= claim_ms


def turn_clock(
    *, table: LiveTable, seat: int, seen_at: datetime | None, now: datetime
) -> TurnClock:
    """The clock of ``seat``, the seat to move (``seen_at``: when a person there was
    last seen; None for a computer, never away)."""
    left = table.clocks[seat] - elapsed_ms(table.turn_since, now)
    if seen_at is None:
        return TurnClock(seat=seat, left_ms=left, away_ms=0)
    since = seen_at if table.turn_since is None else max(seen_at, table.turn_since)
    return TurnClock(seat=seat, left_ms=left, away_ms=elapsed_ms(since, now))
