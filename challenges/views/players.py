"""A player's page: their submitted scores and ranks over time, plotted and listed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from challenges.charts import line_chart
from challenges.history import PlayerHistoryRow, player_history
from challenges.views import page_number_parse, page_window, top_percent

TABLE_PAGE_SIZE = 50
# The charts show the most recent challenges; the table below lists every one.
CHART_POINTS = 60


@dataclass(frozen=True)
class Standing:
    row: PlayerHistoryRow
    top_percent: int


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    history = player_history(player=player)
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
                "chart": line_chart(
                    recent,
                    value=lambda row: row.score,
                    label=lambda row: f"#{row.number}: {row.score} points",
                ),
            },
            {
                "id": "standing",
                "title": "Standing (higher is better)",
                "chart": line_chart(
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
