"""A player page's loops as HTML, written in Python: its calendar (a square per day of
the year), its two line charts (ticks, the line, a dot per challenge with its label and
link) and its table of standings. The same markup the template wrote, at a fraction of
the template engine's cost: the page's record is built afresh whenever any board moves,
an active player's has 120 dots and 50 rows, and the calendar's 365 squares each with
its date took the template a tenth of a second or more.

Every value is escaped; the words and the addresses are looked up once per part.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import lru_cache
from typing import Any

from django.utils import dateformat
from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone
from django.utils.translation import get_language, gettext, ngettext

from challenges.charts import CalendarCell, LineChart, calendar_chart, calendar_level
from challenges.players.selectors import Calendar
from challenges.views.board_rows import (
    address_maker,
    escaped,
    minute_stamp,
    rank_formatter,
    replay_addresses,
)

# A challenge number ``reverse`` writes as it is, for its addresses.
_NUMBER = 2_147_483_647


def calendar_svg(calendar: Calendar) -> SafeString:
    """The ``<svg>`` of the year's calendar (titled ``calendar-title``)."""
    played = calendar.played
    title = ngettext(
        "Days played over the last year: %(days)s day, darker for more challenges that day",
        "Days played over the last year: %(days)s days, darker for more challenges that day",
        played,
    ) % {"days": played}
    frame = _calendar_frame(calendar.first, calendar.last, get_language())
    counts = calendar.counts
    parts = [frame.head, f'<title id="calendar-title">{title}</title>', frame.labels]
    parts += [
        frame.square(index, counts.get(cell.day, 0)) for index, cell in enumerate(frame.cells)
    ]
    parts.append("</svg>")
    # Every value is escaped or a number; the catalog's words go in as blocktranslate
    # wrote them.
    return mark_safe("".join(parts))


class _CalendarFrame:
    """The squares of one year of days in one language, each written once for each count
    of challenges it shows: every player's calendar on those days is a choice among
    them, so a fresh page writes none of its 365 squares."""

    def __init__(self, first: date, last: date) -> None:
        chart = calendar_chart(Calendar(first=first, last=last, counts={}).days)
        self.head = (
            f'<svg class="calendar" viewBox="0 0 {chart.width} {chart.height}" role="img"'
            ' aria-labelledby="calendar-title" data-testid="calendar">'
        )
        self.labels = "".join(
            [
                f'<text class="calendar__label" x="{x}" y="9">{escaped(text)}</text>'
                for x, text in chart.months
            ]
            + [
                f'<text class="calendar__label" x="0" y="{y}">{escaped(text)}</text>'
                for y, text in chart.weekdays
            ]
        )
        self.cells = chart.cells
        self._written: dict[tuple[int, int], str] = {}
        # A day's title by its count, and its date as dateformat's "D j N" writes it,
        # the weekdays' and months' names looked up once.
        self._titles: dict[int, str] = {}
        self._weekdays: dict[int, str] = {}
        self._months: dict[int, str] = {}

    def square(self, index: int, entries: int) -> str:
        written = self._written.get((index, entries))
        if written is None:
            written = self._written[(index, entries)] = self._square(self.cells[index], entries)
        return written

    def _square(self, cell: CalendarCell, entries: int) -> str:
        words = self._titles.get(entries)
        if words is None:
            words = self._titles[entries] = ngettext(
                "%(day)s: %(entries)s challenge", "%(day)s: %(entries)s challenges", entries
            )
        weekday = self._weekdays.get(cell.day.weekday())
        if weekday is None:
            weekday = self._weekdays[cell.day.weekday()] = escaped(dateformat.format(cell.day, "D"))
        month = self._months.get(cell.day.month)
        if month is None:
            month = self._months[cell.day.month] = escaped(dateformat.format(cell.day, "N"))
        day = f"{weekday} {cell.day.day} {month}"
        return (
            f'<rect class="calendar__day calendar__day--{calendar_level(entries)}"'
            f' x="{cell.x}" y="{cell.y}" width="11" height="11" rx="2"'
            f' data-day="{cell.day.isoformat()}" data-entries="{entries}"><title>'
            + words % {"day": day, "entries": entries}
            + "</title></rect>"
        )


