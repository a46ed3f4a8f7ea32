"""Leaderboards: the score table, board pages, a player's rank, the histogram.

Leaderboard paging never uses a large OFFSET. The board's order is (score desc,
submitted_at asc, id asc), backed by the partial index ``entry_leaderboard_order``.
A small *score table* (how many live entries hold each score: the ``ScoreCount`` rows
the submit service keeps, a few hundred per challenge, cached) turns a page number
into "the k-th entry among those scoring s"; the page is then
read by seeking the index to score s (OFFSET k only inside that tie group) and
continuing into lower scores. Cursors seek the same index from a row's key. The score
table also gives every row's competition rank (1 + entries scoring higher), the
count and the histogram without touching the entries again: that is the one rank
function (``ScoreTable.rank_of``); history ranks count the same live entries in SQL.

Hot reads are cached in the Django cache (Redis when configured) under the board's
version, a counter in the challenge row that every submit and void increments, so a
player sees their row the moment they submit. The database stays the truth.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import json
import math
import uuid
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core import signing
from django.db.models import Q, QuerySet
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext

from challenges.leaderboard_cache import leaderboard_cache_version, leaderboard_cached
from challenges.models import Challenge, Entry, ScoreCount


class PageOutOfRange(LookupError):
    """A page number beyond the last page."""

    def __init__(self, *, page: int, num_pages: int) -> None:
        self.page, self.num_pages = page, num_pages
        super().__init__(
            ngettext(
                "Page %(page)s does not exist: there is %(count)s page.",
                "Page %(page)s does not exist: there are %(count)s pages.",
                num_pages,
            )
            % {"page": page, "count": num_pages}
        )


class CursorInvalid(ValueError):
    """A cursor this service did not hand out."""


# --- the score table -------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreTable:
    """Live entries per score, highest score first; ``above[i]`` counts scores above."""

    scores: tuple[int, ...]
    counts: tuple[int, ...]
    above: tuple[int, ...]

    @property
    def count(self) -> int:
        return self.above[-1] + self.counts[-1] if self.scores else 0

    @property
    def top_score(self) -> int | None:
        return self.scores[0] if self.scores else None

    @cached_property
    def _negated(self) -> tuple[int, ...]:
        return tuple(-s for s in self.scores)

    def rank_of(self, score: int) -> int:
        """Competition rank of ``score``: 1 + the entries scoring strictly higher."""
        # scores descend, so their negations ascend: find the first score <= score.
        index = bisect.bisect_left(self._negated, -score)
        return 1 + (self.above[index] if index < len(self.scores) else self.count)

    def locate(self, position: int) -> tuple[int, int]:
        """The score at 0-based ``position`` and how many entries with it come before."""
        index = bisect.bisect_right(self.above, position) - 1
        return self.scores[index], position - self.above[index]


def _live_entries(challenge: Challenge) -> QuerySet[Entry]:
    return Entry.objects.live().filter(challenge=challenge)


def _score_table_compute(challenge: Challenge) -> ScoreTable:
    grouped = list(
        ScoreCount.objects.filter(challenge=challenge, entries__gt=0)
        .order_by("-score")
        .values_list("score", "entries")
    )
    above: list[int] = []
    total = 0
    for _, n in grouped:
        above.append(total)
        total += n
    return ScoreTable(
        scores=tuple(s for s, _ in grouped),
        counts=tuple(n for _, n in grouped),
        above=tuple(above),
    )


def leaderboard_score_table(*, challenge: Challenge, version: str | None = None) -> ScoreTable:
    return leaderboard_cached(challenge, "scores", lambda: _score_table_compute(challenge), version)


@dataclass(frozen=True)
class ChallengeStats:
    entries: int
    top_score: int | None


def challenge_stats(*, challenge: Challenge) -> ChallengeStats:
    """Live entries and top score, as the submit and void services keep them on the row."""
    entries, top_score = Challenge.objects.values_list("entry_count", "top_score").get(
        pk=challenge.pk
    )
    return ChallengeStats(entries=entries, top_score=top_score)


# --- leaderboard pages -----------------------------------------------------------------


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player: str
    score: int
    submitted_at: datetime
    run_id: uuid.UUID
    entry_id: int


@dataclass(frozen=True)
class LeaderboardPage:
    challenge_id: int
    count: int
    page: int
    num_pages: int
    size: int
    results: tuple[LeaderboardRow, ...]
    next_cursor: str | None
    previous_cursor: str | None

    @property
    def has_next(self) -> bool:
        return self.next_cursor is not None

    @property
    def has_previous(self) -> bool:
        return self.previous_cursor is not None


_Key = tuple[int, datetime, int]
_ROW_FIELDS = ("id", "score", "submitted_at", "run_id", "player__username")


# Cursors are signed: the server reads back only keys it wrote, so a hand-made cursor
# (a time no database can hold, a score beyond any integer column) never reaches a query.
_CURSOR_SIGNER = signing.Signer(salt="leaderboard-cursor")


def _cursor_encode(direction: str, key: _Key) -> str:
    score, submitted_at, entry_id = key
    raw = json.dumps([direction, score, submitted_at.isoformat(), entry_id], separators=(",", ":"))
    return _CURSOR_SIGNER.sign(base64.urlsafe_b64encode(raw.encode()).decode().rstrip("="))


def _cursor_decode(cursor: str) -> tuple[str, _Key]:
    try:
        payload = _CURSOR_SIGNER.unsign(cursor)
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        direction, score, stamp, entry_id = json.loads(raw)
        submitted_at = parse_datetime(stamp)
    except (signing.BadSignature, ValueError, TypeError, binascii.Error, UnicodeDecodeError) as e:
        raise CursorInvalid(gettext("This cursor is not one the leaderboard handed out.")) from e
    valid = (
        direction in ("n", "p")
        and type(score) is int
        and type(entry_id) is int
        and submitted_at is not None
    )
    if not valid:
        raise CursorInvalid(gettext("This cursor is not one the leaderboard handed out."))
    assert submitted_at is not None
    return direction, (score, submitted_at, entry_id)


def _rows_forward(
    challenge: Challenge, score: int, tie_filter: Q, skip: int, size: int
) -> list[dict[str, Any]]:
    """Rows from score ``score`` (those of its tie group passing ``tie_filter``) downward."""
    live = _live_entries(challenge)
    rows = list(
        live.filter(tie_filter, score=score)
        .order_by("submitted_at", "id")
        .values(*_ROW_FIELDS)[skip : skip + size]
    )
    if len(rows) < size:
        rows += (
            live.filter(score__lt=score)
            .order_by("-score", "submitted_at", "id")
            .values(*_ROW_FIELDS)[: size - len(rows)]
        )
    return rows


def _rows_backward(challenge: Challenge, key: _Key, size: int) -> list[dict[str, Any]]:
    """The ``size`` rows just before ``key``, in board order."""
    score, submitted_at, entry_id = key
    live = _live_entries(challenge)
    before_in_tie = Q(submitted_at__lt=submitted_at) | Q(submitted_at=submitted_at, id__lt=entry_id)
    rows = list(
        live.filter(before_in_tie, score=score)
        .order_by("-submitted_at", "-id")
        .values(*_ROW_FIELDS)[:size]
    )
    if len(rows) < size:
        rows += (
            live.filter(score__gt=score)
            .order_by("score", "-submitted_at", "-id")
            .values(*_ROW_FIELDS)[: size - len(rows)]
        )
    rows.reverse()
    return rows


def _key_of(row: dict[str, Any]) -> _Key:
    return (row["score"], row["submitted_at"], row["id"])


def _position_of(challenge: Challenge, table: ScoreTable, key: _Key) -> int:
    """0-based board position of the row with ``key`` (counts only its tie group)."""
    score, submitted_at, entry_id = key
    before_in_tie = Q(submitted_at__lt=submitted_at) | Q(submitted_at=submitted_at, id__lt=entry_id)
    ties_before = _live_entries(challenge).filter(before_in_tie, score=score).count()
    return table.rank_of(score) - 1 + ties_before


def _page_compute(
    challenge: Challenge, table: ScoreTable, page: int, cursor: str | None, size: int
) -> LeaderboardPage:
    count = table.count
    num_pages = max(1, math.ceil(count / size))
    if cursor is not None:
        direction, key = _cursor_decode(cursor)
        if direction == "n":
            score, submitted_at, entry_id = key
            after_in_tie = Q(submitted_at__gt=submitted_at) | Q(
                submitted_at=submitted_at, id__gt=entry_id
            )
            rows = _rows_forward(challenge, score, after_in_tie, 0, size)
        else:
            rows = _rows_backward(challenge, key, size)
        first = _position_of(challenge, table, _key_of(rows[0])) if rows else count
    else:
        if page > num_pages:
            raise PageOutOfRange(page=page, num_pages=num_pages)
        first = (page - 1) * size
        if first < count:
            score, skip = table.locate(first)
            rows = _rows_forward(challenge, score, Q(), skip, size)
        else:
            rows = []
    results = tuple(
        LeaderboardRow(
            rank=table.rank_of(row["score"]),
            player=row["player__username"],
            score=row["score"],
            submitted_at=row["submitted_at"],
            run_id=row["run_id"],
            entry_id=row["id"],
        )
        for row in rows
    )
    has_next = bool(rows) and first + len(rows) < count
    has_previous = bool(rows) and first > 0
    return LeaderboardPage(
        challenge_id=challenge.pk,
        count=count,
        page=first // size + 1,
        num_pages=num_pages,
        size=size,
        results=results,
        next_cursor=_cursor_encode("n", _key_of(rows[-1])) if has_next else None,
        previous_cursor=_cursor_encode("p", _key_of(rows[0])) if has_previous else None,
    )


def leaderboard_page(
    *, challenge: Challenge, page: int = 1, cursor: str | None = None, size: int = 50
) -> LeaderboardPage:
    """One page of the board, by page number or by a cursor from a previous page.

    Raises ``PageOutOfRange`` past the last page and ``CursorInvalid`` for a bad cursor.
    """
    if page < 1 or size < 1:
        raise ValueError("page and size start at 1")
    if cursor is not None:
        # Checked before it names a cache entry: only cursors the board signed do.
        _cursor_decode(cursor)
    version = leaderboard_cache_version(challenge=challenge)
    name = f"page:{size}:{'c:' + cursor if cursor is not None else page}"

    def compute() -> LeaderboardPage:
        # Only a page missing from the cache needs the score table.
        table = leaderboard_score_table(challenge=challenge, version=version)
        return _page_compute(challenge, table, page, cursor, size)

    return leaderboard_cached(challenge, name, compute, version)


# --- a player's place ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRank:
    """A player's standing.

    ``percentile`` is the share of live entries (the player's own included) scoring
    at most the player's score, 0-100 with one decimal: the leader has 100, and a
    player alone at the bottom of 200 entries has 0.5.
    """

    rank: int
    score: int
    percentile: float
    count: int
    entry: Entry
    page: int


def entry_get(*, challenge: Challenge, player: User | AnonymousUser) -> Entry | None:
    """The player's entry for the challenge, voided or not."""
    if not player.is_authenticated:
        return None
    entry = Entry.objects.filter(challenge=challenge, player=player).select_related("run").first()
    if entry is not None and isinstance(player, User):
        entry.player = player  # the player asked for, already at hand: no query for it
    return entry


def leaderboard_rank(
    *,
    challenge: Challenge,
    player: User | AnonymousUser,
    size: int = 50,
    entry: Entry | None = None,
) -> PlayerRank | None:
    """Where the player's entry stands: a live one's rank, a held one's rank once
    approved (API.md); None without an entry, or for a void one. ``entry``: the
    player's entry when the caller has it at hand (a submit has just made it)."""
    if entry is None:
        entry = entry_get(challenge=challenge, player=player)
    if entry is None or entry.is_voided:
        return None
    # The cached score table answers "how many score higher" without counting rows;
    # every submit and void replaces it, so it agrees with the database.
    table = leaderboard_score_table(challenge=challenge)
    higher = table.rank_of(entry.score) - 1
    if entry.is_held:
        # Not on the board: placed as if approved now, after the live entries of its score.
        count = table.count + 1
        position = higher + sum(
            n for score, n in zip(table.scores, table.counts, strict=True) if score == entry.score
        )
    else:
        count = max(table.count, higher + 1)
        position = _position_of(challenge, table, (entry.score, entry.submitted_at, entry.pk))
    return PlayerRank(
        rank=higher + 1,
        score=entry.score,
        percentile=round(100 * (count - higher) / count, 1),
        count=count,
        entry=entry,
        page=position // size + 1,
    )


# --- histogram -------------------------------------------------------------------------


@dataclass(frozen=True)
class Histogram:
    """Bin ``i`` holds scores ``edges[i] <= score < edges[i + 1]`` (whole-point bins)."""

    edges: tuple[int, ...]
    counts: tuple[int, ...]
    player_bin: int | None = None
    player_score: int | None = None


# A histogram never has fewer bars than this, so a lone score stands among empty
# neighbours instead of filling the chart as one solid block.
HISTOGRAM_MIN_BINS = 5


def histogram_bin_count(*, entries: int, most: int) -> int:
    """How many bars suit ``entries`` entries: about the square root (a few entries in a
    few wide bars, many in narrow ones), within ``HISTOGRAM_MIN_BINS`` and ``most``."""
    return max(min(HISTOGRAM_MIN_BINS, most), min(most, math.ceil(math.sqrt(entries))))


def _histogram_compute(table: ScoreTable, bins: int) -> Histogram:
    if not table.scores:
        return Histogram(edges=(), counts=())
    low, high = table.scores[-1], table.scores[0]
    target = histogram_bin_count(entries=table.count, most=bins)
    width = max(1, math.ceil((high - low + 1) / target))
    nbins = math.ceil((high - low + 1) / width)
    # Too few distinct scores to fill the bars: empty bars around them, more above.
    missing = min(target, bins) - nbins
    low -= (missing // 2) * width
    nbins += missing
    counts = [0] * nbins
    for score, n in zip(table.scores, table.counts, strict=True):
        counts[(score - low) // width] += n
    return Histogram(edges=tuple(low + i * width for i in range(nbins + 1)), counts=tuple(counts))


def leaderboard_histogram(
    *,
    challenge: Challenge,
    bins: int = 20,
    player: User | AnonymousUser | None = None,
) -> Histogram:
    """Scores of the live entries in at most ``bins`` equal bins; marks the player's bin."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    version = leaderboard_cache_version(challenge=challenge)
    histogram = leaderboard_cached(
        challenge,
        f"histogram:{bins}",
        lambda: _histogram_compute(
            leaderboard_score_table(challenge=challenge, version=version), bins
        ),
        version,
    )
    entry = entry_get(challenge=challenge, player=player) if player is not None else None
    if entry is None or not entry.is_live or not histogram.edges:
        return histogram
    index = min(
        (entry.score - histogram.edges[0]) // (histogram.edges[1] - histogram.edges[0]),
        len(histogram.counts) - 1,
    )
    return Histogram(
        edges=histogram.edges, counts=histogram.counts, player_bin=index, player_score=entry.score
    )
