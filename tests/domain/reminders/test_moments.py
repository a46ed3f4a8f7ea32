"""When reminders are due, and the quiet hours, at their edges (pure: no database)."""

from __future__ import annotations

from datetime import time, timedelta

from challenges.models import Reminder
from challenges.reminders.moments import (
    GRACE,
    QUIET_FROM,
    QUIET_UNTIL,
    quiet,
    reminder_due_slot,
    subscriber_day,
)
from challenges.slots import slot_closes_at, slot_opens_at
from tests.factories import at

SLOT = 1000  # any slot: the arithmetic is the same for each


def test_a_new_challenge_is_due_from_its_opening_for_the_grace() -> None:
    opens = slot_opens_at(number=SLOT)
    due = Reminder.NEW_CHALLENGE
    assert reminder_due_slot(kind=due, now=opens - timedelta(microseconds=1)) is None
    assert reminder_due_slot(kind=due, now=opens) == SLOT
    assert reminder_due_slot(kind=due, now=opens + GRACE - timedelta(microseconds=1)) == SLOT
    assert reminder_due_slot(kind=due, now=opens + GRACE) is None


def test_the_streak_reminder_is_due_an_hour_before_the_slot_closes() -> None:
    warn = slot_closes_at(number=SLOT) - timedelta(hours=1)
    due = Reminder.STREAK_ENDING
    assert reminder_due_slot(kind=due, now=warn - timedelta(microseconds=1)) is None
    assert reminder_due_slot(kind=due, now=warn) == SLOT
    assert reminder_due_slot(kind=due, now=warn + GRACE) is None


def test_quiet_hours_span_midnight_on_the_subscribers_clock() -> None:
    assert (time(22), time(8)) == (QUIET_FROM, QUIET_UNTIL)
    assert quiet(time(22, 0)) and quiet(time(23, 59)) and quiet(time(0, 0)) and quiet(time(7, 59))
    assert not quiet(time(8, 0)) and not quiet(time(12, 0)) and not quiet(time(21, 59))


def test_the_subscribers_day_is_their_own_date_and_none_while_quiet() -> None:
    # 08:00 UTC in November: 09:00 in Paris, 00:00 in Los Angeles, 21:00 in Auckland.
    moment = at("2026-11-20T08:00:00")
    assert str(subscriber_day(zone="Europe/Paris", now=moment)) == "2026-11-20"
    assert subscriber_day(zone="America/Los_Angeles", now=moment) is None
    assert str(subscriber_day(zone="Pacific/Auckland", now=moment)) == "2026-11-20"
    # 23:30 UTC: already the 21st in Tokyo (08:30, awake), still the 20th in New York.
    late = at("2026-11-20T23:30:00")
    assert str(subscriber_day(zone="Asia/Tokyo", now=late)) == "2026-11-21"
    assert str(subscriber_day(zone="America/New_York", now=late)) == "2026-11-20"
    # A zone the database lost counts as UTC (23:30 UTC is quiet).
    assert subscriber_day(zone="Nowhere/Lost", now=late) is None
