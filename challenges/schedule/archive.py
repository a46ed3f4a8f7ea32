"""The archive: a calendar of every challenge whose results are out, a month at a time.

An archive run is played in the browser on a closed challenge's public deal and never
stored (like untimed practice, challenges/schedule/practice.py): it has no Run row, so
it is never ranked and never touches a streak or a record by construction. Where its
score would have ranked is worked out on request from the board, never kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from challenges.models import Challenge


@dataclass(frozen=True)
class ArchiveSlot:
    id: int
    number: int
    opens_at: datetime
    entries: int
    top_score: int | None
    par: int | None


@dataclass(frozen=True)
class ArchiveDay:
    day: date
    slots: tuple[ArchiveSlot, ...]


@dataclass(frozen=True)
class ArchiveMonth:
    """One month of the calendar: its weeks (Monday first; ``None`` pads the days of
    other months), and the months before and after it that hold closed challenges."""

    month: date
    weeks: tuple[tuple[ArchiveDay | None, ...], ...]
    earlier: date | None
    later: date | None
    challenges: int


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _next_month(month: date) -> date:
    return (month + timedelta(days=32)).replace(day=1)


def _closed(now: datetime) -> tuple[date | None, date | None]:
    """The first and last months holding a challenge whose results are out."""
    # Results come out a run's length after the close: challenges closed a slot ago are
    # out, and the one closed last is out once its results_at has passed.
    out = Challenge.objects.filter(closes_at__lte=now)
    first = out.order_by("number").values_list("opens_at", flat=True).first()
    last_two = list(out.order_by("-number")[:2])
    last = next((c.opens_at for c in last_two if c.results_out(now)), None)
    if first is None or last is None:
        return None, None
    return _month_start(first.astimezone(UTC).date()), _month_start(last.astimezone(UTC).date())


def archive_month(*, now: datetime, month: date | None = None) -> ArchiveMonth | None:
    """The calendar of ``month`` (the latest month with closed challenges by default,
    and a month outside the archive's span is brought within it); None before any
    challenge's results are out."""
    first, last = _closed(now)
    if first is None or last is None:
        return None
    shown = min(max(_month_start(month), first), last) if month is not None else last
    after = _next_month(shown)
    start = datetime(shown.year, shown.month, 1, tzinfo=UTC)
    end = datetime(after.year, after.month, 1, tzinfo=UTC)
    rows = [
        c
        for c in Challenge.objects.filter(opens_at__gte=start, opens_at__lt=end, closes_at__lte=now)
        .only("pk", "number", "opens_at", "closes_at", "entry_count", "top_score", "par")
        .order_by("number")
        if c.results_out(now)
    ]
    by_day: dict[date, list[ArchiveSlot]] = {}
    for c in rows:
        slot = ArchiveSlot(
            id=c.pk,
            number=c.number,
            opens_at=c.opens_at,
            entries=c.entry_count,
            top_score=c.top_score,
            par=c.par,
        )
        by_day.setdefault(c.opens_at.astimezone(UTC).date(), []).append(slot)
    days = [shown + timedelta(days=n) for n in range((after - shown).days)]
    cells: list[ArchiveDay | None] = [None] * shown.weekday()
    cells += [ArchiveDay(day=d, slots=tuple(by_day.get(d, ()))) for d in days]
    cells += [None] * (-len(cells) % 7)
    weeks = tuple(tuple(cells[i : i + 7]) for i in range(0, len(cells), 7))
    return ArchiveMonth(
        month=shown,
        weeks=weeks,
        earlier=(shown - timedelta(days=1)).replace(day=1) if shown > first else None,
        later=after if shown < last else None,
        challenges=len(rows),
    )
