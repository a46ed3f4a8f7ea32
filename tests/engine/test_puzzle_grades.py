"""Puzzle grades (docs/puzzles.md, "Grades"): the measures of what makes a puzzle hard
for a person, the grade they give, the series' order by grade, and the puzzle of the
day's grade by weekday."""

from __future__ import annotations

import random

import pytest

from triominos.puzzles import (
    DAILY_PLAN,
    GRADES,
    SERIES_EASY_FIRST,
    SERIES_KEYS,
    SERIES_SIZES,
    Piece,
    Puzzle,
    PuzzleError,
    PuzzleMeasures,
    SeriesEntry,
    daily_generate,
    grade_of,
    grade_rank,
    puzzle_check,
    puzzle_generate,
    puzzle_measures,
    puzzle_solutions_count,
    series_order,
    series_puzzle,
    shape_grow,
    shape_strip,
)


def test_the_grades_are_one_list_easiest_first() -> None:
    assert GRADES == ("easy", "medium", "hard")
    assert [grade_rank(grade) for grade in GRADES] == [0, 1, 2]
    with pytest.raises(ValueError):
        grade_rank("tricky")


@pytest.mark.parametrize("seed", range(12))
def test_on_two_cells_the_second_placement_is_forced_and_nothing_misleads(seed: int) -> None:
    # The first tile is a choice that matches nothing yet; the second cell then knows
    # two of its corners, which one look of the last tile shows.
    measures = puzzle_generate(shape_strip(2), f"two {seed}").measures
    assert (measures.forced, measures.guesses, measures.decoys) == (1, 1, 0)


def _fits(puzzle: Puzzle, down: list[Piece], piece: Piece) -> bool:
    """The checker's word (not the grading's) on whether ``piece`` may go down."""
    try:
        puzzle_check(puzzle, [p.to_json() for p in [*down, piece]])
    except PuzzleError as error:
        return error.code == "shape_not_filled"
    return True


def _as_a_person(puzzle: Puzzle, solution: tuple[Piece, ...]) -> tuple[int, int]:
    """docs/puzzles.md's careful person, step by step, with the checker as the judge."""
    home = {piece.cell: piece for piece in solution}
    down: list[Piece] = []
    forced, decoys = 0, set()
    while len(down) < puzzle.size:
        used = {piece.tile for piece in down}
        empty = [cell for cell in puzzle.cells if cell not in {p.cell for p in down}]
        looks = {
            cell: {
                (tile, tile.corner_numbers(rotation))
                for tile in puzzle.tray
                if tile not in used
                for rotation in range(3)
                if _fits(puzzle, down, Piece(tile, cell, rotation))
            }
            for cell in empty
        }
        places: dict[object, int] = {}
        for cell_looks in looks.values():
            for tile, _ in cell_looks:
                places[tile] = places.get(tile, 0) + 1
        single_cell = [cell for cell in empty if len(looks[cell]) == 1]
        single_tile = [cell for cell in empty for tile, _ in looks[cell] if places[tile] == 1]
        if single_cell or single_tile:
            forced += 1
            move = (single_cell or single_tile)[0]
        else:
            move = min(empty, key=lambda cell: (len(looks[cell]), cell))
            if down:
                decoys |= {tile for tile, _ in looks[move]} - {home[move].tile}
        down.append(home[move])
    return forced, len(decoys)


@pytest.mark.parametrize("key", [f"climb:{n}" for n in (6, 12, 15, 16, 17, 20)])
def test_the_measures_are_what_a_careful_person_meets(key: str) -> None:
    generated = series_puzzle(key)
    measures = generated.measures
    assert (measures.forced, measures.decoys) == _as_a_person(generated.puzzle, generated.solution)
    assert measures.solutions == puzzle_solutions_count(generated.puzzle, limit=1000)


@pytest.mark.parametrize("seed", range(8))
def test_the_measures_read_the_puzzle_not_the_trays_order(seed: int) -> None:
    generated = puzzle_generate(shape_grow(9, random.Random(seed)), f"order {seed}")
    tray = list(generated.puzzle.tray)
    random.Random(seed).shuffle(tray)
    shuffled = Puzzle(generated.puzzle.cells, tuple(tray))
    again = puzzle_measures(shuffled, generated.solution, generated.solutions)
    assert again == generated.measures
    assert 0 <= again.forced < again.size and 0 <= again.decoys < again.size
    assert again.decoys == 0 or again.guesses >= 2, "a decoy misleads at a later choice"


