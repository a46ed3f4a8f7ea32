"""Leaderboards: the board's pages and figures (a player's place: standing.py).

Leaderboard paging never uses a large OFFSET. The board's order is (score desc,
submitted_at asc, id asc), backed by the partial index ``entry_leaderboard_order``.
A small *score table* (how many live entries hold each score: the ``ScoreCount`` rows
the submit service keeps, a few hundred per challenge, cached) turns a page number
into "the k-th entry among those scoring s"; the page is then
read by seeking the index to score s (OFFSET k only inside that tie group) and
continuing into lower scores. Cursors (leaderboard_cursor.py) seek the same index from
a row's key. The score table (score_table.py) also gives every row's competition rank
(1 + entries scoring higher), the count and the histogram without touching the entries
again: that is the one rank function (``ScoreTable.rank_of``); history ranks count the
same live entries in SQL.

Hot reads are cached in the Django cache (Redis when configured) under the board's
version, a counter in the challenge row that every submit and void increments, so a
player sees their row the moment they submit. The database stays the truth.
"""

from __future__ import annotations

# Each "X as X" below re-exports a name that callers, and pickles cached before the
# score table and the cursors had modules of their own, know from here.
import math
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet
from django.utils.translation import ngettext

from challenges.boards.cache import leaderboard_cache_version, leaderboard_cached
from challenges.boards.cursor import BoardKey, cursor_decode, cursor_encode
from challenges.boards.cursor import CursorInvalid as CursorInvalid
from challenges.boards.score_table import HISTOGRAM_MIN_BINS as HISTOGRAM_MIN_BINS
from challenges.boards.score_table import Histogram as Histogram
from challenges.boards.score_table import ScoreTable as ScoreTable
from challenges.boards.score_table import histogram_bin_count as histogram_bin_count
from challenges.boards.score_table import leaderboard_score_table as leaderboard_score_table
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry


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


# --- the challenge's figures -----------------------------------------------------------


def _live_entries(challenge: Challenge) -> QuerySet[Entry]:
    return Entry.objects.live().filter(challenge=challenge)


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


_ROW_FIELDS = ("id", "score", "submitted_at", "run_id", "player__username", "hard")


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player: str
    score: int
    submitted_at: datetime
    run_id: uuid.UUID
    entry_id: int
    # Played in hard mode: marked "*" next to the entry.
    hard: bool = False


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


# A page by its number reads its score's tie group from an offset, then the scores
# below: the two statements of every uncached page, compiled once (compiled_queries.py).
_ROWS_AT_SCORE = CompiledQuery(
    lambda challenge_id, score: (
        Entry.objects.live()
        .filter(challenge_id=challenge_id, score=score)
        .order_by("submitted_at", "id")
        .values_list(*_ROW_FIELDS)
    ),
    challenge_id=-7_000_106,
    score=-7_000_107,
)
_ROWS_BELOW = CompiledQuery(
    lambda challenge_id, score: (
        Entry.objects.live()
        .filter(challenge_id=challenge_id, score__lt=score)
        .order_by("-score", "submitted_at", "id")
        .values_list(*_ROW_FIELDS)
    ),
    challenge_id=-7_000_108,
    score=-7_000_109,
)


@cache
def _rows_at_score_sql() -> str:
    """``_ROWS_AT_SCORE`` from an offset, the offset walked over the board's index alone:
    PostgreSQL joined every skipped entry to its player before dropping it (a page deep
    in a tie group of a million-entry board read a thousand entries and players)."""
    entries = Entry._meta.db_table
    player: Any = Entry._meta.get_field("player")
    users = player.related_model._meta.db_table
    username = player.related_model._meta.get_field("username").column
    return f"""
        SELECT e.id, e.score, e.submitted_at, e.run_id, u.{username}, e.hard
        FROM (SELECT id FROM {entries}
              WHERE challenge_id = %s AND status = %s AND score = %s
              ORDER BY submitted_at, id LIMIT %s OFFSET %s) AS page
        JOIN {entries} AS e ON e.id = page.id
        JOIN {users} AS u ON u.id = e.player_id
        ORDER BY e.submitted_at, e.id"""


def _rows_at_score(challenge: Challenge, score: int, skip: int, size: int) -> list[Any]:
    """The ``size`` rows of the tie group of ``score`` from its ``skip``-th."""
    if connection.vendor != "postgresql":
        return _ROWS_AT_SCORE.rows(limit=size, offset=skip, challenge_id=challenge.pk, score=score)
    with connection.cursor() as cursor:
        cursor.execute(
            _rows_at_score_sql(), [challenge.pk, Entry.Status.LIVE.value, score, size, skip]
        )
        return list(cursor.fetchall())


def _rows_forward(
    challenge: Challenge, score: int, tie_filter: Q, skip: int, size: int
) -> list[dict[str, Any]]:
    """Rows from score ``score`` (those of its tie group passing ``tie_filter``) downward."""
    if not tie_filter:
        found = _rows_at_score(challenge, score, skip, size)
        if len(found) < size:
            found += _ROWS_BELOW.rows(
                limit=size - len(found), challenge_id=challenge.pk, score=score
            )
        return [dict(zip(_ROW_FIELDS, row, strict=True)) for row in found]
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


def ahead_in_tie(*, at: Any, entry_id: Any) -> Q:
    """The entries of a score ahead of the row submitted at ``at`` with id ``entry_id``
    (values, or ``OuterRef``s), in the board's order: submitted first, then lower id."""
    return Q(submitted_at__lt=at) | Q(submitted_at=at, id__lt=entry_id)


