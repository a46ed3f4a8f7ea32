"""Writes of the puzzles' room: making the stored puzzles, saving a solved puzzle (the
engine checks it first: stars cannot be forged), and an account taking over a guest's
progress."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from challenges import engine
from challenges.errors import (
    PuzzleLocked,
    PuzzleNotFound,
    PuzzleNotSolved,
    PuzzleTooFast,
    service_now,
)
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles.selectors import (
    DailyCard,
    daily_read,
    daily_share_text,
    daily_streak,
    puzzle_today,
    series_next_number,
    series_unlocked,
)

# What each refusal of docs/puzzles.md says to a player (the code goes with it).
REFUSAL_WORDS = {
    "malformed": _("A piece is not of the right shape."),
    "too_many_jokers": _("At most two jokers."),
    "unknown_tile": _("A piece is no tile."),
    "tile_not_in_tray": _("A tile is not in this puzzle's tray."),
    "tile_used_twice": _("A tile is used twice."),
    "bad_rotation": _("A tile's rotation is not 0, 1 or 2."),
    "cell_outside_shape": _("A piece lies outside the shape."),
    "cell_occupied": _("Two pieces lie on the same cell."),
    "corner_mismatch": _("Two tiles that touch show different numbers."),
    "shape_not_filled": _("The shape is not filled."),
}

# A time longer than a day is no time of one sitting; a shorter one is kept as sent.
LONGEST_MS = 24 * 60 * 60 * 1000


def puzzle_daily_seed(*, day: date) -> str:
    """The seed of ``day``'s puzzle, from the service's secret: nobody can make a
    coming day's puzzle before it is stored and served."""
    key = settings.CHALLENGE_SECRET.encode()
    return hmac.new(key, f"puzzle-of-the-day:{day.isoformat()}".encode(), "sha256").hexdigest()


def puzzles_series_make(*, upto: int | None = None, now: datetime | None = None) -> int:
    """Store the series' puzzles that are not stored yet (the first ``upto`` of the
    engine's keys, all by default), grade every stored puzzle not graded yet, and number
    the series in its order by grade; returns how many were made. A stored puzzle's
    cells and tray are never made again or changed, so running this twice, or two at
    once, leaves the same rows. Progress is kept by puzzle, not by number, so a solved
    puzzle stays solved wherever the order puts it."""
    keys = engine.PUZZLE_SERIES_KEYS[:upto]
    stored = set(Puzzle.objects.filter(number__isnull=False).values_list("series_key", flat=True))
    # The generator runs before the transaction: it takes seconds a puzzle at most.
    made = [(key, engine.puzzle_series_make(key)) for key in keys if key not in stored]
    count = 0
    with transaction.atomic():
        for key, puzzle in made:
            parked = _PARKED + engine.PUZZLE_SERIES_KEYS.index(key)
            row = Puzzle(
                number=parked, series_key=key, **_fields(puzzle), created_at=service_now(now)
            )
            count += _store(row)
        puzzles_grade()
        series_number()
    return count


# Numbers out of the series' way: a new puzzle waits at one until the series is
# numbered (in the same transaction), and a renumbered one passes through another.
_PARKED = 100_000
_MOVING = 200_000


def puzzles_grade(*, every: bool = False) -> int:
    """Measure and grade the stored puzzles made before the grading (``every``: all of
    them, after the grading changed); returns how many were graded. Their cells, tray
    and solution do not change: the grade is a reading of the puzzle."""
    rows = Puzzle.objects.all() if every else Puzzle.objects.filter(forced__isnull=True)
    graded = 0
    for puzzle in rows.only("cells", "tray", "solution", "solutions"):
        measured = engine.puzzle_grade(
            cells=puzzle.cells,
            tray=puzzle.tray,
            solution=puzzle.solution,
            solutions=puzzle.solutions,
        )
        Puzzle.objects.filter(pk=puzzle.pk).update(
            forced=measured.forced, decoys=measured.decoys, difficulty=measured.grade
        )
        graded += 1
    return graded


