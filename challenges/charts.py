"""SVG chart geometry for the server-rendered pages: a score histogram and line charts.

Everything is computed here, in SVG user units, so the templates only draw
(the SVGs scale to their containers); no charting library, no script needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol, TypeVar

from django.utils.dateformat import format as date_format
from django.utils.translation import pgettext

# Sizes (width, height) and paddings (left, right, top, bottom) in SVG user units.
HISTOGRAM_SIZE = (360, 170)
HISTOGRAM_PADDING = (30, 8, 24, 24)
# Drawn at about its CSS size in a half-width card, so 11px labels stay readable.
LINE_CHART_SIZE = (420, 190)
LINE_CHART_PADDING = (60, 14, 14, 26)
# Room above and below the extreme values of a line chart, as a share of their range.
HEADROOM = 0.08


class ChartRow(Protocol):
    """One challenge on a line chart: its id (for the link) and number (for the axis)."""

    @property
    def challenge_id(self) -> int: ...

    @property
    def number(self) -> int: ...


RowT = TypeVar("RowT", bound=ChartRow)


def _frame(size: tuple[int, int], padding: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The plotting area inside the padding: left, right, top and baseline."""
    (width, height), (pad_left, pad_right, pad_top, pad_bottom) = size, padding
    return pad_left, width - pad_right, pad_top, height - pad_bottom


@dataclass(frozen=True)
class HistogramBar:
    x: float
    y: float
    width: float
    height: float
    low: int
    high: int
    count: int
    is_you: bool


@dataclass(frozen=True)
class HistogramChart:
    width: int
    height: int
    bars: list[HistogramBar]
    baseline: float
    left: float
    right: float
    top: float
    max_count: int
    score_low: int
    score_high: int
    x_ticks: list[tuple[float, int]]
    you_x: float | None
    you_score: int | None
    you_label_anchor: str
    # Par (the solver's best): its line, at the right edge when above every score.
    par: int | None = None
    par_x: float | None = None
    par_beyond: bool = False
    par_label_anchor: str = "end"


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    label: str
    challenge_id: int


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    left: int
    right: int
    top: int
    baseline: int
    points: list[ChartPoint]
    path: str
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]


def histogram_chart(
    *,
    edges: Sequence[int],
    counts: Sequence[int],
    player_bin: int | None,
    you_score: int | None,
    par: int | None = None,
    scores: tuple[int | None, int | None] = (None, None),
) -> HistogramChart | None:
    """Bar geometry for the score histogram; None when there is nothing to draw.

    ``par`` draws a line where par lies on the score axis; par is usually above every
    score (the solver beats people), and then the line stands at the right edge, marked
    as beyond it, rather than squeezing the bars into the left of the chart. ``scores``,
    the lowest and highest score, are what the chart's text says (the bins' edges are
    no one's score)."""
    if not counts or sum(counts) == 0 or len(edges) != len(counts) + 1:
        return None
    left, right, top, baseline = _frame(HISTOGRAM_SIZE, HISTOGRAM_PADDING)
    # The last edge lies one past the top bin's highest score.
    low_edge, high_edge = edges[0], edges[-1] - 1
    span = high_edge - low_edge
    max_count = max(counts)
    slot = (right - left) / len(counts)
    gap = min(2.0, slot * 0.15)
    bars = []
    for index, count in enumerate(counts):
        height = (baseline - top) * count / max_count
        bars.append(
            HistogramBar(
                x=round(left + index * slot + gap / 2, 2),
                y=round(baseline - height, 2),
                width=round(slot - gap, 2),
                height=round(height, 2),
                low=edges[index],
                high=edges[index + 1] - 1,
                count=count,
                is_you=player_bin == index,
            )
        )

    def x_of(score: float) -> float:
        """Where a score sits on the x axis: the middle of its whole-point slot."""
        return round(left + (score - low_edge + 0.5) / (span + 1) * (right - left), 2)

    tick_scores = sorted({round(low_edge), round((low_edge + high_edge) / 2), round(high_edge)})
    you_x = x_of(you_score) if you_score is not None else None
    anchor = _label_anchor(you_x, left, right)
    par_x = None if par is None else min(max(x_of(par), left), right)
    return HistogramChart(
        width=HISTOGRAM_SIZE[0],
        height=HISTOGRAM_SIZE[1],
        bars=bars,
        baseline=baseline,
        left=left,
        right=right,
        top=top,
        max_count=max_count,
        score_low=bars[0].low if scores[0] is None else scores[0],
        score_high=bars[-1].high if scores[1] is None else scores[1],
        x_ticks=[(x_of(score), score) for score in tick_scores],
        you_x=you_x,
        you_score=you_score,
        you_label_anchor=anchor,
        par=par,
        par_x=par_x,
        par_beyond=par is not None and par > high_edge,
        par_label_anchor=_label_anchor(par_x, left, right),
    )