# A frame per window of days and language: readers' time zones give a few windows a day.
@lru_cache(maxsize=16)
def _calendar_frame(first: date, last: date, language: str) -> _CalendarFrame:
    return _CalendarFrame(first, last)


def line_chart_svg(chart: LineChart, *, chart_id: str, charted: int) -> SafeString:
    """The ``<svg>`` of ``chart``, labelled by the heading ``{chart_id}-title``;
    ``charted``: how many challenges it shows (its dots shrink beyond 30). Its
    coordinates are Python's own numbers, as the template wrote them (``localize
    off``), never the reader's decimal comma."""
    name = escaped(chart_id)
    desc = ngettext(
        "%(charted)s challenge, oldest on the left; the table below lists every one.",
        "%(charted)s challenges, oldest on the left; the table below lists every one.",
        charted,
    ) % {"charted": charted}
    parts = [
        f'<svg class="chart" viewBox="0 0 {chart.width} {chart.height}" role="img"'
        f' aria-labelledby="{name}-title {name}-desc" data-testid="{name}-chart">',
        f'<desc id="{name}-desc">{escaped(desc)}</desc>',
    ]
    for y, text in chart.y_ticks:
        parts.append(
            f'<line class="grid" x1="{chart.left}" x2="{chart.right}" y1="{y}" y2="{y}"/>'
            f'<text class="tick" x="{chart.left - 6}" y="{y}" text-anchor="end"'
            f' dominant-baseline="middle">{escaped(text)}</text>'
        )
    last = len(chart.x_ticks) - 1
    for index, (x, text) in enumerate(chart.x_ticks):
        anchor = "start" if index == 0 < last else "end" if index == last > 0 else "middle"
        parts.append(
            f'<text class="tick" x="{x}" y="{chart.height - 8}"'
            f' text-anchor="{anchor}">{escaped(text)}</text>'
        )
    parts.append(f'<path class="line" d="{escaped(chart.path)}"/>')
    radius = 3 if charted > 30 else 5
    board_of = address_maker("challenges:leaderboard", _NUMBER)
    for point in chart.points:
        href = board_of(point.challenge_id)
        parts.append(
            f'<circle class="dot" cx="{point.x}" cy="{point.y}" r="{radius}"'
            f' data-href="{href}"><title>{escaped(point.label)}</title></circle>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every value above is escaped or a number


def standing_rows_html(standings: Iterable[Any]) -> SafeString:
    """The ``<tr>`` of each standing of the history table (``players.Standing``)."""
    board_of = address_maker("challenges:leaderboard", _NUMBER)
    replay_of = replay_addresses()
    watch = escaped(gettext("Watch"))
    of_entries = gettext("of %(entries)s")
    the_run_on = gettext("the run on #%(number)s")
    grouped = rank_formatter()
    stamp = get_format("DATETIME_FORMAT")
    language = get_language()
    zone = get_current_timezone()
    html = []
    for standing in standings:
        row = standing.row
        opened = row.opens_at.astimezone(zone)
        entries = escaped(of_entries % {"entries": grouped(row.entries)})
        hidden = escaped(the_run_on % {"number": row.number})
        html.append(
            "<tr>"
            f'<th scope="row"><a href="{board_of(row.challenge_id)}">'
            f"#{row.number}</a></th>"
            f'<td class="hide-narrow"><time datetime="{opened.isoformat()}" data-local>'
            f"{minute_stamp(opened, stamp, language)}</time></td>"
            f'<td class="n"><strong>{row.score}</strong></td>'
            f'<td class="n">{grouped(row.rank)} <span class="muted">{entries}</span></td>'
            f'<td class="n hide-narrow">{escaped(standing.phrase)}</td>'
            f'<td><a href="{replay_of(row.run_id)}">{watch}'
            f'<span class="visually-hidden"> {hidden}</span></a></td>'
            "</tr>"
        )
    return mark_safe("\n".join(html))  # every value above is escaped or a number
