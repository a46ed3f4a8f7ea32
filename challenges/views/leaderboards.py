"""A challenge's leaderboard page: ranked entries, the reader's own rank, a histogram."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.timesince import timeuntil
from django.utils.translation import get_language, gettext

from challenges.boards import selectors as boards
from challenges.boards.selectors import LeaderboardRow, board_minutes_left
from challenges.boards.services import leaderboard_fragment_key, leaderboard_version_loaded
from challenges.charts import histogram_chart
from challenges.engine import tile_numbers
from challenges.models import Challenge
from challenges.moderation.selectors import entry_review_class, review_sentence
from challenges.schedule.selectors import challenge_row
from challenges.schedule.services import challenge_par_request
from challenges.views import page_number_parse, top_percent_shown
from challenges.views.board_rows import board_rows_html
from challenges.views.board_tabs import EVERYONE, tab_context, tab_of
from challenges.views.pagination import pagination_html
from challenges.views.shared_pages import (
    shared_page_cached,
    shared_page_etag,
    shared_page_keep,
    shared_page_key,
    shared_page_reader,
)

PAGE_SIZE = 50
HISTOGRAM_BINS = 20
# A board whose results are out changes only by a moderator (its version then moves on):
# its shared page is kept an hour.
_RESULTS_OUT_SECONDS = 3600
# ``?page=mine`` goes to the page holding the reader's own row.
MY_PAGE = "mine"


@dataclass(frozen=True)
class ShownTile:
    id: str
    a: int
    b: int
    c: int


class _OnFirstUse:
    """A value the template computes only if it renders it: Django's templates call a
    callable they are given. What only the cached fragments show (the rows, the chart
    and the histogram it draws) is then never built when the fragments are cached."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make, self.made, self.value = make, False, None

    def __call__(self) -> Any:
        if not self.made:
            self.value, self.made = self.make(), True
        return self.value


@dataclass(frozen=True)
class SharedBoardPage:
    """Where the page every reader not logged in sees is cached, and its ETag once the
    board's results are out."""

    key: str
    etag: str | None


def _board_shown(*, challenge_id: int, now: datetime) -> Challenge:
    challenge = challenge_row(number=challenge_id)
    if challenge is None:
        raise Http404("No such challenge.")
    leaderboard_version_loaded(challenge=challenge)  # read just now: no second read
    if challenge.opens_at > now:
        raise Http404("This challenge has not opened yet.")
    challenge_par_request(challenge=challenge)
    return challenge


def _query_parsed(request: HttpRequest) -> dict[str, str]:
    """The page's query as it reads it (``page``: a number or ``mine``; ``board``: a
    tab), written back."""
    asked = request.GET.get("page")
    parsed = {"page": MY_PAGE if asked == MY_PAGE else str(page_number_parse(request))}
    if "board" in request.GET:
        parsed["board"] = tab_of(request.GET.get("board"))
    return parsed


def board_shared_page(
    request: HttpRequest, *, challenge: Challenge, now: datetime
) -> SharedBoardPage | None:
    """The shared page's key, or None when the reader sees a page of their own, or asks
    in a way the page does not read (nothing of such a request is kept)."""
    if tab_of(request.GET.get("board")) != EVERYONE or not shared_page_reader(request):
        return None
    is_open = challenge.is_open(now)
    results_out = challenge.results_out(now)
    # Everything the page shows besides its address and language: the board's version,
    # and the countdown (its words change with the minutes left).
    key = shared_page_key(
        request,
        name="board",
        parts=[leaderboard_fragment_key(challenge=challenge, parts=[
            is_open, challenge.is_closed(now), results_out, challenge.par,
            board_minutes_left(challenge=challenge, now=now),
        ])],
        parsed=_query_parsed(request),
    )  # fmt: skip
    if key is None:
        return None
    return SharedBoardPage(key=key, etag=shared_page_etag(key) if results_out else None)


def board_shared_answer(request: HttpRequest, challenge_id: int) -> HttpResponseBase | None:
    """The page a reader not logged in sees, if it is cached; else None."""
    now = timezone.now()
    try:
        challenge = _board_shown(challenge_id=challenge_id, now=now)
    except Http404:
        return None
    shared = board_shared_page(request, challenge=challenge, now=now)
    return shared_page_cached(request, key=shared.key, etag=shared.etag) if shared else None


