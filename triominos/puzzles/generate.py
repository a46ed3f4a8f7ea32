"""Making puzzles by construction: fill the shape first, then hand out its tiles.

The solution counter's search, given all 56 tiles tried in a seeded random order and
stopped at its first filling, lays a legal filling of the shape (each tile once,
every point one number). Its tiles, shuffled, are the tray: so every puzzle made here
can be solved; the counter then counts its fillings and :mod:`.grading` grades it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from triominos.geometry import Cell
from triominos.puzzles.grading import (
    SOLUTIONS_COUNTED,
    Grade,
    PuzzleMeasures,
    grade_of,
    puzzle_measures,
)
from triominos.puzzles.puzzle import Piece, Puzzle
from triominos.puzzles.shapes import shape_connected, shape_normal
from triominos.puzzles.solutions import SearchTooLong, fillings_search, puzzle_solutions_count
from triominos.tiles import TILES

__all__ = ["GeneratedPuzzle", "PuzzleUnfillable", "puzzle_generate"]

GENERATION_BUDGET = 3_000
"""Cells the generator tries before it gives a shape up and grows another: a filling,
when there is one, is mostly found in a few hundred; proving there is none can take
minutes on a large shape. 3000 made the series in 30 s where 20 000 took 86 s."""


class PuzzleUnfillable(ValueError):
    """No filling of the shape using each tile at most once was found in the budget."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    puzzle: Puzzle
    solution: tuple[Piece, ...]
    """The filling the puzzle was built from, sorted by cell."""
    measures: PuzzleMeasures
    """Its fillings (counted up to ``SOLUTIONS_COUNTED``), forced moves and decoys."""

    @property
    def solutions(self) -> int:
        return self.measures.solutions

    @property
    def grade(self) -> Grade:
        return grade_of(self.measures)


def puzzle_generate(cells: tuple[Cell, ...], seed: str) -> GeneratedPuzzle:
    """The puzzle of ``seed`` on the shape ``cells`` (connected, at most 56 cells).

    The same shape and seed always give the same puzzle (Python's seeded generator
    draws the same numbers on every platform for a string seed)."""
    shape = shape_normal(cells)
    if not shape_connected(shape) or len(shape) > len(TILES):
        raise ValueError("a puzzle's shape is connected and has at most 56 cells")
    rng = random.Random(f"puzzle:{seed}")
    try:
        found, filling = fillings_search(
            shape, TILES, limit=1, keep_first=True, rng=rng, budget=GENERATION_BUDGET
        )
    except SearchTooLong:
        found = 0
    if not found:
        raise PuzzleUnfillable(f"no filling found of these {len(shape)} cells uses each tile once")
    solution = tuple(sorted(filling, key=lambda piece: piece.cell))
    tray = [piece.tile for piece in solution]
    rng.shuffle(tray)
    puzzle = Puzzle(shape, tuple(tray))
    solutions = puzzle_solutions_count(puzzle, limit=SOLUTIONS_COUNTED)
    return GeneratedPuzzle(puzzle, solution, puzzle_measures(puzzle, solution, solutions))
