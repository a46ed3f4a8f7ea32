"""Streaks and the calendar: how regularly a player submits.

Two streaks, since a challenge opens every 8 hours (three a day):

- the **slot streak**: challenges submitted one after another, with no slot missed;
- the **daily streak**: days, in the player's time zone, on which they submitted at
  least one challenge.

A streak is *current* while it can still go on: the slot open now (or today) counts
when it is submitted, and does not break the streak until it is over, so a player
who submitted the previous slot at 07:59 keeps their streak while the next one is
open. What anyone sees counts the live entries only: a held entry is absent from the
board, so the public record must not show it either. The player's own view counts
their held entries too (they were submitted; a moderator may still approve them).

Days are the player's: a submission belongs to the local date of its ``submitted_at``
in the time zone the caller names (the face reads it from the browser, UTC without).
The submissions come from the player's record (``record_book``), kept by every
submit, approval and void. The pure functions below take plain numbers and dates, so
tests cover the slots, the time zones and the edges without a database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import cached_property

from django.utils import timezone

from challenges.players.record_book import player_record_get, submissions_of
from challenges.slots import slot_number

# The calendar shows this many weeks, ending with the current one.
CALENDAR_WEEKS = 53


@dataclass(frozen=True)
class Streak:
    current: int
    longest: int


@dataclass(frozen=True)
class Streaks:
    slots: Streak
    days: Streak


@dataclass(frozen=True)
class CalendarDay:
    day: date
    # Challenges submitted that day (0 to 3, or 4 when a day straddles a DST change).
    entries: int


@dataclass(frozen=True)
class Calendar:
    """Every day from ``first`` (a Monday) to ``last`` (today), oldest first."""

    first: date
    last: date
    counts: dict[date, int]
    """The entries of each day with any, within ``first`` to ``last``: all the calendar
    says, without a year of days built (the days are built only to be drawn)."""

    @cached_property
    def days(self) -> tuple[CalendarDay, ...]:
        counts, first = self.counts, self.first
        return tuple(
            CalendarDay(day=day, entries=counts.get(day, 0))
            for day in (first + timedelta(days=offset) for offset in range(self.span))
        )

    @property
    def span(self) -> int:
        """How many days it shows."""
        return (self.last - self.first).days + 1

    @property
    def played(self) -> int:
        return len(self.counts)


def streak_of(steps: Iterable[int], *, now: int) -> Streak:
    """Streaks over whole-number steps (slot numbers, or day ordinals): ``current`` ends
    at ``now``, or at ``now - 1`` while ``now`` is not taken yet; ``longest`` is the
    longest run of consecutive steps up to ``now``."""
    taken = {step for step in steps if step <= now}
    end = now if now in taken else now - 1
    current = 0
    while end - current in taken:
        current += 1
    longest = 0
    for step in taken:
        if step - 1 not in taken:
            length = 1
            while step + length in taken:
                length += 1
            longest = max(longest, length)
    return Streak(current=current, longest=longest)


def local_day(at: datetime, tz: tzinfo) -> date:
    """The date at ``at`` in the time zone ``tz``."""
    return at.astimezone(tz).date()


def streaks_compute(
    *, submissions: Iterable[tuple[int, datetime]], now: datetime, tz: tzinfo
) -> Streaks:
    """The streaks of submissions (challenge number, submitted at), at ``now`` in ``tz``."""
    pairs = list(submissions)
    return Streaks(
        slots=streak_of((number for number, _ in pairs), now=slot_number(at=now)),
        days=streak_of(
            (local_day(at, tz).toordinal() for _, at in pairs),
            now=local_day(now, tz).toordinal(),
        ),
    )


def calendar_compute(
    *, submitted: Iterable[datetime], now: datetime, tz: tzinfo, weeks: int = CALENDAR_WEEKS
) -> Calendar:
    """Submissions per local day over the last ``weeks`` weeks (Monday to Sunday rows),
    up to today."""
    last = local_day(now, tz)
    first = last - timedelta(days=last.weekday() + 7 * (weeks - 1))
    per_day = Counter(local_day(at, tz) for at in submitted)
    counts = {day: n for day, n in per_day.items() if first <= day <= last}
    return Calendar(first=first, last=last, counts=counts)


# --- the database's side -----------------------------------------------------------------


def _submissions(player_id: int, *, own: bool) -> list[tuple[int, datetime]]:
    # The player's record, kept by every submit, approval and void: one row, not a
    # read of every entry they made.
    return submissions_of(player_record_get(player_id=player_id), own=own)


def player_streaks(
    *, player_id: int, tz: tzinfo = UTC, now: datetime | None = None, own: bool = False
) -> Streaks:
    """The player's slot and daily streaks now, days counted in ``tz``; ``own``: as the
    player sees them (their held entries count), else as anyone does (live ones only)."""
    submitted = _submissions(player_id, own=own)
    return streaks_compute(submissions=submitted, now=now or timezone.now(), tz=tz)


def player_calendar(
    *,
    player_id: int,
    tz: tzinfo = UTC,
    now: datetime | None = None,
    weeks: int = CALENDAR_WEEKS,
    own: bool = False,
) -> Calendar:
    """The player's submissions per day, in ``tz``, over the last ``weeks`` weeks;
    ``own`` as in ``player_streaks``."""
    submitted = [at for _, at in _submissions(player_id, own=own)]
    return calendar_compute(submitted=submitted, now=now or timezone.now(), tz=tz, weeks=weeks)
