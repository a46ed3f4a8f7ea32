"""How hard a puzzle is for a person, measured, and the grade the measures give it.

Three measures of what a person meets filling the shape (docs/puzzles.md, "Grades"):

- **solutions**: how many fillings there are (counted up to :data:`SOLUTIONS_COUNTED`).
  With many, a tile put down on a hunch is seldom wrong.
- **forced**: how many placements a person can deduce rather than guess. The shape is
  filled as a careful person fills it: while some empty cell takes exactly one tile of
  the tray in one way, or some tray tile fits exactly one empty cell in one way, that
  placement is forced; otherwise the person must choose, at the cell where the fewest
  tiles fit, and is given the solution's tile there (the best a guess can do).
- **decoys**: how many tray tiles fit elsewhere: at a cell where the person must
  choose (after the first tile, which matches nothing yet), a decoy fits what the
  tiles around already show but is not the solution's tile there. A person who tries
  it finds it agrees with its neighbours, and learns only later that it was wrong.

The grade adds a strain point or two for each measure (:func:`grade_of`); its words are
the catalogs', its order :data:`GRADES`, the one list of grades.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from triominos.geometry import Cell, Point, cell_corners
from triominos.puzzles.puzzle import Piece, Puzzle
from triominos.tiles import Tile

__all__ = [
    "GRADES",
    "SOLUTIONS_COUNTED",
    "Grade",
    "PuzzleMeasures",
    "grade_of",
    "grade_rank",
    "puzzle_measures",
]

Grade = Literal["easy", "medium", "hard"]
GRADES: tuple[Grade, ...] = ("easy", "medium", "hard")
"""Every grade, easiest first: the series climbs them in this order."""

SOLUTIONS_COUNTED = 1000
"""The solution counter stops here: a puzzle with more fillings is as easy as it gets."""

# Strain points: (measure at or above which a point is added) per measure. A person is
# strained by a unique filling, by guesses, and by tiles that seem to fit elsewhere.
_FEW_SOLUTIONS = 12  # 2-12 fillings: one point; one filling: two
_GUESSES = (3, 6)  # placements not forced: one point from 3, two from 6
_DECOYS = (3, 6)  # one point from 3 decoys, two from 6
_MEDIUM_FROM, _HARD_FROM = 3, 5
"""Strain at which a puzzle is medium, and hard (0 to 6)."""


@dataclass(frozen=True)
class PuzzleMeasures:
    size: int
    solutions: int
    """Fillings without a joker, up to :data:`SOLUTIONS_COUNTED`."""
    forced: int
    """Placements a person can deduce (of ``size``)."""
    decoys: int
    """Tray tiles that fit a cell where a choice is made, and belong elsewhere."""

    @property
    def guesses(self) -> int:
        """Placements a person has to choose."""
        return self.size - self.forced

    @property
    def strain(self) -> int:
        """0 to 6: two points at most for each measure."""
        solutions = 2 if self.solutions <= 1 else 1 if self.solutions <= _FEW_SOLUTIONS else 0
        guesses = sum(self.guesses >= line for line in _GUESSES)
        decoys = sum(self.decoys >= line for line in _DECOYS)
        return solutions + guesses + decoys


def grade_of(measures: PuzzleMeasures) -> Grade:
    """``easy``, ``medium`` or ``hard`` by the measures' strain."""
    strain = measures.strain
    return "hard" if strain >= _HARD_FROM else "medium" if strain >= _MEDIUM_FROM else "easy"


def grade_rank(grade: str) -> int:
    """The grade's place in :data:`GRADES` (0 for easy); ValueError for no grade."""
    return GRADES.index(grade)


def _looks(tile: Tile) -> tuple[tuple[int, int, int], ...]:
    # A triple looks the same in every rotation: one look, as the counter has it.
    rotations = (0,) if tile.is_triple else (0, 1, 2)
    return tuple(tile.corner_numbers(rotation) for rotation in rotations)


def _fits(shows: tuple[int, int, int], corners: Sequence[Point], numbers: dict[Point, int]) -> bool:
    return all(
        numbers.get(point, number) == number for point, number in zip(corners, shows, strict=True)
    )


def _filled_as_a_person(puzzle: Puzzle, solution: Sequence[Piece]) -> tuple[int, int]:
    """The forced placements and the decoys of filling ``puzzle`` as a careful person
    does, given ``solution``'s tile wherever a choice must be made."""
    home = {piece.cell: piece for piece in solution}
    corners = {cell: cell_corners(cell) for cell in puzzle.cells}
    numbers: dict[Point, int] = {}
    tray = list(puzzle.tray)
    empty = list(puzzle.cells)
    forced = 0
    decoys: set[Tile] = set()
    while empty:
        fitting: dict[Cell, list[Tile]] = {}
        places: dict[Tile, list[Cell]] = {}
        for cell in empty:
            fitting[cell] = []
            for tile in tray:
                for shows in _looks(tile):
                    if _fits(shows, corners[cell], numbers):
                        fitting[cell].append(tile)
                        places.setdefault(tile, []).append(cell)
        move = next((cell for cell in empty if len(fitting[cell]) == 1), None)
        if move is None:
            move = next((cells[0] for cells in places.values() if len(cells) == 1), None)
        if move is not None:
            forced += 1
        else:
            move = min(empty, key=lambda cell: (len(fitting[cell]), cell))
            if numbers:  # the first tile matches nothing yet: any is a start
                decoys.update(tile for tile in fitting[move] if tile != home[move].tile)
        piece = home[move]
        numbers.update(zip(corners[move], piece.tile.corner_numbers(piece.rotation), strict=True))
        tray.remove(piece.tile)
        empty.remove(move)
    return forced, len(decoys)


def puzzle_measures(puzzle: Puzzle, solution: Sequence[Piece], solutions: int) -> PuzzleMeasures:
    """The measures of ``puzzle``, filled by ``solution`` (one of its fillings, every
    piece a tile), with ``solutions`` its counted fillings."""
    if sorted(piece.cell for piece in solution) != list(puzzle.cells):
        raise ValueError("the solution fills each cell of the shape once")
    forced, decoys = _filled_as_a_person(puzzle, solution)
    return PuzzleMeasures(
        size=puzzle.size,
        solutions=solutions,
        forced=forced,
        decoys=decoys,
    )
