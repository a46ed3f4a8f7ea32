"""When each reminder is due, and the hours it is never sent: pure arithmetic on the
slots and the subscriber's clock (no database), so the edges are tested directly.

- "A new challenge is open": from the moment a slot opens, for ``GRACE``.
- "Your streak ends in an hour": from an hour before the slot closes, for ``GRACE``.

A beat that misses a moment by less than ``GRACE`` still starts its round; later, the
round is skipped (a reminder of a moment long past helps nobody).

Quiet hours are named here once: from ``QUIET_FROM`` to ``QUIET_UNTIL`` on the
subscriber's own clock (22:00 to 08:00), no reminder is sent; it is skipped, not held
until morning (the next slot's reminder comes soon enough).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from challenges.models import Reminder
from challenges.slots import slot_at

GRACE = timedelta(minutes=30)
STREAK_WARNING = timedelta(hours=1)
QUIET_FROM = time(22, 0)
QUIET_UNTIL = time(8, 0)


def reminder_moment(*, kind: Reminder, opens_at: datetime, closes_at: datetime) -> datetime:
    """When ``kind`` is due for a slot."""
    if kind == Reminder.NEW_CHALLENGE:
        return opens_at
    return closes_at - STREAK_WARNING


def reminder_due_slot(*, kind: Reminder, now: datetime) -> int | None:
    """The slot whose ``kind`` reminder is due at ``now`` (within ``GRACE``), else None."""
    slot = slot_at(at=now)
    moment = reminder_moment(kind=kind, opens_at=slot.opens_at, closes_at=slot.closes_at)
    return slot.number if moment <= now < moment + GRACE else None


def zone_of(name: str) -> ZoneInfo:
    """A stored time zone (checked when it was stored); UTC if the zone database lost it."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet(local: time) -> bool:
    """Whether a local time of day falls in the quiet hours (they span midnight)."""
    return local >= QUIET_FROM or local < QUIET_UNTIL


def subscriber_day(*, zone: str, now: datetime) -> date | None:
    """The subscriber's own date at ``now``, or None while their quiet hours last."""
    local = now.astimezone(zone_of(zone))
    return None if quiet(local.time()) else local.date()