def _label_anchor(x: float | None, left: float, right: float) -> str:
    """Where a label above a line at ``x`` hangs, so it stays inside the chart."""
    if x is None or x < left + 40:
        return "start"
    if x > right - 40:
        return "end"
    return "middle"


def line_chart(
    rows: Sequence[RowT],
    *,
    value: Callable[[RowT], float],
    label: Callable[[RowT], str],
    fixed_range: tuple[float, float] | None = None,
    tick_format: Callable[[float], str] = lambda value: str(round(value)),
) -> LineChart | None:
    """Points and a polyline, higher values drawn higher; None with nothing to plot."""
    if not rows:
        return None
    values = [value(row) for row in rows]
    if fixed_range is not None:
        low, high = fixed_range
    else:
        low, high = min(values), max(values)
        if low == high:
            low, high = low - 1, high + 1
        room = (high - low) * HEADROOM
        low, high = low - room, high + room
    left, right, top, baseline = _frame(LINE_CHART_SIZE, LINE_CHART_PADDING)
    step = (right - left) / (len(rows) - 1) if len(rows) > 1 else 0.0

    def x_of(index: int) -> float:
        return round(left + index * step if len(rows) > 1 else (left + right) / 2, 2)

    def y_of(amount: float) -> float:
        return round(baseline - (amount - low) / (high - low) * (baseline - top), 2)

    points = [
        ChartPoint(x=x_of(i), y=y_of(v), label=label(row), challenge_id=row.challenge_id)
        for i, (row, v) in enumerate(zip(rows, values, strict=True))
    ]
    path = " ".join(f"{'M' if i == 0 else 'L'}{p.x} {p.y}" for i, p in enumerate(points))
    top_value, bottom_value = (high, low) if fixed_range else (max(values), min(values))
    tick_values = sorted({top_value, (top_value + bottom_value) / 2, bottom_value}, reverse=True)
    y_ticks = [(y_of(v), tick_format(v)) for v in tick_values]
    x_ticks = [(points[0].x, f"#{rows[0].number}")]
    if len(rows) > 1:
        x_ticks.append((points[-1].x, f"#{rows[-1].number}"))
    return LineChart(
        width=LINE_CHART_SIZE[0],
        height=LINE_CHART_SIZE[1],
        left=left,
        right=right,
        top=top,
        baseline=baseline,
        points=points,
        path=path,
        y_ticks=y_ticks,
        x_ticks=x_ticks,
    )


# --- the calendar heat map ---------------------------------------------------------------

CALENDAR_CELL = 11
CALENDAR_GAP = 2
CALENDAR_LEFT = 22
CALENDAR_TOP = 14


class CalendarDayLike(Protocol):
    @property
    def day(self) -> date: ...

    @property
    def entries(self) -> int: ...


@dataclass(frozen=True)
class CalendarCell:
    x: int
    y: int
    day: date
    entries: int
    # 0 (none) to 3 (all three challenges of the day): ``calendar_level``.
    level: int


@dataclass(frozen=True)
class CalendarChart:
    width: int
    height: int
    cells: list[CalendarCell]
    # (x, text) of the months' first weeks, and (y, text) of Mon/Wed/Fri.
    months: list[tuple[int, str]]
    weekdays: list[tuple[int, str]]


def calendar_level(entries: int) -> int:
    """A day's shade: 0 (none) to 3 (all three challenges of the day, or more)."""
    return min(3, entries)


def calendar_chart(days: Sequence[CalendarDayLike]) -> CalendarChart:
    """A column per week (Monday on top), a square per day shaded by its entries."""
    step = CALENDAR_CELL + CALENDAR_GAP
    cells: list[CalendarCell] = []
    months: list[tuple[int, str]] = []
    for index, day in enumerate(days):
        week, weekday = divmod(index, 7)
        x = CALENDAR_LEFT + week * step
        if weekday == 0 and (day.day.day <= 7 or index == 0):
            # The month's short name in the active language (Django's own catalog), in
            # the press's style: French "M" gives June and July as "Jui" and "Jul".
            months.append((x, date_format(day.day, "N")))
        cells.append(
            CalendarCell(
                x=x,
                y=CALENDAR_TOP + weekday * step,
                day=day.day,
                entries=day.entries,
                level=calendar_level(day.entries),
            )
        )
    weeks = (len(days) + 6) // 7
    weekdays = [
        (CALENDAR_TOP + row * step + CALENDAR_CELL - 2, name)
        for row, name in (
            (0, pgettext("Monday, one letter", "M")),
            (2, pgettext("Wednesday, one letter", "W")),
            (4, pgettext("Friday, one letter", "F")),
        )
    ]
    return CalendarChart(
        width=CALENDAR_LEFT + weeks * step,
        height=CALENDAR_TOP + 7 * step,
        cells=cells,
        months=months,
        weekdays=weekdays,
    )
