"""A challenge's leaderboard page: ranked entries, the reader's own rank, a histogram."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from challenges import selectors
from challenges.models import Challenge
from challenges.rules import tile_parse
from challenges.selectors import LeaderboardRow
from challenges.views import page_number_parse, page_window, top_percent

PAGE_SIZE = 50
HISTOGRAM_BINS = 20
# ``?page=mine`` goes to the page holding the reader's own row.
MY_PAGE = "mine"

# Histogram drawing area, in SVG user units (the SVG scales to its container).
CHART_WIDTH = 360
CHART_HEIGHT = 170
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 30, 8, 24, 24


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


@dataclass(frozen=True)
class ShownTile:
    id: str
    a: int
    b: int
    c: int


def leaderboard_page(request: HttpRequest, challenge_id: int) -> HttpResponse:
    challenge = get_object_or_404(Challenge, pk=challenge_id)
    now = timezone.now()
    if challenge.opens_at > now:
        raise Http404("This challenge has not opened yet.")
    viewer = request.user if request.user.is_authenticated else None
    you = selectors.leaderboard_rank(challenge=challenge, player=viewer) if viewer else None
    here = reverse("challenges:leaderboard", args=[challenge.pk])
    if request.GET.get("page") == MY_PAGE:
        return HttpResponseRedirect(f"{here}?page={you.page}#you" if you else here)

    try:
        board = selectors.leaderboard_page(
            challenge=challenge, page=page_number_parse(request), size=PAGE_SIZE
        )
    except selectors.PageOutOfRange as beyond:
        return HttpResponseRedirect(f"{here}?page={beyond.num_pages}")

    histogram = selectors.leaderboard_histogram(
        challenge=challenge, bins=HISTOGRAM_BINS, player=viewer
    )
    closed = challenge.is_closed(now)
    # A voided entry holds the player's slot without ranking; say so rather than "play".
    own_entry = (
        selectors.entry_get(challenge=challenge, player=viewer) if viewer and not you else None
    )
    username = viewer.get_username() if viewer else None
    context: dict[str, Any] = {
        "challenge": challenge,
        "is_open": challenge.is_open(now),
        "is_closed": closed,
        "board": board,
        "rows": [_row(row, username=username, closed=closed) for row in board.results],
        "top_score": selectors.challenge_stats(challenge=challenge).top_score,
        "pages": page_window(page=board.page, num_pages=board.num_pages),
        "you": you,
        "voided_entry": own_entry if own_entry and own_entry.is_voided else None,
        "you_top_percent": top_percent(rank=you.rank, entries=you.count) if you else None,
        "you_on_this_page": bool(you and you.page == board.page),
        "chart": _histogram_chart(
            edges=histogram.edges,
            counts=histogram.counts,
            player_bin=histogram.player_bin,
            you_score=histogram.player_score,
        ),
        "tray": _tiles(challenge.tray) if closed else [],
        "well": _tiles(challenge.well) if closed else [],
    }
    return render(request, "challenges/leaderboard.html", context)


def _row(row: LeaderboardRow, *, username: str | None, closed: bool) -> dict[str, Any]:
    is_you = username is not None and row.player == username
    # Mirrors selectors.run_visible for submitted runs: all public once the challenge
    # closes, the owner's own at any time.
    return {
        "rank": row.rank,
        "player": row.player,
        "score": row.score,
        "submitted_at": row.submitted_at,
        "run_id": row.run_id,
        "is_you": is_you,
        "replay_visible": closed or is_you,
    }


def _tiles(ids: Sequence[str]) -> list[ShownTile]:
    shown = []
    for tile_id in ids:
        tile = tile_parse(tile_id)
        shown.append(ShownTile(id=tile.id, a=tile.a, b=tile.b, c=tile.c))
    return shown


def _histogram_chart(
    *,
    edges: Sequence[int],
    counts: Sequence[int],
    player_bin: int | None,
    you_score: int | None,
) -> HistogramChart | None:
    """Bar geometry for the score histogram; None when there is nothing to draw."""
    if not counts or sum(counts) == 0 or len(edges) != len(counts) + 1:
        return None
    left, right = PAD_LEFT, CHART_WIDTH - PAD_RIGHT
    top, baseline = PAD_TOP, CHART_HEIGHT - PAD_BOTTOM
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
    if you_x is None or you_x < left + 40:
        anchor = "start"
    elif you_x > right - 40:
        anchor = "end"
    else:
        anchor = "middle"
    return HistogramChart(
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        bars=bars,
        baseline=baseline,
        left=left,
        right=right,
        top=top,
        max_count=max_count,
        score_low=bars[0].low,
        score_high=bars[-1].high,
        x_ticks=[(x_of(score), score) for score in tick_scores],
        you_x=you_x,
        you_score=you_score,
        you_label_anchor=anchor,
    )
