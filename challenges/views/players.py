"""A player's page: their streaks and calendar, their best ranks, their submitted scores
and standings over time (plotted and listed), and a button to follow them."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from challenges.boards.selectors import (
    PlayerHistoryRow,
    follower_count,
    is_following,
    player_boards_version,
    player_entries_off_board,
    player_history,
)
from challenges.charts import line_chart
from challenges.errors import FollowsLimitReached
from challenges.models import PlayerRecord
from challenges.parsing import time_zone
from challenges.players.selectors import (
    Calendar,
    Streaks,
    calendar_compute,
    player_by_name,
    player_record_get,
    players_only,
    streaks_compute,
    submissions_of,
)
from challenges.players.services import follow_add, follow_remove
from challenges.slots import slot_number
from challenges.tables.selectors import coins_of
from challenges.views import page_number_parse, standing_phrase, top_percent
from challenges.views.pagination import pagination_html
from challenges.views.player_parts import calendar_svg, line_chart_svg, standing_rows_html
from challenges.views.shared_pages import (
    query_as_parsed,
    shared_page_cached,
    shared_page_keep,
    shared_page_key,
    shared_page_reader,
)
from config.throttling import page_allows

TABLE_PAGE_SIZE = 50
BEST_RANKS = 5
# pages/site.js keeps the reader's time zone in this cookie, so days are their days.
TIME_ZONE_COOKIE = "tz"
# The charts show the most recent challenges; the table below lists every one.
CHART_POINTS = 60
# The record's part of the page is kept under a key that changes with all it shows.
_RECORD_SECONDS = 3600


@dataclass(frozen=True)
class Standing:
    row: PlayerHistoryRow
    top_percent: int
    phrase: str


class _Shown:
    """What the page's cached part shows, built only when that part is rendered: the
    template calls the callables it is given, and a cached fragment renders none. Each
    is computed once: the template looks some up several times (a streak four)."""

    def __init__(
        self, player: User, record: PlayerRecord, tz: tzinfo, now: datetime, *, own: bool
    ) -> None:
        self.player, self.record, self.tz, self.now = player, record, tz, now
        # The player's own view counts their held entries too (anyone else's, live only).
        self.own = own

    @cached_property
    def history(self) -> list[PlayerHistoryRow]:
        return player_history(player_id=self.player.pk)

    @cached_property
    def standings(self) -> list[Standing]:
        return [
            Standing(
                row=row,
                top_percent=top_percent(rank=row.rank, entries=row.entries),
                phrase=standing_phrase(rank=row.rank, entries=row.entries),
            )
            for row in self.history
        ]

    @cached_property
    def submissions(self) -> list[tuple[int, datetime]]:
        return submissions_of(self.record, own=self.own)

    @cached_property
    def calendar(self) -> Calendar:
        return calendar_compute(
            submitted=[at for _, at in self.submissions], now=self.now, tz=self.tz
        )

    @cached_property
    def streaks(self) -> Streaks:
        return streaks_compute(submissions=self.submissions, now=self.now, tz=self.tz)

    @cached_property
    def best_rank(self) -> int | None:
        return min((row.rank for row in self.history), default=None)

    @cached_property
    def wins(self) -> int:
        return sum(1 for row in self.history if row.rank == 1)

    @cached_property
    def median_top_percent(self) -> float | None:
        median = _median([standing.top_percent for standing in self.standings])
        return median if median is not None and median <= 50 else None

    @cached_property
    def best_ranks(self) -> list[PlayerHistoryRow]:
        ordered = sorted(self.history, key=lambda row: (row.rank, -row.score, row.number))
        return ordered[:BEST_RANKS]

    def recent(self) -> list[PlayerHistoryRow]:
        return [standing.row for standing in self.standings[-CHART_POINTS:]]

    def charts(self) -> list[dict[str, Any]]:
        charted = len(self.recent())
        return [
            {
                "id": item["id"],
                "title": item["title"],
                "svg": line_chart_svg(item["chart"], chart_id=item["id"], charted=charted),
            }
            for item in self._charts()
            if item["chart"] is not None
        ]

    def _charts(self) -> list[dict[str, Any]]:
        recent = self.recent()
        # Each dot's label, its words looked up once for the chart's 60 dots.
        scored = gettext("#%(number)s: %(score)s points")
        ranked = gettext("#%(number)s: rank %(rank)s of %(entries)s, top %(percent)s%%")
        return [
            {
                "id": "score",
                "title": gettext("Score per challenge"),
                "chart": line_chart(
                    recent,
                    value=lambda row: row.score,
                    label=lambda row: scored % {"number": row.number, "score": row.score},
                ),
            },
            {
                "id": "standing",
                "title": gettext("Standing (higher is better)"),
                "chart": line_chart(
                    recent,
                    value=lambda row: -top_percent(rank=row.rank, entries=row.entries),
                    label=lambda row: (
                        ranked
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
        ]


def player_page(request: HttpRequest, username: str) -> HttpResponseBase:
    player = player_by_name(username=username)
    if player is None:
        raise Http404("No such player.")
    record = player_record_get(player_id=player.pk)
    tz = time_zone(request.COOKIES.get(TIME_ZONE_COOKIE)) or UTC
    now = timezone.now()
    is_self = request.user.is_authenticated and request.user.pk == player.pk
    followers = follower_count(player_id=player.pk)
    # The table's page, kept only as the page reads it and within the live entries'
    # pages: any other query is answered afresh and leaves nothing in the cache.
    page_number = page_number_parse(request)
    parsed = {"page": str(page_number)}
    table_pages = max(1, -(-record.played // TABLE_PAGE_SIZE))
    keep = page_number <= table_pages and query_as_parsed(request, parsed)
    # All the record shows, in one key: the player's record (their submits, approvals,
    # voids), the versions of the boards they entered (their ranks move with others'
    # entries), the slot and the reader's day (a streak goes on or ends), their time
    # zone and language.
    record_key = ":".join(
        str(part)
        for part in (
            player.pk, record.version, player_boards_version(player_id=player.pk),
            slot_number(at=now), now.astimezone(tz).date(), tz, get_language(), page_number,
            is_self,
        )
    )  # fmt: skip
    key = None
    if keep and shared_page_reader(request):
        key = shared_page_key(request, name="player", parts=[record_key, followers], parsed=parsed)
    if key is not None:
        answer = shared_page_cached(request, key=key, etag=None)
        if answer is not None:
            return answer
    shown = _Shown(player, record, tz, now, own=is_self)

    # Built once, when the template first asks (a cached fragment never does).
    @functools.cache
    def table() -> tuple[Any, SafeString]:
        paginator = Paginator(list(reversed(shown.standings)), TABLE_PAGE_SIZE)
        page = paginator.get_page(page_number)
        links = pagination_html(
            page=page.number, num_pages=paginator.num_pages,
            label=gettext("History pages"), newer=gettext("Newer"), older=gettext("Older"),
        )  # fmt: skip
        return page, links

    context: dict[str, Any] = {
        "player": player,
        "is_self": is_self,
        "record_key": record_key,
        # Not kept (a timeout of 0) for a page past the entries' or a query not read.
        "record_seconds": _RECORD_SECONDS if keep else 0,
        "played": record.played,
        "best_score": record.best_score,
        "best_rank": lambda: shown.best_rank,
        "wins": lambda: shown.wins,
        "median_top_percent": lambda: shown.median_top_percent,
        "streaks": lambda: shown.streaks,
        "calendar": lambda: shown.calendar,
        "calendar_svg": lambda: calendar_svg(shown.calendar),
        "time_zone": str(tz),
        "best_ranks": lambda: shown.best_ranks,
        "followers": followers,
        # In the record's key by its version, which a coin won moves on.
        "coins": lambda: coins_of(player_id=player.pk),
        "followed_by_you": is_following(follower_id=request.user.pk, followed_id=player.pk),
        "charts": shown.charts,
        "charted": lambda: len(shown.recent()),
        "table_page": lambda: table()[0],
        "table_rows": lambda: standing_rows_html(table()[0]),
        "table_pagination": lambda: table()[1],
        "shared_page": key is not None,
        "off_board": player_entries_off_board(player_id=player.pk) if is_self else [],
    }
    response = render(request, "challenges/player.html", context)
    if key is not None:
        return shared_page_keep(
            request, response, key=key, etag=None, seconds=settings.LEADERBOARD_CACHE_SECONDS
        )
    return response


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
            follow_remove(follower_id=request.user.pk, followed_id=player.pk)
        elif player.pk != request.user.pk:
            follow_add(follower_id=request.user.pk, followed_id=player.pk)
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