def _rows_backward(challenge: Challenge, key: BoardKey, size: int) -> list[dict[str, Any]]:
    """The ``size`` rows just before ``key``, in board order."""
    score, submitted_at, entry_id = key
    live = _live_entries(challenge)
    rows = list(
        live.filter(ahead_in_tie(at=submitted_at, entry_id=entry_id), score=score)
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


def _key_of(row: dict[str, Any]) -> BoardKey:
    return (row["score"], row["submitted_at"], row["id"])


# "Me" asks this on every read (the board's count of ties is of a player's own key):
# compiled once (compiled_queries.py), it costs a quarter of the ORM's building.
_TIES_BEFORE = CompiledQuery(
    lambda challenge_id, score, at, entry_id: (
        Entry.objects.live()
        .filter(challenge_id=challenge_id, score=score)
        .filter(ahead_in_tie(at=at, entry_id=entry_id))
        .values("id")
    ),
    challenge_id=-7_000_101,
    score=-7_000_102,
    at=datetime(1901, 2, 3, 4, 5, 6, 789_012, tzinfo=UTC),
    entry_id=-7_000_103,
)


def ties_before(*, challenge_id: int, key: BoardKey) -> int:
    """Live entries of the row ``key``'s score ahead of it on the board."""
    score, submitted_at, entry_id = key
    return _TIES_BEFORE.count(
        challenge_id=challenge_id, score=score, at=submitted_at, entry_id=entry_id
    )


def pages_of(*, count: int, size: int) -> int:
    """How many pages of ``size`` rows a board of ``count`` entries fills (an empty
    board has its one empty page)."""
    return max(1, math.ceil(count / size))


def _position_of(challenge: Challenge, table: ScoreTable, key: BoardKey) -> int:
    """0-based board position of the row with ``key`` (counts only its tie group)."""
    return table.rank_of(key[0]) - 1 + ties_before(challenge_id=challenge.pk, key=key)


def _rows_from(
    challenge: Challenge, table: ScoreTable, first: int, size: int
) -> list[dict[str, Any]]:
    """The ``size`` rows from the board's ``first``-th (0-based) on."""
    if first >= table.count:
        return []
    score, skip = table.locate(first)
    return _rows_forward(challenge, score, Q(), skip, size)


def _results(table: ScoreTable, rows: list[dict[str, Any]]) -> tuple[LeaderboardRow, ...]:
    return tuple(
        LeaderboardRow(
            rank=table.rank_of(row["score"]),
            player=row["player__username"],
            score=row["score"],
            submitted_at=row["submitted_at"],
            run_id=row["run_id"],
            entry_id=row["id"],
            hard=row["hard"],
        )
        for row in rows
    )


def _page_compute(
    challenge: Challenge, table: ScoreTable, page: int, cursor: str | None, size: int
) -> LeaderboardPage:
    count = table.count
    num_pages = pages_of(count=count, size=size)
    if cursor is not None:
        direction, key = cursor_decode(cursor)
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
        rows = _rows_from(challenge, table, first, size)
    results = _results(table, rows)
    has_next = bool(rows) and first + len(rows) < count
    has_previous = bool(rows) and first > 0
    return LeaderboardPage(
        challenge_id=challenge.pk,
        count=count,
        page=first // size + 1,
        num_pages=num_pages,
        size=size,
        results=results,
        next_cursor=cursor_encode("n", _key_of(rows[-1])) if has_next else None,
        previous_cursor=cursor_encode("p", _key_of(rows[0])) if has_previous else None,
    )


def leaderboard_page(
    *,
    challenge: Challenge,
    page: int = 1,
    cursor: str | None = None,
    size: int = 50,
    cached: bool = True,
) -> LeaderboardPage:
    """One page of the board, by page number or by a cursor from a previous page;
    ``cached=False`` for a caller that caches what it makes of the page itself (the
    API keeps its bytes: two more cache round trips would buy nothing).

    Raises ``PageOutOfRange`` past the last page and ``CursorInvalid`` for a bad cursor.
    """
    if page < 1 or size < 1:
        raise ValueError("page and size start at 1")
    if cursor is not None:
        # Checked before it names a cache entry: only cursors the board signed do.
        cursor_decode(cursor)
    version = leaderboard_cache_version(challenge=challenge)
    name = f"page:{size}:{'c:' + cursor if cursor is not None else page}"

    def compute() -> LeaderboardPage:
        # Only a page missing from the cache needs the score table.
        table = leaderboard_score_table(challenge=challenge, version=version)
        return _page_compute(challenge, table, page, cursor, size)

    return leaderboard_cached(challenge, name, compute, version) if cached else compute()


@dataclass(frozen=True)
class LeaderboardPageFrame:
    """Page ``page`` of a board before its rows are read: its place among the board's
    pages, from the board's cached score table. The rows are read by ``rows()``, for a
    caller that keeps what it makes of them (the page's cached fragment): a page asked
    for the first time costs the one read of its rows and no cache entry of its own."""

    challenge: Challenge
    table: ScoreTable
    page: int
    size: int

    @property
    def count(self) -> int:
        return self.table.count

    @property
    def num_pages(self) -> int:
        return pages_of(count=self.table.count, size=self.size)

    def rows(self) -> tuple[LeaderboardRow, ...]:
        first = (self.page - 1) * self.size
        return _results(self.table, _rows_from(self.challenge, self.table, first, self.size))


def leaderboard_page_frame(*, challenge: Challenge, page: int, size: int) -> LeaderboardPageFrame:
    """Page ``page`` of the board without its rows; ``PageOutOfRange`` past the last."""
    if page < 1 or size < 1:
        raise ValueError("page and size start at 1")
    frame = LeaderboardPageFrame(
        challenge=challenge,
        table=leaderboard_score_table(challenge=challenge),
        page=page,
        size=size,
    )
    if page > frame.num_pages:
        raise PageOutOfRange(page=page, num_pages=frame.num_pages)
    return frame
