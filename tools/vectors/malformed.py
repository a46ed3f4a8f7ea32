"""Replay vectors of malformed moves: a key missing, a value of the wrong type or shape,
at the start, in the middle and at the end of a run."""

from __future__ import annotations

from typing import Any

from tools.vectors.cases import Case, Move, SeededRun, move_place

__all__ = ["malformed_cases"]


def malformed_cases() -> list[Case]:
    cases = []
    for seed, length in ((601, 0), (602, 4), (603, 12)):
        run = SeededRun(seed, length, extra_draws=1)
        t = run.t_next()
        tile = run.hand[0]
        place = {"t": t, "type": "place", "tile": tile, "cell": [0, 0], "rotation": 0}
        shapes: list[tuple[str, str, Any]] = [
            ("not_object", "null", None),
            ("not_object", "number", 5),
            ("not_object", "string", "draw"),
            ("not_object", "list", [t, "draw"]),
            ("not_object", "wrapped_in_list", [{"t": t, "type": "draw"}]),
            ("not_object", "true", True),
            ("missing_key", "t", {"type": "draw"}),
            ("missing_key", "type", {"t": t}),
            ("missing_key", "tile", _without(place, "tile")),
            ("missing_key", "cell", _without(place, "cell")),
            ("missing_key", "rotation", _without(place, "rotation")),
            ("bool_as_int", "t_true", {"t": True, "type": "draw"}),
            ("bool_as_int", "t_false", {"t": False, "type": "draw"}),
            ("bool_as_int", "rotation", {**place, "rotation": False}),
            ("bool_as_int", "cell_row", {**place, "cell": [False, 0]}),
            ("bool_as_int", "cell_col", {**place, "cell": [0, True]}),
            ("float", "t", {"t": t + 0.5, "type": "draw"}),
            ("float", "rotation", {**place, "rotation": 0.5}),
            ("float", "cell", {**place, "cell": [0.5, 0]}),
            ("float", "t_exponent", {"t": 1.5e3, "type": "draw"}),
            ("string", "t", {"t": str(t), "type": "draw"}),
            ("string", "rotation", {**place, "rotation": "0"}),
            ("string", "cell", {**place, "cell": "0,0"}),
            ("string", "cell_items", {**place, "cell": ["0", "0"]}),
            ("null", "t", {"t": None, "type": "draw"}),
            ("null", "tile", {**place, "tile": None}),
            ("null", "cell", {**place, "cell": None}),
            ("null", "rotation", {**place, "rotation": None}),
            ("type", "unknown", {"t": t, "type": "pass"}),
            ("type", "capitalised", {"t": t, "type": "Draw"}),
            ("type", "number", {"t": t, "type": 1}),
            ("type", "null", {"t": t, "type": None}),
            ("tile", "number", {**place, "tile": 345}),
            ("tile", "list", {**place, "tile": [3, 4, 5]}),
            ("tile", "object", {**place, "tile": {"id": tile}}),
            ("cell", "one_item", {**place, "cell": [0]}),
            ("cell", "three_items", {**place, "cell": [0, 0, 0]}),
            ("cell", "empty", {**place, "cell": []}),
            ("cell", "object", {**place, "cell": {"row": 0, "col": 0}}),
            ("extra_nesting", "cell", {**place, "cell": [[0, 0]]}),
            ("extra_nesting", "cell_items", {**place, "cell": [[0], [0]]}),
            ("extra_nesting", "rotation", {**place, "rotation": [0]}),
            ("extra_nesting", "t", {"t": [t], "type": "draw"}),
            ("extra_nesting", "move", {"move": place}),
        ]
        for how, what, move in shapes:
            cases.append(
                run.case(
                    f"malformed/{seed}/{how}/{what}",
                    move,
                    code="malformed",
                    tags=[f"malformed:{how}"],
                )
            )
        # Shapes that are fine: extra keys, a draw carrying placement keys.
        cases.append(
            run.case(
                f"shape/{seed}/draw_with_extra_keys",
                {"t": t, "type": "draw", "tile": tile, "note": "x"},
                valid=True,
            )
        )
        legal = run.legal()
        if legal:
            good = move_place(t, legal[0]) | {"client_ms": 12.5}
            cases.append(run.case(f"shape/{seed}/place_with_extra_keys", good, valid=True))
    return cases


def _without(move: Move, key: str) -> Move:
    return {k: v for k, v in move.items() if k != key}