def leaderboard_page(request: HttpRequest, challenge_id: int) -> HttpResponseBase:
    now = timezone.now()
    challenge = _board_shown(challenge_id=challenge_id, now=now)
    shared = board_shared_page(request, challenge=challenge, now=now)
    if shared is not None:
        answer = shared_page_cached(request, key=shared.key, etag=shared.etag)
        if answer is not None:
            return answer
    viewer = request.user if request.user.is_authenticated else None
    here = reverse("challenges:leaderboard", args=[challenge.pk])
    if request.GET.get("page") == MY_PAGE:
        you = boards.leaderboard_rank(challenge=challenge, player=viewer) if viewer else None
        return HttpResponseRedirect(f"{here}?page={you.page}#you" if you else here)
    try:
        shown = boards.leaderboard_page_shown(
            challenge=challenge, viewer=viewer, page=page_number_parse(request),
            size=PAGE_SIZE, now=now, language=get_language(),
        )  # fmt: skip
    except boards.PageOutOfRange as beyond:
        return HttpResponseRedirect(f"{here}?page={beyond.num_pages}")
    context = _page_context(shown, now=now, tab=tab_of(request.GET.get("board")), viewer=viewer)
    response = render(request, "challenges/leaderboard.html", {
        **context,
        **tab_context(challenge=challenge, viewer=request.user, tab=context["tab"]),
        "shared_page": shared is not None,
    })  # fmt: skip
    if shared is None:
        return response
    # A board whose results are out changes only by a moderator: kept longer.
    seconds = _RESULTS_OUT_SECONDS if shown.results_out else settings.LEADERBOARD_CACHE_SECONDS
    return shared_page_keep(request, response, key=shared.key, etag=shared.etag, seconds=seconds)


def _page_context(
    shown: boards.BoardPageShown, *, now: datetime, tab: str, viewer: Any
) -> dict[str, Any]:
    """The template's names for ``shown``. What only the cached fragments show (the
    rows, the chart, the countdown) is made only if the template renders it."""
    challenge, board, you = shown.challenge, shown.frame, shown.you
    rows = _OnFirstUse(
        lambda: [
            _row(row, username=shown.row_viewer, public=shown.results_out) for row in board.rows()
        ]
    )
    closes = challenge.closes_at
    return {
        "tab": tab,
        "fragment_key": shown.rows_key,
        "chart_key": shown.chart_key,
        "head_key": shown.head_key,
        "countdown": _OnFirstUse(lambda: timeuntil(closes, now) if shown.is_open else ""),
        "fragment_seconds": settings.LEADERBOARD_CACHE_SECONDS,
        "challenge": challenge,
        "is_open": shown.is_open,
        "is_closed": shown.closed,
        "board": board,
        "rows": rows,
        "rows_html": _OnFirstUse(lambda: board_rows_html(rows())),
        "results_out": shown.results_out,
        # Under review: one plain sentence of why; never a measure or the would-be rank.
        "held_review": review_sentence(entry_review_class(hold_reasons=you.entry.hold_reasons))
        if you and you.entry.is_held
        else "",
        # Kept on the row by every submit and void, and the row was just read.
        "top_score": challenge.top_score,
        "pagination": _OnFirstUse(lambda: _pagination(board)),
        "you": you,
        "voided_entry": shown.voided_entry,
        "invitation": shown.invitation,
        "you_top_percent": top_percent_shown(rank=you.rank, entries=you.count) if you else None,
        "you_on_this_page": shown.you_on_this_page,
        "chart": _OnFirstUse(lambda: _chart(challenge, viewer if you else None)),
        # The solver's run, beside the top runs, once every run is public.
        "par_run_visible": shown.results_out and challenge.par is not None,
        "tray": _tiles(challenge.tray) if shown.closed else [],
        "well": _tiles(challenge.well) if shown.closed else [],
    }


def _pagination(board: boards.LeaderboardPageFrame) -> SafeString:
    return pagination_html(
        page=board.page, num_pages=board.num_pages, label=gettext("Leaderboard pages"),
        newer=gettext("Previous page"), older=gettext("Next page"),
    )  # fmt: skip


def _chart(challenge: Challenge, viewer: Any) -> Any:
    histogram = boards.leaderboard_histogram(
        challenge=challenge, bins=HISTOGRAM_BINS, player=viewer
    )
    return histogram_chart(
        edges=histogram.edges,
        counts=histogram.counts,
        player_bin=histogram.player_bin,
        you_score=histogram.player_score,
        par=challenge.par,
        scores=(histogram.low_score, histogram.high_score),
    )


def _row(row: LeaderboardRow, *, username: str | None, public: bool) -> dict[str, Any]:
    is_you = username is not None and row.player == username
    # Mirrors runs.run_seen for submitted runs: all public once the results are
    # out, the owner's own at any time.
    return {
        "rank": row.rank,
        "player": row.player,
        "score": row.score,
        "submitted_at": row.submitted_at,
        "run_id": row.run_id,
        "is_you": is_you,
        "replay_visible": public or is_you,
        "hard": row.hard,
    }


def _tiles(ids: Sequence[str]) -> list[ShownTile]:
    shown = []
    for tile_id in ids:
        a, b, c = tile_numbers(tile_id)
        shown.append(ShownTile(id=tile_id, a=a, b=b, c=c))
    return shown
