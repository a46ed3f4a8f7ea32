"""Golden vectors of the puzzle checker (``puzzles.json``): docs/puzzles.md's rules.

Each case is a puzzle, the pieces a player sends, and the checker's answer. The
puzzles are made by the engine's generator from fixed seeds; the pieces are its
solution, the solution with jokers in, and the solution broken one rule at a time.
"""

from __future__ import annotations

import random
from typing import Any

from triominos.puzzles import (
    PUZZLE_ERROR_CODES,
    GeneratedPuzzle,
    PuzzleError,
    puzzle_check,
    puzzle_generate,
    shape_grow,
    shape_hexagon,
    shape_strip,
    shape_triangle,
)
from triominos.tiles import TILE_IDS

__all__ = ["puzzle_cases"]


def _expect(generated: GeneratedPuzzle, pieces: Any) -> dict[str, Any]:
    try:
        solved = puzzle_check(generated.puzzle, pieces)
    except PuzzleError as error:
        return {"code": error.code, "index": error.index, "jokers": None, "stars": None}
    return {"code": None, "index": None, "jokers": solved.jokers, "stars": solved.stars}


def _puzzles() -> list[tuple[str, GeneratedPuzzle]]:
    shapes = [
        ("strip3", shape_strip(3)),
        ("triangle2", shape_triangle(2)),
        ("hexagon", shape_hexagon(1)),
        ("triangle3", shape_triangle(3)),
    ]
    shapes += [(f"grown{size}", shape_grow(size, random.Random(size))) for size in (5, 8, 12)]
    return [(name, puzzle_generate(cells, f"vectors:{name}")) for name, cells in shapes]


def puzzle_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []

    def case(name: str, generated: GeneratedPuzzle, pieces: Any, *tags: str) -> None:
        expect = _expect(generated, pieces)
        code = expect["code"]
        cases.append(
            {
                "name": f"puzzle/{name}",
                "tags": sorted({*tags, f"error:{code}" if code else f"stars:{expect['stars']}"}),
                "puzzle": generated.puzzle.to_json(),
                "pieces": pieces,
                "expect": expect,
            }
        )

    for name, generated in _puzzles():
        rng = random.Random(f"vectors:{name}")
        solution = [piece.to_json() for piece in generated.solution]
        shuffled = rng.sample(solution, len(solution))
        size = len(solution)
        case(f"{name}/solved", generated, shuffled)
        joker_one = [*shuffled[:-1], {"type": "joker", "cell": shuffled[-1]["cell"]}]
        case(f"{name}/one_joker", generated, joker_one, "joker")
        joker_two = [{"type": "joker", "cell": p["cell"]} for p in shuffled[:2]] + shuffled[2:]
        case(f"{name}/two_jokers", generated, joker_two, "joker")
        case(f"{name}/partial", generated, shuffled[: size // 2 + 1][:-1], "partial")
        case(f"{name}/empty", generated, [], "partial")
        # A joker fits any neighbour: a wrong tile's place taken by a joker still fits.
        case(
            f"{name}/joker_first",
            generated,
            [{"type": "joker", "cell": shuffled[0]["cell"]}, *shuffled[1:]],
            "joker",
        )
        three = [{"type": "joker", "cell": p["cell"]} for p in shuffled[:3]] + shuffled[3:]
        case(f"{name}/three_jokers", generated, three, "joker")
        tray = generated.puzzle.tray
        outside = next(t for t in TILE_IDS if t not in {tile.id for tile in tray})
        first = shuffled[0]
        case(f"{name}/not_in_tray", generated, [{**first, "tile": outside}, *shuffled[1:]])
        case(f"{name}/unknown", generated, [{**first, "tile": "3-2-1"}, *shuffled[1:]])
        case(f"{name}/twice", generated, [first, {**shuffled[1], "tile": first["tile"]}])
        case(f"{name}/rotation_3", generated, [{**first, "rotation": 3}, *shuffled[1:]])
        case(f"{name}/rotation_negative", generated, [{**first, "rotation": -1}])
        far = {**first, "cell": [first["cell"][0] + 40, first["cell"][1]]}
        case(f"{name}/outside", generated, [far, *shuffled[1:]])
        joker_far = {"type": "joker", "cell": far["cell"]}
        case(f"{name}/joker_outside", generated, [joker_far, *shuffled], "joker")
        if size > 1:
            second = shuffled[1]
            case(f"{name}/occupied", generated, [first, {**second, "cell": first["cell"]}])
            joker_on = {"type": "joker", "cell": first["cell"]}
            case(f"{name}/joker_on_tile", generated, [first, joker_on], "joker")
        turned = [{**p, "rotation": (p["rotation"] + 1) % 3} for p in shuffled]
        case(f"{name}/turned", generated, turned)
        # Several rules broken at once: the first of the table wins.
        case(
            f"{name}/precedence",
            generated,
            [first, {**first, "rotation": 5, "cell": far["cell"]}],
            "precedence",
        )
    hexagon = dict(_puzzles())["hexagon"]
    solution = [piece.to_json() for piece in hexagon.solution]
    malformed: list[tuple[str, Any]] = [
        ("not_a_list", {"pieces": solution}),
        ("null", None),
        ("piece_is_a_list", [["1-2-3", [0, 0], 0]]),
        ("bool_rotation", [{**solution[0], "rotation": True}]),
        ("float_rotation", [{**solution[0], "rotation": 1.0}]),
        ("bool_cell", [{**solution[0], "cell": [True, 0]}]),
        ("short_cell", [{**solution[0], "cell": [0]}]),
        ("no_type", [{k: v for k, v in solution[0].items() if k != "type"}]),
        ("other_type", [{**solution[0], "type": "draw"}]),
        ("extra_key", [{**solution[0], "t": 0}]),
        ("joker_with_tile", [{"type": "joker", "cell": [0, 0], "tile": "0-0-0"}]),
        ("tile_not_a_string", [{**solution[0], "tile": 123}]),
        ("late", [*solution[:3], "joker"]),
    ]
    for name, pieces in malformed:
        case(f"malformed/{name}", hexagon, pieces, f"malformed:{name}")
    seen = {code for item in cases for code in [item["expect"]["code"]] if code}
    missing = set(PUZZLE_ERROR_CODES) - seen
    if missing:  # pragma: no cover - a change of the generator that loses a case
        raise ValueError(f"no puzzle vector for {sorted(missing)}")
    return cases
