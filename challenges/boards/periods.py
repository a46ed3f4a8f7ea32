"""Boards over a period: today's and this week's.

A period's score is the sum of a player's best ``best_of`` live entries among the
challenges that opened in it:

- **today**: the three challenges of the UTC day (00:00, 08:00, 16:00), all three
  counting, so the day's board rewards playing every slot;
- **this week**: the 21 challenges from Monday 00:00 UTC, the **best 7** counting.
  Not the sum of all 21: that would rank whoever plays most, not whoever plays best,
  and one slot a day (most people's rhythm) could never reach the top. Seven is one a
  day, so a player who plays daily competes on equal terms with one who plays all
  three and drops their weaker runs.

Periods follow the UTC slots, so everyone's week holds the same 21 challenges whatever
their time zone. Ties share a rank; among them the player who reached the score with
fewer challenges comes first, then the earlier last submission.

Reading a period touches every live entry in it, so a computed board is cached under
the sum of its challenges' board versions, which every submit and void bumps: a
player sees their row the moment they submit, and an unchanged period is read once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

from django.core.cache import cache
from django.db.models import Sum
from django.utils import timezone

from challenges.models import Challenge, Entry
from challenges.slots import SLOT_LENGTH

Period = Literal["day", "week"]
_LENGTH: dict[Period, timedelta] = {"day": timedelta(days=1), "week": timedelta(weeks=1)}


def period_slot_count(*, period: Period) -> int:
    """How many challenges open in a ``period``: 3 a day, 21 a week."""
    return _LENGTH[period] // SLOT_LENGTH


# Every challenge of the day counts; seven of the week's, one a day.
BEST_OF: dict[Period, int] = {"day": period_slot_count(period="day"), "week": 7}
_CACHE_SECONDS = 3600


@dataclass(frozen=True)
class PeriodRow:
    rank: int
    player_id: int
    player: str
    score: int
    # Challenges of the period the player entered, and how many of them count.
    entered: int
    counted: int


@dataclass(frozen=True)
class PeriodBoard:
    period: Period
    starts_at: datetime
    ends_at: datetime
    best_of: int
    rows: tuple[PeriodRow, ...]

    def row_of(self, player_id: int) -> PeriodRow | None:
        return next((row for row in self.rows if row.player_id == player_id), None)


def period_start(*, period: Period, at: datetime) -> datetime:
    """When the day (UTC) or the week (from Monday, UTC) holding ``at`` began."""
    day: date = at.astimezone(UTC).date()
    if period == "week":
        day -= timedelta(days=day.weekday())
    return datetime.combine(day, time(), tzinfo=UTC)


def _compute(period: Period, starts_at: datetime) -> PeriodBoard:
    best_of = BEST_OF[period]
    ends_at = starts_at + _LENGTH[period]
    scores: dict[int, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    last: dict[int, datetime] = {}
    rows = (
        Entry.objects.live()
        .filter(challenge__opens_at__gte=starts_at, challenge__opens_at__lt=ends_at)
        .values_list("player_id", "player__username", "score", "submitted_at")
    )
    for player_id, username, score, submitted_at in rows.iterator():
        scores[player_id].append(score)
        names[player_id] = username
        last[player_id] = max(submitted_at, last.get(player_id, submitted_at))
    totals = []
    for player_id, entered_scores in scores.items():
        best = sorted(entered_scores, reverse=True)[:best_of]
        totals.append((sum(best), len(best), len(entered_scores), last[player_id], player_id))
    totals.sort(key=lambda item: (-item[0], item[1], item[3], item[4]))
    ranked: list[PeriodRow] = []
    for index, (score, counted, entered, _, player_id) in enumerate(totals):
        tied = ranked and ranked[-1].score == score
        ranked.append(
            PeriodRow(
                rank=ranked[-1].rank if tied else index + 1,
                player_id=player_id,
                player=names[player_id],
                score=score,
                entered=entered,
                counted=counted,
            )
        )
    return PeriodBoard(
        period=period, starts_at=starts_at, ends_at=ends_at, best_of=best_of, rows=tuple(ranked)
    )


def period_board(
    *,
    period: Period,
    at: datetime | None = None,
    only: Collection[int] | None = None,
) -> PeriodBoard:
    """The board of the day or the week holding ``at`` (now by default); ``only``
    keeps the rows of those players (a following board), ranked among themselves."""
    starts_at = period_start(period=period, at=at or timezone.now())
    version = Challenge.objects.filter(
        opens_at__gte=starts_at, opens_at__lt=starts_at + _LENGTH[period]
    ).aggregate(version=Sum("board_version"))["version"]
    key = f"period-board:{period}:{starts_at:%Y%m%d}:{version or 0}"
    board: PeriodBoard | None = cache.get(key)
    if board is None:
        board = _compute(period, starts_at)
        cache.set(key, board, _CACHE_SECONDS)
    if only is None:
        return board
    kept: list[PeriodRow] = []
    for index, row in enumerate(r for r in board.rows if r.player_id in only):
        tied = kept and kept[-1].score == row.score
        kept.append(
            PeriodRow(
                rank=kept[-1].rank if tied else index + 1,
                player_id=row.player_id,
                player=row.player,
                score=row.score,
                entered=row.entered,
                counted=row.counted,
            )
        )
    return PeriodBoard(
        period=board.period,
        starts_at=board.starts_at,
        ends_at=board.ends_at,
        best_of=board.best_of,
        rows=tuple(kept),
    )
