"""A player's page: their submitted scores and ranks over time, plotted and listed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from challenges import selectors
from challenges.selectors import PlayerHistoryRow
from challenges.views import page_number_parse, page_window, top_percent

TABLE_PAGE_SIZE = 50
# The charts show the most recent challenges; the table below lists every one.
CHART_POINTS = 60

# Drawn at about its CSS size in a half-width card, so 11px labels stay readable.
CHART_WIDTH = 420
CHART_HEIGHT = 190
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 60, 14, 14, 26
# Room above and below the extreme values, as a share of their range.
HEADROOM = 0.08


@dataclass(frozen=True)
class Standing:
    row: PlayerHistoryRow
    top_percent: int


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


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    history = selectors.player_history(player=player)
    standings = [
        Standing(row=row, top_percent=top_percent(rank=row.rank, entries=row.entries))
        for row in history
    ]
    recent = [standing.row for standing in standings[-CHART_POINTS:]]
    table = Paginator(list(reversed(standings)), TABLE_PAGE_SIZE)
    table_page = table.get_page(page_number_parse(request))
    context: dict[str, Any] = {
        "player": player,
        "is_self": request.user.is_authenticated and request.user.pk == player.pk,
        "played": len(history),
        "best_score": max((row.score for row in history), default=None),
        "best_rank": min((row.rank for row in history), default=None),
        "wins": sum(1 for row in history if row.rank == 1),
        "median_top_percent": _median([standing.top_percent for standing in standings]),
        "charts": [
            {
                "id": "score",
                "title": "Score per challenge",
                "chart": _line_chart(
                    recent,
                    value=lambda row: row.score,
                    label=lambda row: f"#{row.number}: {row.score} points",
                ),
            },
            {
                "id": "standing",
                "title": "Standing (higher is better)",
                "chart": _line_chart(
                    recent,
                    value=lambda row: -top_percent(rank=row.rank, entries=row.entries),
                    label=lambda row: (
                        f"#{row.number}: rank {row.rank} of {row.entries}, "
                        f"top {top_percent(rank=row.rank, entries=row.entries)}%"
                    ),
                    fixed_range=(-100, 0),
                    tick_format=lambda value: f"top {max(1, -round(value))}%",
                ),
            },
        ],
        "charted": len(recent),
        "table_page": table_page,
        "pages": page_window(page=table_page.number, num_pages=table.num_pages),
    }
    return render(request, "challenges/player.html", context)


def _median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def _line_chart(
    rows: Sequence[PlayerHistoryRow],
    *,
    value: Callable[[PlayerHistoryRow], float],
    label: Callable[[PlayerHistoryRow], str],
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
    left, right = PAD_LEFT, CHART_WIDTH - PAD_RIGHT
    top, baseline = PAD_TOP, CHART_HEIGHT - PAD_BOTTOM
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
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        left=left,
        right=right,
        top=top,
        baseline=baseline,
        points=points,
        path=path,
        y_ticks=y_ticks,
        x_ticks=x_ticks,
    )
