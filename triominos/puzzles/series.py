"""Which shape each puzzle of the series and each puzzle of the day asks to fill.

The series climbs from three tiles in a row to shapes of thirty-three, meeting the
board's hexagon (six cells around a point) and the big triangles on the way; the rest
are compact shapes grown from a seeded generator. The puzzle of the day grows with the
week, like the daily games people keep coming back to: small on Monday, big on Sunday.

Not every shape can be filled with distinct tiles (a tile's numbers ascend clockwise,
which rules out much around a point with six cells: the hexagon of radius two has no
filling at all). A grown shape that has none is grown again from the next seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from triominos.geometry import Cell
from triominos.puzzles.generate import GeneratedPuzzle, PuzzleUnfillable, puzzle_generate
from triominos.puzzles.shapes import shape_grow, shape_hexagon, shape_strip, shape_triangle

__all__ = ["DAILY_SIZES", "SERIES_SIZES", "daily_generate", "series_generate"]

_PAIRS = tuple(size for size in range(7, 24) for _ in range(2))
SERIES_SIZES: tuple[int, ...] = (
    *(3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6),
    *_PAIRS,
    *(24, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 32, 33),
)
"""The number of tiles of each puzzle of the series, in order (64 puzzles)."""

# The first puzzle of a size with a named shape gets it: (size, how many in a row).
_NAMED: dict[int, tuple[Callable[[], tuple[Cell, ...]], int]] = {
    3: (lambda: shape_strip(3), 1),
    4: (lambda: shape_triangle(2), 1),
    6: (lambda: shape_hexagon(1), 2),
    9: (lambda: shape_triangle(3), 1),
    16: (lambda: shape_triangle(4), 1),
    25: (lambda: shape_triangle(5), 1),
}

DAILY_SIZES: tuple[int, ...] = (6, 8, 10, 12, 14, 16, 20)
"""The puzzle of the day's size, Monday to Sunday."""

_GROWN_ATTEMPTS = 50


def _grown(size: int, seed: str) -> GeneratedPuzzle:
    for attempt in range(_GROWN_ATTEMPTS):
        shape = shape_grow(size, random.Random(f"{seed}:{attempt}"))
        try:
            return puzzle_generate(shape, f"{seed}:{attempt}")
        except PuzzleUnfillable:
            continue
    raise PuzzleUnfillable(f"no shape of {size} cells grown from {seed!r} can be filled")


def series_generate(number: int) -> GeneratedPuzzle:
    """Puzzle ``number`` (1 to len(SERIES_SIZES)) of the series; always the same."""
    if not 1 <= number <= len(SERIES_SIZES):
        raise ValueError(f"the series has puzzles 1 to {len(SERIES_SIZES)}, not {number}")
    size = SERIES_SIZES[number - 1]
    first = SERIES_SIZES.index(size) + 1
    named = _NAMED.get(size)
    if named is not None and number - first < named[1]:
        return puzzle_generate(named[0](), f"series:{number}")
    return _grown(size, f"series:{number}")


def daily_generate(weekday: int, seed: str) -> GeneratedPuzzle:
    """A puzzle of the day: ``weekday`` 0 (Monday) to 6 (Sunday) sets its size, ``seed``
    (the service derives it from the date and its secret) everything else."""
    return _grown(DAILY_SIZES[weekday], f"daily:{seed}")
