"""Which puzzles the series holds, in what order, and each puzzle of the day.

The series climbs the grades (:data:`~triominos.puzzles.grading.GRADES`): easy puzzles
first, then medium, then hard, each grade from the fewest tiles to the most
(:func:`series_order`, for any set of graded puzzles). Its puzzles are named by keys
that never change (``climb:1`` to ``climb:64``), so a stored puzzle keeps its name when
the order moves. They go from three tiles in a row to shapes of thirty-three, meeting
the board's hexagon (six cells around a point) and the big triangles on the way; the
rest are compact shapes grown from a seed. Graded, 17 are easy (3 to 11 tiles), 19
medium and 28 hard: the series opens with more than :data:`SERIES_EASY_FIRST` easy
puzzles, which a test keeps true.

The puzzle of the day's size and grade are set by the weekday (:data:`DAILY_PLAN`).

Not every shape can be filled with distinct tiles (a tile's numbers ascend clockwise,
which rules out much around a point with six cells: the hexagon of radius two has no
filling at all). A grown shape that has none is grown again from the next seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

from triominos.geometry import Cell
from triominos.puzzles.generate import GeneratedPuzzle, PuzzleUnfillable, puzzle_generate
from triominos.puzzles.grading import Grade, grade_rank
from triominos.puzzles.shapes import shape_grow, shape_hexagon, shape_strip, shape_triangle

__all__ = [
    "DAILY_PLAN",
    "SERIES_EASY_FIRST",
    "SERIES_KEYS",
    "SERIES_SIZES",
    "DailyPlan",
    "SeriesEntry",
    "daily_generate",
    "series_generate",
    "series_order",
    "series_puzzle",
]

_PAIRS = tuple(size for size in range(7, 24) for _ in range(2))
SERIES_SIZES: tuple[int, ...] = (
    *(3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6),
    *_PAIRS,
    *(24, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 32, 33),
)
"""The number of tiles of each puzzle ``climb:1`` to ``climb:64``."""

SERIES_EASY_FIRST = 10
"""How many easy puzzles open the series, at least."""

SERIES_KEYS: tuple[str, ...] = tuple(f"climb:{n}" for n in range(1, len(SERIES_SIZES) + 1))
"""Every puzzle of the series, by key: what :func:`series_puzzle` makes, in the order
they are made; the series' order is :func:`series_order`'s."""

# The first puzzle of a size with a named shape gets it: (size, how many in a row).
_NAMED: dict[int, tuple[Callable[[], tuple[Cell, ...]], int]] = {
    3: (lambda: shape_strip(3), 1),
    4: (lambda: shape_triangle(2), 1),
    6: (lambda: shape_hexagon(1), 2),
    9: (lambda: shape_triangle(3), 1),
    16: (lambda: shape_triangle(4), 1),
    25: (lambda: shape_triangle(5), 1),
}


class DailyPlan(NamedTuple):
    size: int
    grade: Grade


DAILY_PLAN: tuple[DailyPlan, ...] = (
    DailyPlan(6, "easy"),  # Monday
    DailyPlan(8, "medium"),  # Tuesday
    DailyPlan(16, "hard"),  # Wednesday
    DailyPlan(10, "easy"),  # Thursday
    DailyPlan(12, "medium"),  # Friday
    DailyPlan(20, "hard"),  # Saturday
    DailyPlan(14, "medium"),  # Sunday
)
"""The puzzle of the day's size and grade, Monday to Sunday: the grades take turns
through the week, each a little bigger at its next turn. Each size is one where its
grade is common (docs/puzzles.md: of 25 grown puzzles of 16 tiles, 5 grade hard; of
10 tiles, 11 easy), so a day's puzzle is found in a few seeds."""

_GROWN_ATTEMPTS = 50
_GRADED_ATTEMPTS = 60
"""Seeds tried for a puzzle of a grade before the last one made is taken as it is."""


def _grown(size: int, seed: str) -> GeneratedPuzzle:
    for attempt in range(_GROWN_ATTEMPTS):
        shape = shape_grow(size, random.Random(f"{seed}:{attempt}"))
        try:
            return puzzle_generate(shape, f"{seed}:{attempt}")
        except PuzzleUnfillable:
            continue
    raise PuzzleUnfillable(f"no shape of {size} cells grown from {seed!r} can be filled")


def _graded(size: int, grade: Grade, seed: str) -> GeneratedPuzzle:
    """The first puzzle of ``grade`` grown from ``seed``'s seeds; past the attempts,
    the one of the nearest grade (always the same one: the search is seeded)."""
    nearest: GeneratedPuzzle | None = None
    for attempt in range(_GRADED_ATTEMPTS):
        made = _grown(size, f"{seed}:{grade}:{attempt}")
        if made.grade == grade:
            return made
        distance = abs(grade_rank(made.grade) - grade_rank(grade))
        if nearest is None or distance < abs(grade_rank(nearest.grade) - grade_rank(grade)):
            nearest = made
    assert nearest is not None
    return nearest


def series_generate(number: int) -> GeneratedPuzzle:
    """The series' puzzle ``climb:<number>`` (1 to len(SERIES_SIZES)); always the same."""
    if not 1 <= number <= len(SERIES_SIZES):
        raise ValueError(f"the series has puzzles 1 to {len(SERIES_SIZES)}, not {number}")
    size = SERIES_SIZES[number - 1]
    first = SERIES_SIZES.index(size) + 1
    named = _NAMED.get(size)
    # The seeds name the number: it was the puzzle's place before the series had grades.
    if named is not None and number - first < named[1]:
        return puzzle_generate(named[0](), f"series:{number}")
    return _grown(size, f"series:{number}")


@cache
def series_puzzle(key: str) -> GeneratedPuzzle:
    """The puzzle of the series named ``key`` (one of :data:`SERIES_KEYS`); always the
    same, so it is made once a process."""
    if key not in SERIES_KEYS:
        raise ValueError(f"no puzzle {key!r} in the series")
    return series_generate(int(key.removeprefix("climb:")))


class SeriesEntry(NamedTuple):
    """A puzzle of the series as the order reads it."""

    key: str
    grade: str
    size: int


def series_order(entries: Iterable[SeriesEntry]) -> list[str]:
    """The keys in the series' order: by grade (easy first), then by size, then in the
    order of :data:`SERIES_KEYS` (a key not in it after those that are, by name)."""
    made = {key: at for at, key in enumerate(SERIES_KEYS)}

    def place(entry: SeriesEntry) -> tuple[int, int, int, str]:
        return (grade_rank(entry.grade), entry.size, made.get(entry.key, len(made)), entry.key)

    return [entry.key for entry in sorted(entries, key=place)]


def daily_generate(weekday: int, seed: str) -> GeneratedPuzzle:
    """A puzzle of the day: ``weekday`` 0 (Monday) to 6 (Sunday) sets its size and grade
    (:data:`DAILY_PLAN`), ``seed`` (the service derives it from the date and its
    secret) everything else."""
    plan = DAILY_PLAN[weekday]
    return _graded(plan.size, plan.grade, f"daily:{seed}")