def series_number() -> int:
    """Number the stored series 1, 2, ... in the engine's order by grade; returns how
    many puzzles moved."""
    with transaction.atomic():
        rows = list(Puzzle.objects.select_for_update().filter(number__isnull=False))
        entries = [(row.series_key or "", row.difficulty, row.size) for row in rows]
        by_key = {row.series_key: row for row in rows}
        order = engine.puzzle_series_order(entries)
        moving = [
            (by_key[key], place)
            for place, key in enumerate(order, start=1)
            if by_key[key].number != place
        ]
        # Two steps, so that no number is held twice on the way (it is UNIQUE).
        for row, place in moving:
            Puzzle.objects.filter(pk=row.pk).update(number=_MOVING + place)
        for row, place in moving:
            Puzzle.objects.filter(pk=row.pk).update(number=place)
    return len(moving)


def puzzle_daily_make(*, day: date, now: datetime | None = None) -> Puzzle:
    """``day``'s puzzle, made and stored if it is not yet (the beat stores it ahead;
    a request that finds none makes it, like a challenge)."""
    found = Puzzle.objects.filter(day=day).first()
    if found is not None:
        return found
    made = engine.puzzle_daily_make(weekday=day.weekday(), seed=puzzle_daily_seed(day=day))
    _store(Puzzle(day=day, **_fields(made), created_at=service_now(now)))
    return Puzzle.objects.get(day=day)


def _fields(made: engine.PuzzleMade) -> dict[str, object]:
    return {
        "cells": made.cells,
        "tray": made.tray,
        "solution": made.solution,
        "solutions": made.graded.solutions,
        "forced": made.graded.forced,
        "decoys": made.graded.decoys,
        "difficulty": made.graded.grade,
    }


def _store(puzzle: Puzzle) -> int:
    try:
        with transaction.atomic():
            puzzle.save(force_insert=True)
    except IntegrityError:
        return 0  # another process stored it first: theirs is the puzzle
    return 1


@dataclass(frozen=True)
class PuzzleSaved:
    stars: int
    """What this filling earned."""
    best_stars: int
    best_ms: int
    improved: bool
    """More stars than before, or as many in less time."""
    first_time: bool


def _solve(
    *, player_id: int, puzzle: Puzzle, pieces: object, ms: int, now: datetime
) -> PuzzleSaved:
    """Check ``pieces`` against the stored puzzle and keep the player's best; a filling
    the rules refuse is :class:`PuzzleNotSolved` with its code, a time no person fills
    the puzzle in :class:`PuzzleTooFast`."""
    try:
        stars = engine.puzzle_fill_check(cells=puzzle.cells, tray=puzzle.tray, pieces=pieces)
    except engine.PuzzleFillRefused as refused:
        raise PuzzleNotSolved(
            str(REFUSAL_WORDS.get(refused.code, _("The rules do not allow that."))),
            code=refused.code,
            index=refused.index,
        ) from None
    floor_ms = engine.puzzle_time_floor_ms(cells=puzzle.cells)
    if ms < floor_ms:
        raise PuzzleTooFast(pieces=len(puzzle.cells), floor_ms=floor_ms)
    ms = max(0, min(ms, LONGEST_MS))
    with transaction.atomic():
        progress = (
            PuzzleProgress.objects.select_for_update()
            .filter(player_id=player_id, puzzle=puzzle)
            .first()
        )
        if progress is None:
            PuzzleProgress.objects.create(
                player_id=player_id,
                puzzle=puzzle,
                stars=stars,
                best_ms=ms,
                pieces=pieces,
                first_solved_at=now,
                last_solved_at=now,
            )
            return PuzzleSaved(stars, stars, ms, improved=True, first_time=True)
        improved = (stars, -ms) > (progress.stars, -progress.best_ms)
        if improved:
            progress.pieces = pieces
        progress.stars = max(progress.stars, stars)
        progress.best_ms = min(progress.best_ms, ms)
        progress.solves += 1
        progress.last_solved_at = now
        progress.save()
    return PuzzleSaved(stars, progress.stars, progress.best_ms, improved, first_time=False)