def test_a_solution_that_leaves_a_cell_empty_is_no_solution() -> None:
    generated = puzzle_generate(shape_strip(3), "short")
    with pytest.raises(ValueError):
        puzzle_measures(generated.puzzle, generated.solution[:2], generated.solutions)


@pytest.mark.parametrize(
    ("measures", "grade"),
    [
        (PuzzleMeasures(size=3, solutions=200, forced=2, decoys=0), "easy"),
        (PuzzleMeasures(size=6, solutions=5, forced=3, decoys=2), "easy"),
        (PuzzleMeasures(size=6, solutions=5, forced=2, decoys=3), "medium"),
        (PuzzleMeasures(size=6, solutions=1, forced=5, decoys=0), "easy"),
        (PuzzleMeasures(size=9, solutions=1, forced=6, decoys=2), "medium"),
        (PuzzleMeasures(size=16, solutions=1, forced=10, decoys=3), "hard"),
        (PuzzleMeasures(size=20, solutions=1, forced=12, decoys=17), "hard"),
        (PuzzleMeasures(size=20, solutions=1000, forced=10, decoys=20), "medium"),
    ],
)
def test_the_grade_adds_the_strain_of_each_measure(measures: PuzzleMeasures, grade: str) -> None:
    assert grade_of(measures) == grade


def test_more_strain_never_grades_easier() -> None:
    base = PuzzleMeasures(size=10, solutions=20, forced=8, decoys=3)
    harder = [
        PuzzleMeasures(size=10, solutions=5, forced=8, decoys=3),
        PuzzleMeasures(size=10, solutions=20, forced=5, decoys=3),
        PuzzleMeasures(size=10, solutions=20, forced=8, decoys=9),
    ]
    for measures in harder:
        assert measures.strain > base.strain
        assert grade_rank(grade_of(measures)) >= grade_rank(grade_of(base))


def test_the_series_order_is_easy_first_then_by_size() -> None:
    entries = [
        SeriesEntry("climb:1", "hard", 3),
        SeriesEntry("climb:2", "medium", 3),
        SeriesEntry("climb:5", "easy", 3),
        SeriesEntry("climb:4", "easy", 4),
        SeriesEntry("climb:9", "medium", 6),
        SeriesEntry("climb:3", "medium", 4),
        SeriesEntry("somewhere", "easy", 4),
    ]
    order = series_order(entries)
    assert order == [
        "climb:5",
        "climb:4",
        "somewhere",
        "climb:2",
        "climb:3",
        "climb:9",
        "climb:1",
    ]
    assert series_order(reversed(entries)) == order, "the order is the entries', not the input's"


def test_the_made_series_starts_with_ten_easy_and_never_gets_easier() -> None:
    # The puzzles of up to 11 tiles, made as the service makes them: the first ten of the
    # whole series are among them, as every larger puzzle sorts after every easy one of
    # these (by grade, then size) and they hold more than ten easy puzzles.
    keys = [key for key in SERIES_KEYS if SERIES_SIZES[SERIES_KEYS.index(key)] <= 11]
    entries = [SeriesEntry(key, series_puzzle(key).grade, series_size(key)) for key in keys]
    assert sum(entry.grade == "easy" for entry in entries) > SERIES_EASY_FIRST
    order = series_order(entries)
    grades = {entry.key: entry.grade for entry in entries}
    ranks = [grade_rank(grades[key]) for key in order]
    assert ranks == sorted(ranks)
    assert [grades[key] for key in order[:SERIES_EASY_FIRST]] == ["easy"] * SERIES_EASY_FIRST


def series_size(key: str) -> int:
    return series_puzzle(key).puzzle.size


def test_the_days_grade_is_its_weekdays() -> None:
    assert len(DAILY_PLAN) == 7
    assert {plan.grade for plan in DAILY_PLAN} == set(GRADES), "every grade has its days"
    for weekday, plan in enumerate(DAILY_PLAN):
        for seed in ("a", "b"):
            made = daily_generate(weekday, f"weekday {seed}")
            assert (made.puzzle.size, made.grade) == (plan.size, plan.grade)
