"""Reads of the puzzles' room: the series' map, one puzzle as a player sees it, the
puzzle of the day with the player's streak, and its share line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Max
from django.utils.formats import date_format
from django.utils.translation import gettext

from challenges.errors import PuzzleLocked, PuzzleNotFound, service_now
from challenges.models import Puzzle, PuzzleProgress

GAME_NAME = "Tri-Ominos Daily"
STAR, NO_STAR = "★", "☆"


def puzzle_today(*, now: datetime | None = None) -> date:
    """The day whose puzzle is served now: the UTC date, the same for everyone."""
    return service_now(now).date()


def series_furthest(*, player_id: int | None) -> int:
    """The furthest puzzle of the series the player solved (0: none)."""
    if player_id is None:
        return 0
    furthest = PuzzleProgress.objects.filter(
        player_id=player_id, puzzle__number__isnull=False
    ).aggregate(furthest=Max("puzzle__number"))["furthest"]
    return furthest or 0


def series_unlocked(*, player_id: int | None, number: int) -> bool:
    """Puzzle 1 is open to all; solving a puzzle opens it, every one before it and the
    next. Played in order, that is "solving a puzzle opens the next"; when the series'
    order moves (new puzzles, new grades), nothing a player solved or reached closes."""
    return number <= series_furthest(player_id=player_id) + 1


@dataclass(frozen=True)
class PuzzleCard:
    """A puzzle as its player sees it: never its solution."""

    id: int
    number: int | None
    day: date | None
    cells: list[list[int]]
    tray: list[str]
    size: int
    grade: str
    """One of the engine's ``PUZZLE_GRADES``."""
    solutions: int
    stars: int
    """The player's best (0: not solved yet)."""
    best_ms: int | None
    unlocked: bool


def _card(puzzle: Puzzle, progress: PuzzleProgress | None, unlocked: bool) -> PuzzleCard:
    return PuzzleCard(
        id=puzzle.pk,
        number=puzzle.number,
        day=puzzle.day,
        cells=puzzle.cells,
        tray=puzzle.tray,
        size=puzzle.size,
        grade=puzzle.difficulty,
        solutions=puzzle.solutions,
        stars=progress.stars if progress else 0,
        best_ms=progress.best_ms if progress else None,
        unlocked=unlocked,
    )


def _progress(player_id: int | None, puzzles: list[Puzzle]) -> dict[int, PuzzleProgress]:
    if player_id is None:
        return {}
    rows = PuzzleProgress.objects.filter(player_id=player_id, puzzle__in=puzzles)
    return {row.puzzle_id: row for row in rows}


def series_map(*, player_id: int | None) -> list[PuzzleCard]:
    """Every puzzle of the series in order, with the player's stars and what is open
    (:func:`series_unlocked`)."""
    puzzles = list(Puzzle.objects.filter(number__isnull=False).order_by("number"))
    progress = _progress(player_id, puzzles)
    solved = [puzzle.number or 0 for puzzle in puzzles if puzzle.pk in progress]
    reach = max(solved, default=0) + 1
    return [
        _card(puzzle, progress.get(puzzle.pk), unlocked=(puzzle.number or 0) <= reach)
        for puzzle in puzzles
    ]


def series_puzzle_read(*, number: int, player_id: int | None) -> PuzzleCard:
    """Puzzle ``number`` of the series for this player; :class:`PuzzleNotFound` or
    :class:`PuzzleLocked` when it is not theirs to play."""
    puzzle = Puzzle.objects.filter(number=number).first()
    if puzzle is None:
        raise PuzzleNotFound()
    if not series_unlocked(player_id=player_id, number=number):
        raise PuzzleLocked()
    return _card(puzzle, _progress(player_id, [puzzle]).get(puzzle.pk), unlocked=True)


def series_next_number(*, number: int) -> int | None:
    """The puzzle after ``number`` in the series, if there is one."""
    return Puzzle.objects.filter(number=number + 1).values_list("number", flat=True).first()


def daily_streak(*, player_id: int | None, today: date) -> int:
    """How many days in a row, up to today (or yesterday, while today's is still to be
    solved), the player solved the puzzle of the day."""
    if player_id is None:
        return 0
    days = set(
        PuzzleProgress.objects.filter(
            player_id=player_id, puzzle__day__isnull=False, puzzle__day__lte=today
        ).values_list("puzzle__day", flat=True)
    )
    day = today if today in days else today - timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(days=1)
    return streak


@dataclass(frozen=True)
class DailyCard:
    card: PuzzleCard
    streak: int


def daily_read(*, day: date, player_id: int | None) -> DailyCard | None:
    """``day``'s stored puzzle for this player, with their streak; None if not made."""
    puzzle = Puzzle.objects.filter(day=day).first()
    if puzzle is None:
        return None
    card = _card(puzzle, _progress(player_id, [puzzle]).get(puzzle.pk), unlocked=True)
    return DailyCard(card=card, streak=daily_streak(player_id=player_id, today=day))


def time_text(ms: int) -> str:
    """``83_400`` -> ``"1:23"``: minutes and seconds, as the page shows a time."""
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def daily_share_text(*, day: date, stars: int, ms: int, streak: int, url: str) -> str:
    """The puzzle of the day's share line, in the challenge card's style: the game and
    the day (written the reader's way), the stars and the time, the streak, the link.
    No tile is told."""
    stars_line = STAR * stars + NO_STAR * (3 - stars)
    parts = [stars_line, time_text(ms)]
    if streak > 1:
        parts.append(gettext("%(days)s days in a row") % {"days": streak})
    headline = gettext("%(game)s · puzzle of %(day)s") % {
        "game": GAME_NAME,
        "day": date_format(day, "DATE_FORMAT"),
    }
    return "\n".join([headline, " · ".join(parts), url])
