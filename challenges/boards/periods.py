"""Boards over a period: the day's, the week's and the month's.

A period's score is the sum of a player's best entries among the challenges that
opened in it. ``PERIODS`` is the one list of them: the API's boards, the leaderboard
page's tabs and their words all come from it, so a new period is one entry here.

- **day**: the three challenges of the UTC day, all counting, so the day's board
  rewards playing every slot;
- **week** (from Monday) and **month** (from the 1st): one challenge a day counts, the
  best of them. Not the sum of all: that would rank whoever plays most, not whoever
  plays best, and one slot a day (most people's rhythm) could never reach the top.

Periods follow the UTC slots, so everyone's week holds the same challenges whatever
their time zone. Ties share a rank; among them the player who reached the score with
fewer challenges comes first, then the earlier last submission.

Reading a period touches every live entry in it, so a computed board is cached under
the sum of its challenges' board versions, which every submit and void bumps: a
player sees their row the moment they submit, and an unchanged period is read once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from django.core.cache import cache
from django.db.models import Sum
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from challenges.boards.ranks import competition_ranked
from challenges.game_words import slot_openings_words
from challenges.models import Challenge, Entry
from challenges.slots import SLOT_LENGTH

_CACHE_SECONDS = 3600
SLOTS_A_DAY = timedelta(days=1) // SLOT_LENGTH


def _day_start(day: date) -> date:
    return day


def _week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _next_day(start: date) -> date:
    return start + timedelta(days=1)


def _next_week(start: date) -> date:
    return start + timedelta(weeks=1)


def _next_month(start: date) -> date:
    return (start.replace(day=28) + timedelta(days=4)).replace(day=1)


@dataclass(frozen=True)
class Period:
    name: str
    label: Promise
    """The board's tab: "This month"."""
    starts: Callable[[date], date]
    """The first day of the period holding a (UTC) day."""
    follows: Callable[[date], date]
    """The first day of the next period."""
    counted_a_day: int
    """How many of each day's challenges count: all of them, or the best one."""
    explained: Callable[[], str]
    """What the board adds up, with ``%(slots)s`` and ``%(best)s`` still to fill."""


# The words of each period are read when a page asks (the reader's language then).
PERIODS: dict[str, Period] = {
    period.name: period
    for period in (
        Period(
            name="day",
            label=gettext_lazy("Today's board"),
            starts=_day_start,
            follows=_next_day,
            counted_a_day=SLOTS_A_DAY,
            explained=lambda: gettext(
                "The day's %(slots)s challenges (%(openings)s UTC), each player's entries added up."
            ),
        ),
        Period(
            name="week",
            label=gettext_lazy("This week"),
            starts=_week_start,
            follows=_next_week,
            counted_a_day=1,
            explained=lambda: gettext(
                "The week's %(slots)s challenges from Monday 00:00 UTC: each player's best "
                "%(best)s entries added up. The best %(best)s, not all %(slots)s, so that "
                "playing once a day competes with playing every slot, and the board ranks the "
                "best play rather than the most."
            ),
        ),
        Period(
            name="month",
            label=gettext_lazy("This month"),
            starts=_month_start,
            follows=_next_month,
            counted_a_day=1,
            explained=lambda: gettext(
                "The month's %(slots)s challenges from the 1st, 00:00 UTC: each player's best "
                "%(best)s entries added up, one a day."
            ),
        ),
    )
}


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
    period: str
    starts_at: datetime
    ends_at: datetime
    best_of: int
    rows: tuple[PeriodRow, ...]

    @property
    def days(self) -> int:
        return (self.ends_at - self.starts_at) // timedelta(days=1)

    @property
    def last_day(self) -> datetime:
        """The start of the period's last day (``ends_at`` is the next period's start)."""
        return self.ends_at - timedelta(days=1)

    @property
    def slots(self) -> int:
        return (self.ends_at - self.starts_at) // SLOT_LENGTH

    def row_of(self, player_id: int) -> PeriodRow | None:
        return next((row for row in self.rows if row.player_id == player_id), None)


def _at_midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def period_bounds(*, period: str, at: datetime) -> tuple[datetime, datetime]:
    """When the period holding ``at`` began, and when the next one begins (UTC)."""
    kind = PERIODS[period]
    first = kind.starts(at.astimezone(UTC).date())
    return _at_midnight(first), _at_midnight(kind.follows(first))


def period_start(*, period: str, at: datetime) -> datetime:
    """When the period holding ``at`` began: its first day, 00:00 UTC."""
    return period_bounds(period=period, at=at)[0]


def period_explained(*, board: PeriodBoard) -> str:
    """What ``board`` adds up, in the reader's language."""
    return PERIODS[board.period].explained() % {
        "slots": board.slots,
        "best": board.best_of,
        "openings": slot_openings_words(),
    }


def _ranked(rows: list[PeriodRow]) -> tuple[PeriodRow, ...]:
    return tuple(
        replace(row, rank=rank) for rank, row in competition_ranked(rows, score=lambda r: r.score)
    )


def _compute(period: str, starts_at: datetime, ends_at: datetime) -> PeriodBoard:
    days = (ends_at - starts_at) // timedelta(days=1)
    best_of = days * PERIODS[period].counted_a_day
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
    ordered = [
        PeriodRow(
            rank=0,
            player_id=player_id,
            player=names[player_id],
            score=score,
            entered=entered,
            counted=counted,
        )
        for score, counted, entered, _, player_id in totals
    ]
    return PeriodBoard(
        period=period, starts_at=starts_at, ends_at=ends_at, best_of=best_of, rows=_ranked(ordered)
    )


def period_board(
    *,
    period: str,
    at: datetime | None = None,
    only: Collection[int] | None = None,
) -> PeriodBoard:
    """The board of the period holding ``at`` (now by default); ``only`` keeps the rows
    of those players (a following board), ranked among themselves. KeyError for a
    period not in ``PERIODS``."""
    starts_at, ends_at = period_bounds(period=period, at=at or timezone.now())
    version = Challenge.objects.filter(opens_at__gte=starts_at, opens_at__lt=ends_at).aggregate(
        version=Sum("board_version")
    )["version"]
    key = f"period-board:{period}:{starts_at:%Y%m%d}:{version or 0}"
    board: PeriodBoard | None = cache.get(key)
    if board is None:
        board = _compute(period, starts_at, ends_at)
        cache.set(key, board, _CACHE_SECONDS)
    if only is None:
        return board
    return replace(board, rows=_ranked([row for row in board.rows if row.player_id in only]))
