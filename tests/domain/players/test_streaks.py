"""Streaks and the calendar (challenges/streaks.py): slots one after another, days in
the player's own time zone, the slot or day still open, and the database's side."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from challenges.models import Entry
from challenges.players.streaks import (
    Streak,
    calendar_compute,
    player_calendar,
    player_streaks,
    streak_of,
    streaks_compute,
)
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, at

UTC = ZoneInfo("UTC")
TOKYO = ZoneInfo("Asia/Tokyo")  # UTC+9, no DST
LOS_ANGELES = ZoneInfo("America/Los_Angeles")  # UTC-8, UTC-7 in summer


def slot(at_text: str) -> int:
    return slot_number(at=at(at_text))


def test_a_streak_is_the_run_of_steps_ending_now_or_just_before() -> None:
    assert streak_of([], now=10) == Streak(current=0, longest=0)
    assert streak_of([8, 9, 10], now=10) == Streak(current=3, longest=3)
    # The step open now, not taken yet, does not break the streak.
    assert streak_of([7, 8, 9], now=10) == Streak(current=3, longest=3)
    # A step missed before it does.
    assert streak_of([6, 7, 8], now=10) == Streak(current=0, longest=3)
    assert streak_of([1, 2, 3, 4, 9, 10], now=10) == Streak(current=2, longest=4)
    # Steps after now (a clock that moved back) are not counted.
    assert streak_of([10, 11, 12], now=10) == Streak(current=1, longest=1)


def test_slot_streaks_follow_the_8_hour_slots_across_midnight() -> None:
    # 16:00 on the 20th, then 00:00 and 08:00 on the 21st: three slots in a row.
    submissions = [
        (slot("2026-11-20T16:30"), at("2026-11-20T16:31")),
        (slot("2026-11-21T00:10"), at("2026-11-21T00:12")),
        (slot("2026-11-21T15:59"), at("2026-11-21T15:59:30")),
    ]
    # At 16:00 the next slot opens: still a streak of three until it closes.
    streaks = streaks_compute(submissions=submissions, now=at("2026-11-21T16:00"), tz=UTC)
    assert streaks.slots == Streak(current=3, longest=3)
    # At midnight the 16:00 slot has closed unsubmitted: the streak is over.
    streaks = streaks_compute(submissions=submissions, now=at("2026-11-22T00:00"), tz=UTC)
    assert streaks.slots == Streak(current=0, longest=3)


def test_a_day_is_the_players_own_day() -> None:
    # Played at 23:30 UTC on the 20th and at 10:00 UTC on the 21st.
    submissions = [
        (slot("2026-11-20T23:30"), at("2026-11-20T23:30")),
        (slot("2026-11-21T10:00"), at("2026-11-21T10:00")),
    ]
    now = at("2026-11-21T12:00")
    # In UTC those are two days in a row.
    assert streaks_compute(submissions=submissions, now=now, tz=UTC).days == Streak(2, 2)
    # In Tokyo both are on the 21st (08:30 and 19:00): one day.
    assert streaks_compute(submissions=submissions, now=now, tz=TOKYO).days == Streak(1, 1)
    # In Los Angeles (UTC-8) they are the 20th 15:30 and the 21st 02:00: two days.
    assert streaks_compute(submissions=submissions, now=now, tz=LOS_ANGELES).days == Streak(2, 2)


def test_today_open_keeps_the_daily_streak_and_a_missed_day_ends_it() -> None:
    submissions = [(0, at(f"2026-11-{day}T12:00")) for day in (18, 19, 20)]
    # The 21st, not played yet: the streak of three still stands.
    assert streaks_compute(submissions=submissions, now=at("2026-11-21T20:00"), tz=UTC).days == (
        Streak(current=3, longest=3)
    )
    # In Tokyo the 21st 20:00 UTC is already the 22nd: the 21st was missed.
    assert streaks_compute(
        submissions=submissions, now=at("2026-11-21T20:00"), tz=TOKYO
    ).days == Streak(current=0, longest=3)


def test_the_clocks_changing_neither_makes_nor_breaks_a_day() -> None:
    # Los Angeles leaves summer time on 2026-11-01: that day is 25 hours long.
    submissions = [
        (0, datetime(2026, 10, 31, 20, 0, tzinfo=LOS_ANGELES)),
        (0, datetime(2026, 11, 1, 23, 30, tzinfo=LOS_ANGELES)),
        (0, datetime(2026, 11, 2, 0, 30, tzinfo=LOS_ANGELES)),
    ]
    now = datetime(2026, 11, 2, 9, 0, tzinfo=LOS_ANGELES)
    assert streaks_compute(submissions=submissions, now=now, tz=LOS_ANGELES).days == Streak(3, 3)


def test_the_calendar_counts_submissions_per_local_day_in_whole_weeks() -> None:
    submitted = [at("2026-11-20T23:30"), at("2026-11-21T10:00"), at("2026-11-21T18:00")]
    now = at("2026-11-21T20:00")  # a Saturday
    calendar = calendar_compute(submitted=submitted, now=now, tz=UTC, weeks=2)
    assert calendar.first == date(2026, 11, 9)  # the Monday a week before
    assert calendar.last == date(2026, 11, 21)
    assert len(calendar.days) == 13
    per_day = {day.day: day.entries for day in calendar.days}
    assert per_day[date(2026, 11, 20)] == 1
    assert per_day[date(2026, 11, 21)] == 2
    assert calendar.played == 2
    tokyo = calendar_compute(submitted=submitted, now=now, tz=TOKYO, weeks=2)
    assert tokyo.last == date(2026, 11, 22)
    per_day = {day.day: day.entries for day in tokyo.days}
    assert per_day[date(2026, 11, 21)] == 2, "23:30 and 10:00 UTC are both the 21st in Tokyo"
    assert per_day[date(2026, 11, 22)] == 1


@pytest.mark.django_db
def test_a_players_streaks_from_their_entries_void_ones_aside() -> None:
    player = UserFactory()
    now = at("2026-11-21T09:00")
    first = slot_number(at=now) - 3
    for offset in range(4):
        challenge = ChallengeFactory(number=first + offset)
        EntryFactory(
            player=player,
            challenge=challenge,
            submitted_at=challenge.opens_at + timedelta(hours=1),
            voided_at=now if offset == 1 else None,
        )
    assert Entry.objects.filter(player=player).count() == 4
    streaks = player_streaks(player_id=player.pk, now=now)
    # Slots first, first+2, first+3 (the void one does not count): a streak of two.
    assert streaks.slots == Streak(current=2, longest=2)
    calendar = player_calendar(player_id=player.pk, now=now, weeks=1)
    assert calendar.played == 2
    assert player_streaks(player_id=UserFactory().pk, now=now).slots == Streak(0, 0)
