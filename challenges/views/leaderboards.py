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
from challenges.boards.selectors import LeaderboardRow
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


def _minutes_left(challenge: Challenge, now: datetime) -> int:
    """The whole minutes until ``challenge`` closes: what the countdown's words say
    (``timeuntil`` shows no finer unit), without writing them."""
    return int((challenge.closes_at - now).total_seconds() // 60)


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


def board_shared_page(
    request: HttpRequest, *, challenge: Challenge, now: datetime
) -> SharedBoardPage | None:
    """The shared page's key, or None when the reader sees a page of their own."""
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
            _minutes_left(challenge, now) if is_open else "",
        ])],
    )  # fmt: skip
    return SharedBoardPage(key=key, etag=shared_page_etag(key) if results_out else None)


@dataclass(frozen=True)
class _LaneMissed:
    """What the fast lane read before it found no kept page: the view, next in the same
    request, uses the challenge and does not look for that page again."""

    challenge: Challenge
    shared: SharedBoardPage | None


_LANE_MISSED = "board_lane_missed"


def board_shared_answer(request: HttpRequest, challenge_id: int) -> HttpResponseBase | None:
    """The page a reader not logged in sees, if it is cached; else None."""
    now = timezone.now()
    try:
        challenge = _board_shown(challenge_id=challenge_id, now=now)
    except Http404:
        return None
    shared = board_shared_page(request, challenge=challenge, now=now)
    answer = shared_page_cached(request, key=shared.key, etag=shared.etag) if shared else None
    if answer is None:
        setattr(request, _LANE_MISSED, _LaneMissed(challenge, shared))
    return answer


def leaderboard_page(request: HttpRequest, challenge_id: int) -> HttpResponseBase:
    now = timezone.now()
    missed: _LaneMissed | None = getattr(request, _LANE_MISSED, None)
    if missed is not None and missed.challenge.pk == challenge_id:
        challenge = missed.challenge
    else:
        missed, challenge = None, _board_shown(challenge_id=challenge_id, now=now)
    viewer = request.user if request.user.is_authenticated else None
    here = reverse("challenges:leaderboard", args=[challenge.pk])
    tab = tab_of(request.GET.get("board"))
    is_open = challenge.is_open(now)
    closed = challenge.is_closed(now)
    # Runs (logs, replays) are public only once no run can be submitted any more: from
    # then on only a moderator changes the board, and its page gets an ETag.
    results_out = challenge.results_out(now)
    if missed is not None:
        # The key the lane looked for a moment ago, in this request: not made again.
        shared = missed.shared
    else:
        shared = board_shared_page(request, challenge=challenge, now=now)
        if shared is not None:
            answer = shared_page_cached(request, key=shared.key, etag=shared.etag)
            if answer is not None:
                return answer
    you = boards.leaderboard_rank(challenge=challenge, player=viewer) if viewer else None
    if request.GET.get("page") == MY_PAGE:
        return HttpResponseRedirect(f"{here}?page={you.page}#you" if you else here)

    try:
        # The rows are read only where they are rendered: in their fragment, on a miss.
        board = boards.leaderboard_page_frame(
            challenge=challenge, page=page_number_parse(request), size=PAGE_SIZE
        )
    except boards.PageOutOfRange as beyond:
        return HttpResponseRedirect(f"{here}?page={beyond.num_pages}")

    # A voided entry holds the player's slot without ranking; say so rather than "play".
    own_entry = boards.entry_get(challenge=challenge, player=viewer) if viewer and not you else None
    username = viewer.get_username() if viewer else None
    you_on_this_page = bool(you and you.page == board.page)
    # The rows and the histogram are the bulk of the rendering (thousands of variable
    # lookups): the template caches them under the board's version and all they show.
    # They show the reader only where the reader's own row or score is: everyone
    # else's pages are the same fragments.
    row_viewer = username if you_on_this_page else None
    fragment_parts = [board.page, board.num_pages, row_viewer or "", results_out, challenge.par,
                      get_language()]  # fmt: skip
    fragment_key = leaderboard_fragment_key(challenge=challenge, parts=fragment_parts)
    # The chart is the same on every page of the board: one fragment for them all.
    chart_viewer = viewer if you else None
    chart_key = leaderboard_fragment_key(
        challenge=challenge,
        parts=["chart", username if you else "", challenge.par, get_language()],
    )
    # The page's head and stats are the same on every page of the board for everyone
    # (the count, top score and par are the version's; the countdown's words, the minute's).
    minutes_left = _minutes_left(challenge, now) if is_open else ""
    voided_entry = own_entry if own_entry and own_entry.is_voided else None
    # The invitation to play, to a reader with no entry on an open board, closes the head.
    invitation = is_open and not you and not voided_entry
    head_parts = ["head", is_open, closed, challenge.par, minutes_left, get_language(),
                  invitation, viewer is not None]  # fmt: skip
    head_key = leaderboard_fragment_key(challenge=challenge, parts=head_parts)
    rows = _OnFirstUse(
        lambda: [_row(row, username=row_viewer, public=results_out) for row in board.rows()]
    )
    context: dict[str, Any] = {
        "fragment_key": fragment_key,
        "chart_key": chart_key,
        "head_key": head_key,
        "countdown": _OnFirstUse(lambda: timeuntil(challenge.closes_at, now) if is_open else ""),
        "fragment_seconds": settings.LEADERBOARD_CACHE_SECONDS,
        "challenge": challenge,
        "is_open": is_open,
        "is_closed": closed,
        "board": board,
        "rows": rows,
        "rows_html": _OnFirstUse(lambda: board_rows_html(rows())),
        "results_out": results_out,
        # Under review: one plain sentence of why; never a measure or the would-be rank.
        "held_review": review_sentence(entry_review_class(hold_reasons=you.entry.hold_reasons))
        if you and you.entry.is_held
        else "",
        # Kept on the row by every submit and void, and the row was just read.
        "top_score": challenge.top_score,
        "pagination": _OnFirstUse(lambda: _pagination(board)),
        "you": you,
        "voided_entry": voided_entry,
        "invitation": invitation,
        "you_top_percent": top_percent_shown(rank=you.rank, entries=you.count) if you else None,
        "you_on_this_page": you_on_this_page,
        "chart": _OnFirstUse(lambda: _chart(challenge, chart_viewer)),
        # The solver's run, beside the top runs, once every run is public.
        "par_run_visible": results_out and challenge.par is not None,
        **tab_context(challenge=challenge, viewer=request.user, tab=tab),
        "shared_page": shared is not None,
        "tray": _tiles(challenge.tray) if closed else [],
        "well": _tiles(challenge.well) if closed else [],
    }
    response = render(request, "challenges/leaderboard.html", context)
    if shared is not None:
        # A board whose results are out changes only by a moderator: kept longer.
        seconds = _RESULTS_OUT_SECONDS if results_out else settings.LEADERBOARD_CACHE_SECONDS
        return shared_page_keep(
            request, response, key=shared.key, etag=shared.etag, seconds=seconds
        )
    return response


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
