"""The 8-hour slots that challenges open in.

Slot ``n`` opens at ``EPOCH + n * 8h`` and closes 8 hours later, so slots open at
00:00, 08:00 and 16:00 UTC. Everything here is pure arithmetic on aware datetimes in
UTC (no DST); callers pass the time they mean, which keeps the clock under the
tests' control. Slots before the epoch have negative numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
SLOT_LENGTH = timedelta(hours=8)
_DAY = timedelta(days=1)


@dataclass(frozen=True)
class Slot:
    number: int
    opens_at: datetime
    closes_at: datetime

    def contains(self, at: datetime) -> bool:
        return self.opens_at <= _require_aware(at) < self.closes_at


def _require_aware(at: datetime) -> datetime:
    # A naive datetime has no defined place on the UTC schedule; refuse rather than guess.
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"the schedule needs an aware datetime, got naive {at.isoformat()}")
    return at


def slot_number(*, at: datetime) -> int:
    """The number of the slot open at ``at`` (floor division, so it is exact at boundaries)."""
    return (_require_aware(at) - EPOCH) // SLOT_LENGTH


def slot_opens_at(*, number: int) -> datetime:
    return EPOCH + number * SLOT_LENGTH


def slot_closes_at(*, number: int) -> datetime:
    return EPOCH + (number + 1) * SLOT_LENGTH


def slot_get(*, number: int) -> Slot:
    return Slot(
        number=number,
        opens_at=slot_opens_at(number=number),
        closes_at=slot_closes_at(number=number),
    )


def slot_at(*, at: datetime) -> Slot:
    return slot_get(number=slot_number(at=at))


def slot_length_hours() -> int:
    """How many hours a slot lasts (8): what the pages and the API say."""
    return SLOT_LENGTH // timedelta(hours=1)


def slot_opening_times() -> tuple[str, ...]:
    """The UTC times of day the slots open at, earliest first: ("00:00", "08:00",
    "16:00"). A day holds a whole number of slots, so these are the same every day."""
    per_day = _DAY // SLOT_LENGTH
    return tuple(sorted((EPOCH + n * SLOT_LENGTH).strftime("%H:%M") for n in range(per_day)))
