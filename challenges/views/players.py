"""A player's page: their streaks and calendar, their best ranks, their submitted scores
and standings over time (plotted and listed), and a button to follow them."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from challenges.boards.selectors import (
    PlayerHistoryRow,
    follower_count,
    is_following,
    player_history,
)
from challenges.charts import calendar_chart, line_chart
from challenges.errors import FollowsLimitReached
from challenges.parsing import time_zone
from challenges.players.selectors import player_calendar, player_streaks, players_only
from challenges.players.services import follow_add, follow_remove
from challenges.views import page_number_parse, page_window, standing_phrase, top_percent
from config.throttling import page_allows

TABLE_PAGE_SIZE = 50
BEST_RANKS = 5
# pages/site.js keeps the reader's time zone in this cookie, so days are their days.
TIME_ZONE_COOKIE = "tz"
# The charts show the most recent challenges; the table below lists every one.
CHART_POINTS = 60


@dataclass(frozen=True)
class Standing:
    row: PlayerHistoryRow
    top_percent: int
    phrase: str


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(players_only(), username=username)
    history = player_history(player=player)
    standings = [
        Standing(
            row=row,
            top_percent=top_percent(rank=row.rank, entries=row.entries),
            phrase=standing_phrase(rank=row.rank, entries=row.entries),
        )
        for row in history
    ]
    tz = time_zone(request.COOKIES.get(TIME_ZONE_COOKIE)) or UTC
    is_self = request.user.is_authenticated and request.user.pk == player.pk
    calendar = player_calendar(player=player, tz=tz, own=is_self)
    drawn = calendar_chart(calendar.days)
    median = _median([standing.top_percent for standing in standings])
    recent = [standing.row for standing in standings[-CHART_POINTS:]]
    table = Paginator(list(reversed(standings)), TABLE_PAGE_SIZE)
    table_page = table.get_page(page_number_parse(request))
    context: dict[str, Any] = {
        "player": player,
        "is_self": is_self,
        "played": len(history),
        "best_score": max((row.score for row in history), default=None),
        "best_rank": min((row.rank for row in history), default=None),
        "wins": sum(1 for row in history if row.rank == 1),
        "median_top_percent": median if median is not None and median <= 50 else None,
        "streaks": player_streaks(player=player, tz=tz, own=is_self),
        "calendar": calendar,
        "calendar_chart": drawn,
        # The calendar is a year of squares, each with its date: thousands of template
        # lookups. Cached under a digest of what it draws, so it can never be stale.
        "calendar_key": hashlib.sha256(
            repr((drawn, calendar.played, get_language())).encode()
        ).hexdigest(),
        "time_zone": str(tz),
        "best_ranks": sorted(history, key=lambda row: (row.rank, -row.score, row.number))[
            :BEST_RANKS
        ],
        "followers": follower_count(player=player),
        "followed_by_you": is_following(follower=request.user, followed=player),
        "charts": [
            {
                "id": "score",
                "title": gettext("Score per challenge"),
                "chart": line_chart(
                    recent,
                    value=lambda row: row.score,
                    label=lambda row: (
                        gettext("#%(number)s: %(score)s points")
                        % {"number": row.number, "score": row.score}
                    ),
                ),
            },
            {
                "id": "standing",
                "title": gettext("Standing (higher is better)"),
                "chart": line_chart(
                    recent,
                    value=lambda row: -top_percent(rank=row.rank, entries=row.entries),
                    label=lambda row: (
                        gettext("#%(number)s: rank %(rank)s of %(entries)s, top %(percent)s%%")
                        % {
                            "number": row.number,
                            "rank": row.rank,
                            "entries": row.entries,
                            "percent": top_percent(rank=row.rank, entries=row.entries),
                        }
                    ),
                    fixed_range=(-100, 0),
                    tick_format=lambda value: (
                        gettext("top %(percent)s%%") % {"percent": max(1, -round(value))}
                    ),
                ),
            },
        ],
        "charted": len(recent),
        "table_page": table_page,
        "pages": page_window(page=table_page.number, num_pages=table.num_pages),
    }
    return render(request, "challenges/player.html", context)


@require_POST
@login_required
def follow_toggle(request: HttpRequest, username: str) -> HttpResponse:
    """The follow button's form: ``action`` "follow" or "unfollow", then back to the page."""
    player = get_object_or_404(players_only(), username=username)
    assert isinstance(request.user, User)
    here = reverse("challenges:player", args=[player.get_username()])
    if not page_allows(request, scope="follow"):
        messages.error(request, gettext("Too many follows at once: wait a minute, then try again."))
        return HttpResponseRedirect(here)
    try:
        if request.POST.get("action") == "unfollow":
            follow_remove(follower=request.user, followed=player)
        elif player.pk != request.user.pk:
            follow_add(follower=request.user, followed=player)
    except FollowsLimitReached as refusal:
        messages.error(request, str(refusal.detail))
    return HttpResponseRedirect(here)


def _median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2
