"""Puzzles (docs/puzzles.md): the generator, the solution counter, jokers and stars,
and the checker against its golden vectors."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tests.vectors.loader import puzzle_cases
from triominos.geometry import Cell, Point, cell_corners, cell_neighbours
from triominos.puzzles import (
    GRADES,
    PUZZLE_ERROR_CODES,
    SERIES_SIZES,
    Joker,
    Piece,
    Puzzle,
    PuzzleError,
    daily_generate,
    puzzle_check,
    puzzle_generate,
    puzzle_solutions,
    puzzle_solutions_count,
    series_generate,
    shape_connected,
    shape_grow,
    shape_hexagon,
    shape_strip,
    shape_triangle,
    stars_for,
)
from triominos.tiles import TILES

PUZZLES = puzzle_cases()


def _json(pieces: tuple[Piece | Joker, ...] | list[Piece | Joker]) -> list[dict[str, object]]:
    return [piece.to_json() for piece in pieces]


def _brute_force_count(puzzle: Puzzle) -> int:
    """Every assignment of the tray's tiles to the cells, every rotation, kept when every
    point shows one number; a triple's rotations look alike, so it counts once."""
    count = 0
    for order in itertools.permutations(puzzle.tray):
        rotations = [(0,) if tile.is_triple else (0, 1, 2) for tile in order]
        for turns in itertools.product(*rotations):
            shown: dict[Point, int] = {}
            fits = True
            for cell, tile, turn in zip(puzzle.cells, order, turns, strict=True):
                for point, number in zip(
                    cell_corners(cell), tile.corner_numbers(turn), strict=True
                ):
                    if shown.setdefault(point, number) != number:
                        fits = False
            count += fits
    return count


# --- shapes ---------------------------------------------------------------------------


def test_named_shapes_have_their_sizes_and_hold_together() -> None:
    assert len(shape_hexagon(1)) == 6
    assert len(shape_hexagon(2)) == 24
    assert [len(shape_triangle(side)) for side in (1, 2, 3, 4)] == [1, 4, 9, 16]
    assert shape_strip(3) == (Cell(0, 0), Cell(0, 1), Cell(0, 2))
    # The board's hexagon: the six cells around one point.
    assert all(Point(0, 1) in cell_corners(cell) for cell in shape_hexagon(1))
    for cells in (shape_hexagon(2), shape_triangle(4), shape_grow(20, random.Random(3))):
        assert shape_connected(cells)


def test_a_shape_in_two_pieces_is_not_connected() -> None:
    assert not shape_connected([Cell(0, 0), Cell(0, 2)])


# --- the generator --------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 41))
def test_every_puzzle_of_the_series_is_solvable_by_its_own_tiles(number: int) -> None:
    generated = series_generate(number)
    puzzle = generated.puzzle

    assert puzzle.size == SERIES_SIZES[number - 1]
    assert sorted(t.id for t in puzzle.tray) == sorted(p.tile.id for p in generated.solution)
    assert puzzle_check(puzzle, _json(generated.solution)).stars == 3
    assert generated.solutions >= 1
    assert generated.grade in GRADES


@pytest.mark.parametrize("seed", range(12))
def test_generated_puzzles_on_grown_shapes_are_solvable(seed: int) -> None:
    rng = random.Random(seed)
    cells = shape_grow(rng.randrange(3, 19), rng)
    generated = puzzle_generate(cells, f"test:{seed}")

    assert puzzle_check(generated.puzzle, _json(generated.solution)).stars == 3
    count, first = puzzle_solutions(generated.puzzle)
    assert count == generated.solutions >= 1
    assert puzzle_check(generated.puzzle, _json(first)).stars == 3


def test_the_same_seed_gives_the_same_puzzle_and_another_seed_another() -> None:
    assert series_generate(20).puzzle == series_generate(20).puzzle
    assert daily_generate(2, "a").puzzle == daily_generate(2, "a").puzzle
    assert daily_generate(2, "a").puzzle != daily_generate(2, "b").puzzle


def test_the_tray_is_shuffled_not_given_in_the_order_of_the_cells() -> None:
    in_cell_order = 0
    for number in range(10, 20):
        generated = series_generate(number)
        in_cell_order += list(generated.puzzle.tray) == [p.tile for p in generated.solution]
    assert in_cell_order == 0


