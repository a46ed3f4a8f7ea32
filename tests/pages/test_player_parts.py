"""A player page's calendar, charts and table rows, written in Python (views/player_parts.py),
are the markup the template wrote: the template's own loops are kept here as the
reference, and both are rendered for the same charts and rows, in every language and
in time zones either side of UTC."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from challenges.boards.history import PlayerHistoryRow
from challenges.charts import calendar_chart, line_chart
from challenges.players.streaks import calendar_compute
from challenges.views import standing_phrase, top_percent
from challenges.views.player_parts import calendar_svg, line_chart_svg, standing_rows_html
from challenges.views.players import Standing
from tests.languages import LANGUAGES

# The template's loops as they were: the reference the Python parts are held to.
REFERENCE = Path(__file__).parent / "reference"
CHARTS_TEMPLATE = "{% load i18n l10n %}" + (REFERENCE / "player_charts.html").read_text()
ROWS_TEMPLATE = "{% load i18n %}" + (REFERENCE / "player_rows.html").read_text()
CALENDAR_TEMPLATE = "{% load i18n %}" + (REFERENCE / "player_calendar.html").read_text()

OPENED = datetime(2026, 11, 26, 23, 30, tzinfo=UTC)


def _rows(count: int) -> list[PlayerHistoryRow]:
    return [
        PlayerHistoryRow(
            challenge_id=4000 + n,
            number=4000 + n,
            opens_at=OPENED - timedelta(hours=8 * (count - n)),
            score=(n * 37) % 250 - 20,
            rank=[1, 7, 999, 1000, 12_345, 1_000_000][n % 6],
            entries=[1, 50, 999, 1500, 20_000, 1_000_000][n % 6] + n,
            run_id=uuid.UUID(int=n + 1),
        )
        for n in range(count)
    ]


def _charts(rows: list[PlayerHistoryRow]) -> list[dict[str, object]]:
    return [
        {
            "id": "score",
            "chart": line_chart(rows, value=lambda r: r.score, label=lambda r: f"#{r.number} <b>&"),
        },
        {
            "id": "standing",
            "chart": line_chart(
                rows,
                value=lambda r: -top_percent(rank=r.rank, entries=r.entries),
                label=str,
                fixed_range=(-100, 0),
            ),
        },
    ]


def _tags(html: str) -> str:
    """The markup without the whitespace between tags, which neither draws."""
    return re.sub(r">\s+<", "><", html).strip()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 31, 60])
def test_the_charts_are_the_templates_markup(language: str, count: int) -> None:
    rows = _rows(count)
    charts = _charts(rows)
    with translation.override(language):
        expected = Template(CHARTS_TEMPLATE).render(
            Context({"charts": [{**c, "title": ""} for c in charts], "charted": count})
        )
        written = "".join(
            f'<figure class="card flush"><h2 id="{c["id"]}-title"></h2>'
            + line_chart_svg(c["chart"], chart_id=str(c["id"]), charted=count)
            + "</figure>"
            for c in charts
        )
    assert _tags(written) == _tags(expected)
    assert written.count("<circle") == 2 * count


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("zone", ["UTC", "Pacific/Chatham", "America/St_Johns"])
def test_the_table_rows_are_the_templates_markup(language: str, zone: str) -> None:
    with translation.override(language), timezone.override(ZoneInfo(zone)):
        standings = [
            Standing(
                row=row,
                top_percent=top_percent(rank=row.rank, entries=row.entries),
                phrase=standing_phrase(rank=row.rank, entries=row.entries),
            )
            for row in _rows(12)
        ]
        expected = Template(ROWS_TEMPLATE).render(Context({"table_page": standings}))
        written = standing_rows_html(standings)
    assert _tags(written) == _tags(expected)
    assert written.count("<tr>") == 12


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("played_days", [0, 1, 40, 366])
def test_the_calendar_is_the_templates_markup(language: str, played_days: int) -> None:
    """A year with no day played, one, some (one to three challenges a day) and every
    day, across a leap day and the turn of a year."""
    now = datetime(2029, 1, 3, 12, tzinfo=UTC)
    submitted = [
        now - timedelta(days=day, hours=8 * slot)
        for day in range(played_days)
        for slot in range(1 + day % 3)
    ]
    with translation.override(language):
        calendar = calendar_compute(submitted=submitted, now=now, tz=ZoneInfo("Asia/Tokyo"))
        chart = calendar_chart(calendar.days)
        expected = Template(CALENDAR_TEMPLATE).render(
            Context({"calendar_chart": chart, "calendar": calendar})
        )
        written = calendar_svg(calendar)
    assert _tags(written) == _tags(expected)
    assert written.count("<rect") == len(calendar.days)
    full = sum(1 for day in calendar.days if day.entries >= 3)
    assert written.count("calendar__day--3") == full > 0 or played_days < 3


def test_two_calendars_of_the_same_days_show_each_its_own_counts() -> None:
    """The squares are written once for everyone who sees those days: a second player's
    calendar shows their own days, not the first's."""
    now = datetime(2029, 1, 3, 12, tzinfo=UTC)
    often = [now - timedelta(days=day, hours=8 * slot) for day in range(30) for slot in range(3)]
    once = [now - timedelta(days=4)]
    with translation.override("de"):
        busy = calendar_compute(submitted=often, now=now, tz=UTC)
        quiet = calendar_compute(submitted=once, now=now, tz=UTC)
        assert busy.first == quiet.first
        for calendar in (busy, quiet, busy):
            expected = Template(CALENDAR_TEMPLATE).render(
                Context({"calendar_chart": calendar_chart(calendar.days), "calendar": calendar})
            )
            assert _tags(calendar_svg(calendar)) == _tags(expected)
    assert calendar_svg(quiet).count('data-entries="1"') == 1
    full = sum(1 for day in busy.days if day.entries == 3)
    assert calendar_svg(busy).count("calendar__day--3") == full >= 28
