"""Puzzles: fill a shape with the tiles of a tray, tiles sharing a side matching.

docs/puzzles.md is the contract. :class:`Puzzle` (cells and tray, with its JSON form);
a filling is a list of pieces, :class:`Piece` (a tile on a cell in a rotation) or
:class:`Joker` (a blank tile); :func:`puzzle_check` says whether pieces fill a puzzle
legally (:class:`PuzzleSolved`, with its stars) or raises :class:`PuzzleError` with the
first rule broken. :func:`puzzle_generate` builds a puzzle on a shape from a seed (always
solvable) and :func:`puzzle_solutions_count` counts its fillings; :mod:`.grading`
measures what makes a puzzle hard for a person and grades it (:data:`GRADES`);
:mod:`.shapes` makes shapes and :mod:`.series` makes each puzzle of the series, orders
the series by grade, and makes the puzzle of the day.
"""

from triominos.puzzles.check import PuzzleSolved, puzzle_check
from triominos.puzzles.generate import GeneratedPuzzle, PuzzleUnfillable, puzzle_generate
from triominos.puzzles.grading import (
    GRADES,
    SOLUTIONS_COUNTED,
    Grade,
    PuzzleMeasures,
    grade_of,
    grade_rank,
    puzzle_measures,
)
from triominos.puzzles.puzzle import (
    MAX_JOKERS,
    PUZZLE_ERROR_CODES,
    STARS_BY_JOKERS,
    Joker,
    Piece,
    Puzzle,
    PuzzleError,
    PuzzleErrorCode,
    stars_for,
)
from triominos.puzzles.series import (
    DAILY_PLAN,
    SERIES_EASY_FIRST,
    SERIES_KEYS,
    SERIES_SIZES,
    DailyPlan,
    SeriesEntry,
    daily_generate,
    series_generate,
    series_order,
    series_puzzle,
)
from triominos.puzzles.shapes import (
    shape_connected,
    shape_grow,
    shape_hexagon,
    shape_points,
    shape_strip,
    shape_triangle,
)
from triominos.puzzles.solutions import puzzle_solutions, puzzle_solutions_count

__all__ = [
    "DAILY_PLAN",
    "GRADES",
    "MAX_JOKERS",
    "PUZZLE_ERROR_CODES",
    "SERIES_EASY_FIRST",
    "SERIES_KEYS",
    "SERIES_SIZES",
    "SOLUTIONS_COUNTED",
    "STARS_BY_JOKERS",
    "DailyPlan",
    "GeneratedPuzzle",
    "Grade",
    "Joker",
    "Piece",
    "Puzzle",
    "PuzzleError",
    "PuzzleErrorCode",
    "PuzzleMeasures",
    "PuzzleSolved",
    "PuzzleUnfillable",
    "SeriesEntry",
    "daily_generate",
    "grade_of",
    "grade_rank",
    "puzzle_check",
    "puzzle_generate",
    "puzzle_measures",
    "puzzle_solutions",
    "puzzle_solutions_count",
    "series_generate",
    "series_order",
    "series_puzzle",
    "shape_connected",
    "shape_grow",
    "shape_hexagon",
    "shape_points",
    "shape_strip",
    "shape_triangle",
    "stars_for",
]