def test_the_series_has_sixty_puzzles_from_three_tiles_past_the_hexagon() -> None:
    assert len(SERIES_SIZES) >= 60
    assert SERIES_SIZES[0] == 3
    assert list(SERIES_SIZES) == sorted(SERIES_SIZES)
    assert max(SERIES_SIZES) > 24
    assert series_generate(9).puzzle.cells == shape_hexagon(1)


# --- the solution counter -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_the_solution_count_matches_brute_force_on_small_shapes(seed: int) -> None:
    rng = random.Random(100 + seed)
    cells = shape_grow(rng.choice((2, 3, 4, 5)), rng)
    # A random tray (often unsolvable) as well as a generated one.
    trays = [
        puzzle_generate(cells, f"brute:{seed}").puzzle.tray,
        tuple(rng.sample(TILES, len(cells))),
    ]
    for tray in trays:
        puzzle = Puzzle(cells, tray)
        assert puzzle_solutions_count(puzzle) == _brute_force_count(puzzle)


def test_a_tray_of_triples_counts_each_look_once() -> None:
    by_id = {tile.id: tile for tile in TILES}
    puzzle = Puzzle(shape_strip(2), (by_id["0-0-0"], by_id["0-0-1"]))
    # 0-0-0 anywhere; 0-0-1 with its 1 on the corner the other cell does not share.
    assert puzzle_solutions_count(puzzle) == _brute_force_count(puzzle) == 2


def test_the_counter_stops_at_its_limit() -> None:
    by_id = {tile.id: tile for tile in TILES}
    puzzle = Puzzle(shape_strip(2), (by_id["0-0-0"], by_id["0-0-1"]))
    assert puzzle_solutions_count(puzzle, limit=1) == 1


# --- jokers and stars -----------------------------------------------------------------


def test_stars_are_three_two_one_by_jokers() -> None:
    assert [stars_for(jokers) for jokers in (0, 1, 2)] == [3, 2, 1]


def test_a_joker_fits_any_neighbour() -> None:
    generated = series_generate(20)
    puzzle, solution = generated.puzzle, list(generated.solution)
    for index, piece in enumerate(solution):
        # A joker in place of any tile fits whatever lies around it: the shape is filled.
        pieces = [*solution[:index], Joker(piece.cell), *solution[index + 1 :]]
        assert puzzle_check(puzzle, _json(pieces)).stars == 2
    shape = set(puzzle.cells)
    for piece in solution:
        for neighbour in cell_neighbours(piece.cell):
            if neighbour not in shape:
                continue
            for rotation in range(3):
                # Any tile in any rotation beside a joker: never a mismatch, only unfinished.
                beside = [Joker(neighbour), Piece(piece.tile, piece.cell, rotation)]
                with pytest.raises(PuzzleError) as refused:
                    puzzle_check(puzzle, _json(beside))
                assert refused.value.code == "shape_not_filled"


def test_two_jokers_give_one_star_and_a_third_is_refused() -> None:
    generated = series_generate(12)
    solution = list(generated.solution)
    two = [Joker(solution[0].cell), Joker(solution[1].cell), *solution[2:]]
    assert puzzle_check(generated.puzzle, _json(two)).stars == 1
    three = [Joker(p.cell) for p in solution[:3]] + solution[3:]
    with pytest.raises(PuzzleError) as refused:
        puzzle_check(generated.puzzle, _json(three))
    assert (refused.value.code, refused.value.index) == ("too_many_jokers", 2)


# --- the golden vectors ---------------------------------------------------------------


@pytest.mark.parametrize("case", PUZZLES, ids=[case["name"] for case in PUZZLES])
def test_puzzle_vector(case: dict[str, Any]) -> None:
    puzzle = Puzzle.from_json(case["puzzle"])
    try:
        solved = puzzle_check(puzzle, case["pieces"])
    except PuzzleError as error:
        got = {"code": error.code, "index": error.index, "stars": None, "jokers": None}
    else:
        got = {"code": None, "index": None, "stars": solved.stars, "jokers": solved.jokers}
    assert got == case["expect"]


def test_the_vectors_cover_every_code_and_every_star() -> None:
    codes = {case["expect"]["code"] for case in PUZZLES}
    stars = {case["expect"]["stars"] for case in PUZZLES}
    assert set(PUZZLE_ERROR_CODES) <= codes
    assert {1, 2, 3} <= stars
