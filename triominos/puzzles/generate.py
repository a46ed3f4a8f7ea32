"""Making puzzles by construction: fill the shape first, then hand out its tiles.

The solution counter's search, given all 56 tiles tried in a seeded random order and
stopped at its first filling, lays a legal filling of the shape (each tile once,
every point one number). Its tiles, shuffled, are the tray: so every puzzle made here
can be solved, and the counter then grades how many other fillings there are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from triominos.geometry import Cell
from triominos.puzzles.puzzle import Piece, Puzzle
from triominos.puzzles.shapes import shape_connected, shape_normal
from triominos.puzzles.solutions import SearchTooLong, fillings_search, puzzle_solutions_count
from triominos.tiles import TILES

__all__ = [
    "DIFFICULTIES",
    "SOLUTIONS_COUNTED",
    "GeneratedPuzzle",
    "PuzzleUnfillable",
    "difficulty_of",
    "puzzle_generate",
]

SOLUTIONS_COUNTED = 1000
"""The solution counter stops here: a puzzle with more fillings is as easy as it gets."""

DIFFICULTIES = ("easy", "medium", "hard")

GENERATION_BUDGET = 3_000
"""Cells the generator tries before it gives a shape up and grows another: a filling,
when there is one, is mostly found in a few hundred; proving there is none can take
minutes on a large shape. 3000 made the series in 30 s where 20 000 took 86 s."""


def difficulty_of(solutions: int) -> str:
    """``hard`` when one filling exists, ``medium`` for a few, ``easy`` for many."""
    if solutions <= 1:
        return "hard"
    return "medium" if solutions <= 12 else "easy"


class PuzzleUnfillable(ValueError):
    """No filling of the shape using each tile at most once was found in the budget."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    puzzle: Puzzle
    solution: tuple[Piece, ...]
    """The filling the puzzle was built from, sorted by cell."""
    solutions: int
    """How many fillings there are, counted up to :data:`SOLUTIONS_COUNTED`."""

    @property
    def difficulty(self) -> str:
        return difficulty_of(self.solutions)


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
    return GeneratedPuzzle(
        puzzle, solution, puzzle_solutions_count(puzzle, limit=SOLUTIONS_COUNTED)
    )
