"""The score table: how many live entries hold each score, and what it alone answers.

The submit and void services keep a ``ScoreCount`` row per challenge and score (a few
hundred per challenge) in the entry's own transaction. Read highest score first, they
give every competition rank (1 + the entries scoring higher: ``ScoreTable.rank_of``, the
one rank function), the board's count, which score holds the k-th entry (how a page
number becomes an index seek, leaderboards.py) and the histogram, without counting the
entries themselves. Cached under the board's version like every board read.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from django.db import connection

from challenges.boards.cache import leaderboard_cached
from challenges.models import Challenge, ScoreCount


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

    def count_of(self, score: int) -> int:
        """How many entries hold exactly ``score``."""
        index = bisect.bisect_left(self._negated, -score)
        found = index < len(self.scores) and self.scores[index] == score
        return self.counts[index] if found else 0

    def rank_of(self, score: int) -> int:
        """Competition rank of ``score``: 1 + the entries scoring strictly higher."""
        # scores descend, so their negations ascend: find the first score <= score.
        index = bisect.bisect_left(self._negated, -score)
        return 1 + (self.above[index] if index < len(self.scores) else self.count)

    def locate(self, position: int) -> tuple[int, int]:
        """The score at 0-based ``position`` and how many entries with it come before."""
        index = bisect.bisect_right(self.above, position) - 1
        return self.scores[index], position - self.above[index]

    def below(self, score: int) -> int:
        """How many entries score strictly less than ``score``."""
        # The first score < score: past every score >= it.
        index = bisect.bisect_right(self._negated, -score)
        return self.count - (self.above[index] if index < len(self.scores) else self.count)

    def median(self) -> float | None:
        """The middle entry's score (between the two middle ones for an even count)."""
        if not self.scores:
            return None
        low = self.locate(self.count // 2)[0]
        high = self.locate((self.count - 1) // 2)[0]
        return (low + high) / 2

    def without_one(self, score: int) -> ScoreTable:
        """This table less one entry at ``score`` (a player's own entry, when a run is
        set against the others)."""
        counts = dict(zip(self.scores, self.counts, strict=True))
        if counts.get(score, 0) > 0:
            counts[score] -= 1
        return ScoreTable.of({s: n for s, n in counts.items() if n > 0})

    @classmethod
    def of(cls, counts: dict[int, int]) -> ScoreTable:
        """The table of ``{score: entries}``."""
        scores = sorted(counts, reverse=True)
        above: list[int] = []
        total = 0
        for score in scores:
            above.append(total)
            total += counts[score]
        table = cls(
            scores=tuple(scores), counts=tuple(counts[s] for s in scores), above=tuple(above)
        )
        table._negated  # noqa: B018 -- made now, it is cached with the table, not per read
        return table

    def field_of(self, score: int) -> ScoreField | None:
        """Where ``score`` stands among these entries, for a beginner; None without any."""
        median = self.median()
        if median is None:
            return None
        return ScoreField(
            entries=self.count,
            median=median,
            # Rounded down: "better than 62 %" never says more than is so.
            better_than=100 * self.below(score) // self.count,
        )


@dataclass(frozen=True)
class ScoreField:
    """A score among a board's live entries: how many there are, their median, and the
    percentage of them scoring strictly less (the end screen's "better than 62 % of
    players · median 214 · par 485")."""

    entries: int
    median: float
    better_than: int


def _score_table_compute(challenge: Challenge) -> ScoreTable:
    grouped = ScoreCount.objects.filter(challenge=challenge, entries__gt=0).values_list(
        "score", "entries"
    )
    return ScoreTable.of(dict(grouped))


# The tables of boards as they stood at a version, by (challenge, its row's creation
# stamp, board version): what a version counted never changes, so every process keeps
# the boards its readers ask for. A player's page and the history ranks each entry in its
# board's table: a dictionary lookup, not a sum over the board's scores per entry.
_TABLES_KEPT = 2048
_tables: OrderedDict[tuple[int, datetime | None, int], ScoreTable] = OrderedDict()
_tables_lock = threading.Lock()
_EMPTY = ScoreTable(scores=(), counts=(), above=())


def score_tables_at(*, boards: Iterable[tuple[int, datetime | None, int]]) -> dict[int, ScoreTable]:
    """The score table of each board ``(challenge id, created_at, board_version)`` as
    read together with those versions, by challenge id: the boards not kept yet in one
    query. A board that moved since its version was read is counted as it stands now,
    as a read a moment later would see it."""
    found: dict[int, ScoreTable] = {}
    missing: set[int] = set()
    with _tables_lock:
        for board in boards:
            table = _tables.get(board)
            if table is None:
                missing.add(board[0])
            else:
                _tables.move_to_end(board)
                found[board[0]] = table
    if not missing:
        return found
    counts = _board_counts(challenge_ids=list(missing))
    with _tables_lock:
        for board, by_score in counts.items():
            table = found[board[0]] = ScoreTable.of(by_score)
            _tables[board] = table
            _tables.move_to_end(board)
        while len(_tables) > _TABLES_KEPT:
            _tables.popitem(last=False)
    # A board that lost its last live entry since: nothing to count.
    return {challenge_id: found.get(challenge_id, _EMPTY) for challenge_id in (*found, *missing)}


# A board's counts in one row, arrays of its scores and entries: a page's first read
# in a new process asks for a hundred boards, and 17,000 rows through the ORM cost
# 100 ms. (SQLite, the embedded default, has no arrays: its boards are small.)
_BOARD_COUNTS_SQL = f"""
SELECT c.number, c.created_at, c.board_version, array_agg(s.score), array_agg(s.entries)
FROM {ScoreCount._meta.db_table} s JOIN {Challenge._meta.db_table} c ON c.number = s.challenge_id
WHERE s.challenge_id = ANY(%s) AND s.entries > 0
GROUP BY c.number"""


def _board_counts(
    *, challenge_ids: list[int]
) -> dict[tuple[int, datetime | None, int], dict[int, int]]:
    """Each board's ``{score: entries}`` by (challenge id, created_at, board version),
    the versions read in the same statement as the counts."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_BOARD_COUNTS_SQL, [challenge_ids])
            return {
                (number, created_at, version): dict(zip(scores, entries, strict=True))
                for number, created_at, version, scores, entries in cursor.fetchall()
            }
    counts: dict[tuple[int, datetime | None, int], dict[int, int]] = {}
    rows = ScoreCount.objects.filter(challenge_id__in=challenge_ids, entries__gt=0).values_list(
        "challenge_id", "challenge__created_at", "challenge__board_version", "score", "entries"
    )
    for challenge_id, created_at, version, score, entries in rows:
        counts.setdefault((challenge_id, created_at, version), {})[score] = entries
    return counts


def leaderboard_score_table(*, challenge: Challenge, version: str | None = None) -> ScoreTable:
    return leaderboard_cached(challenge, "scores", lambda: _score_table_compute(challenge), version)


def leaderboard_field(*, challenge: Challenge, score: int, own_entry: bool) -> ScoreField | None:
    """Where ``score`` stands among the challenge's live entries, leaving out the
    player's own entry (``own_entry``: the run scored is it) so a run is set against
    the others; None while there are none."""
    table = leaderboard_score_table(challenge=challenge)
    return (table.without_one(score) if own_entry else table).field_of(score)


@dataclass(frozen=True)
class WouldRank:
    """Where a score would stand on a board it never entered: its competition rank
    among the live entries, and their count."""

    rank: int
    count: int


def leaderboard_would_rank(*, challenge: Challenge, score: int) -> WouldRank:
    """Where ``score`` would have ranked among ``challenge``'s live entries (worked out
    from the score table, never stored: an archive run enters no board)."""
    table = leaderboard_score_table(challenge=challenge)
    return WouldRank(rank=table.rank_of(score), count=table.count)


@dataclass(frozen=True)
class Histogram:
    """Bin ``i`` holds scores ``edges[i] <= score < edges[i + 1]`` (whole-point bins)."""

    edges: tuple[int, ...]
    counts: tuple[int, ...]
    player_bin: int | None = None
    player_score: int | None = None
    # The lowest and highest score themselves: the edges are the bins', not anyone's.
    low_score: int | None = None
    high_score: int | None = None


# A histogram never has fewer bars than this, so a lone score stands among empty
# neighbours instead of filling the chart as one solid block.
HISTOGRAM_MIN_BINS = 5


def histogram_bin_count(*, entries: int, most: int) -> int:
    """How many bars suit ``entries`` entries: about the square root (a few entries in a
    few wide bars, many in narrow ones), within ``HISTOGRAM_MIN_BINS`` and ``most``."""
    return max(min(HISTOGRAM_MIN_BINS, most), min(most, math.ceil(math.sqrt(entries))))


def histogram_of(table: ScoreTable, bins: int) -> Histogram:
    """The scores of ``table`` in at most ``bins`` equal bins."""
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
    return Histogram(
        edges=tuple(low + i * width for i in range(nbins + 1)),
        counts=tuple(counts),
        low_score=table.scores[-1],
        high_score=table.scores[0],
    )