@dataclass(frozen=True)
class SeriesSaved:
    saved: PuzzleSaved
    next_number: int | None
    """The puzzle this one opens (None after the last)."""


def series_solve(
    *, player_id: int, number: int, pieces: object, ms: int, now: datetime | None = None
) -> SeriesSaved:
    """Puzzle ``number`` of the series solved by the player with ``pieces`` in ``ms``:
    :class:`PuzzleNotFound`, :class:`PuzzleLocked` when the puzzle before it is not
    solved yet, :class:`PuzzleNotSolved` when the pieces do not fill it."""
    puzzle = Puzzle.objects.filter(number=number).first()
    if puzzle is None:
        raise PuzzleNotFound()
    if not series_unlocked(player_id=player_id, number=number):
        raise PuzzleLocked()
    saved = _solve(player_id=player_id, puzzle=puzzle, pieces=pieces, ms=ms, now=service_now(now))
    return SeriesSaved(saved, series_next_number(number=number))


@dataclass(frozen=True)
class DailySaved:
    saved: PuzzleSaved
    streak: int
    share_text: str


def daily_solve(
    *, player_id: int, pieces: object, ms: int, share_url: str, now: datetime | None = None
) -> DailySaved:
    """Today's puzzle solved by the player: their best kept, their streak, and the share
    line of this solve. Only today's puzzle counts (a streak is days solved on the day)."""
    now = service_now(now)
    puzzle = puzzle_daily_make(day=puzzle_today(now=now), now=now)
    saved = _solve(player_id=player_id, puzzle=puzzle, pieces=pieces, ms=ms, now=now)
    assert puzzle.day is not None
    streak = daily_streak(player_id=player_id, today=puzzle.day)
    share = daily_share_text(
        day=puzzle.day, stars=saved.stars, ms=min(ms, LONGEST_MS), streak=streak, url=share_url
    )
    return DailySaved(saved, streak, share)


def daily_card(*, player_id: int | None, now: datetime | None = None) -> DailyCard:
    """Today's puzzle for this player with their streak, made first if the beat has not
    stored it yet."""
    now = service_now(now)
    day = puzzle_today(now=now)
    puzzle_daily_make(day=day, now=now)
    card = daily_read(day=day, player_id=player_id)
    assert card is not None
    return card


def puzzle_progress_claim(*, from_player_id: int, to_player_id: int) -> int:
    """Give a guest's puzzle progress to the account that claims it: a puzzle only the
    guest solved moves; one both solved keeps the better stars and the better time.
    Returns how many puzzles the account gained or improved. Runs inside the claim's
    transaction."""
    changed = 0
    theirs = {p.puzzle_id: p for p in PuzzleProgress.objects.filter(player_id=to_player_id)}
    for progress in PuzzleProgress.objects.filter(player_id=from_player_id):
        mine = theirs.get(progress.puzzle_id)
        if mine is None:
            progress.player_id = to_player_id
            progress.save(update_fields=["player"])
            changed += 1
            continue
        better = (progress.stars, -progress.best_ms) > (mine.stars, -mine.best_ms)
        if better:
            mine.pieces = progress.pieces
        if better or progress.best_ms < mine.best_ms:
            mine.stars = max(mine.stars, progress.stars)
            mine.best_ms = min(mine.best_ms, progress.best_ms)
            mine.solves += progress.solves
            mine.first_solved_at = min(mine.first_solved_at, progress.first_solved_at)
            mine.save()
            changed += 1
    return changed


def puzzles_daily_ahead(*, days: int = 1, now: datetime | None = None) -> list[date]:
    """Store today's puzzle and the next ``days`` days' (those not stored yet); returns
    the days that are stored. The beat calls it, so no player waits for a puzzle."""
    today = puzzle_today(now=now)
    stored = []
    for offset in range(days + 1):
        day = today + timedelta(days=offset)
        puzzle_daily_make(day=day, now=now)
        stored.append(day)
    return stored
