from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from challenges import slots as schedule
from tests.factories import at


def test_the_epoch_opens_slot_zero() -> None:
    assert schedule.slot_number(at=schedule.EPOCH) == 0
    assert schedule.slot_opens_at(number=0) == schedule.EPOCH


@pytest.mark.parametrize(
    ("moment", "number"),
    [
        ("2026-01-01T07:59:59.999999", 0),
        ("2026-01-01T08:00:00", 1),
        ("2026-01-01T15:59:59.999", 1),
        ("2026-01-01T16:00:00", 2),
        ("2026-01-02T00:00:00", 3),
        ("2025-12-31T23:59:59.999", -1),
        ("2025-12-31T16:00:00", -1),
        ("2025-12-31T15:59:59", -2),
    ],
)
def test_slot_boundaries_fall_on_the_hour(moment: str, number: int) -> None:
    assert schedule.slot_number(at=at(moment)) == number


def test_slots_open_at_00_08_and_16_utc() -> None:
    opening_hours = {schedule.slot_opens_at(number=n).hour for n in range(-30, 30)}
    assert opening_hours == {0, 8, 16}


def test_the_words_of_the_pages_come_from_the_slot_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert schedule.slot_length_hours() == 8
    assert schedule.slot_opening_times() == ("00:00", "08:00", "16:00")
    # Another slot length changes what the pages say, with no sentence to edit.
    monkeypatch.setattr(schedule, "SLOT_LENGTH", timedelta(hours=6))
    assert schedule.slot_length_hours() == 6
    assert schedule.slot_opening_times() == ("00:00", "06:00", "12:00", "18:00")


def test_one_millisecond_before_08_belongs_to_the_night_slot() -> None:
    night = schedule.slot_at(at=at("2026-11-21T07:59:59.999"))
    morning = schedule.slot_at(at=at("2026-11-21T08:00:00"))
    assert morning.number == night.number + 1
    assert night.closes_at == morning.opens_at == at("2026-11-21T08:00:00")
    assert night.opens_at == at("2026-11-21T00:00:00")
    assert not night.contains(at("2026-11-21T08:00:00"))
    assert morning.contains(at("2026-11-21T08:00:00"))


def test_other_time_zones_name_the_same_instant() -> None:
    paris_summer = timezone(timedelta(hours=2))
    moment = datetime(2026, 7, 1, 10, 0, tzinfo=paris_summer)  # 08:00 UTC
    assert schedule.slot_number(at=moment) == schedule.slot_number(at=at("2026-07-01T08:00:00"))
    assert schedule.slot_number(at=moment - timedelta(microseconds=1)) == (
        schedule.slot_number(at=moment) - 1
    )


def test_a_dst_change_in_europe_does_not_move_the_slots() -> None:
    # 2026-03-29 is the EU switch to summer time; UTC slots stay 8 hours long.
    slots = [
        schedule.slot_get(number=schedule.slot_number(at=at("2026-03-29T00:00:00")) + i)
        for i in range(3)
    ]
    assert [s.opens_at.hour for s in slots] == [0, 8, 16]
    assert all(s.closes_at - s.opens_at == timedelta(hours=8) for s in slots)


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        schedule.slot_number(at=datetime(2026, 1, 1, 8))


@given(
    st.datetimes(
        min_value=datetime(1990, 1, 1), max_value=datetime(2090, 1, 1), timezones=st.just(UTC)
    )
)
def test_every_moment_lies_in_its_slot(moment: datetime) -> None:
    slot = schedule.slot_at(at=moment)
    assert slot.opens_at <= moment < slot.closes_at
    assert slot.closes_at - slot.opens_at == schedule.SLOT_LENGTH
    assert schedule.slot_get(number=slot.number) == slot


@given(st.integers(min_value=-100_000, max_value=100_000))
def test_numbers_and_opening_times_round_trip(number: int) -> None:
    assert schedule.slot_number(at=schedule.slot_opens_at(number=number)) == number
    last_instant = schedule.slot_closes_at(number=number) - timedelta(microseconds=1)
    assert schedule.slot_number(at=last_instant) == number
