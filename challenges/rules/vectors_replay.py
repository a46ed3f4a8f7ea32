"""The replay vectors, file by file: errors, malformed moves, bonuses, the rulebooks'
worked examples, long runs and seeded random runs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from challenges.rules.board import Board
from challenges.rules.geometry import Cell, cell_corners, cell_neighbours, point_cells
from challenges.rules.moves import Placement, placement_parse
from challenges.rules.tiles import TILE_IDS, TILES, Tile, tile_parse
from challenges.rules.vectors_cases import (
    Case,
    VectorError,
    challenge_for,
    challenge_seeded,
    log_lazy,
    move_draw,
    move_place,
    replay_case,
)
from challenges.rules.vectors_search import (
    SearchFailed,
    board_edge_count,
    hole_opposite_cell,
    hole_ring_cells,
    playout,
    playout_full,
    position_construct,
)

__all__ = [
    "bonus_cases",
    "error_cases",
    "long_cases",
    "malformed_cases",
    "random_cases",
    "rulebook_cases",
]

Move = dict[str, Any]


class _Run:
    """A seeded valid run: a compact playout of ``length`` tiles on a challenge built
    around it, then ``extra_draws`` draws so that the tray holds a few tiles."""

    def __init__(
        self, seed: int, length: int, *, extra_draws: int = 3, also: Sequence[str] = ()
    ) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.placements = [placement for placement, _ in playout(rng, length=length)]
        tiles = [placement.tile.id for placement in self.placements] + list(also)
        self.tray, self.well = challenge_for(tiles, seed)
        self.moves = log_lazy(self.placements, tray=self.tray, well=self.well)
        drawn = sum(1 for move in self.moves if move["type"] == "draw")
        for _ in range(min(extra_draws, len(self.well) - drawn)):
            self.moves.append(move_draw(self.t_next()))
            drawn += 1
        self.drawn = drawn
        placed = {placement.tile.id for placement in self.placements}
        self.hand = [tile for tile in [*self.tray, *self.well[:drawn]] if tile not in placed]
        self.board = Board.from_placements(self.placements)

    def t_next(self, gap: int = 700) -> int:
        return self.moves[-1]["t"] + gap if self.moves else 0

    def log(self, *extra: Move) -> dict[str, Any]:
        return {"moves": [*self.moves, *extra]}

    def place(self, tile: str, cell: Sequence[int], rotation: Any, gap: int = 700) -> Move:
        return {
            "t": self.t_next(gap),
            "type": "place",
            "tile": tile,
            "cell": list(cell),
            "rotation": rotation,
        }

    @property
    def index(self) -> int:
        """The index the next move gets."""
        return len(self.moves)

    def legal(self) -> list[Placement]:
        return self.board.legal_placements(tile_parse(tile) for tile in self.hand)

    def case(self, name: str, *extra: Move, **expect: Any) -> Case:
        expect.setdefault("move", self.index if extra else -1)
        return replay_case(name, tray=self.tray, well=self.well, log=self.log(*extra), **expect)


def _mismatches(board: Board, tiles: Sequence[Tile]) -> dict[tuple[bool, int], Placement]:
    """For each (cell points up, corner), a placement that shares an edge with the
    board and breaks only at that corner."""
    found: dict[tuple[bool, int], Placement] = {}
    for cell in board.frontier():
        demands = board.corner_demands(cell)
        up = (cell.row + cell.col) % 2 == 0
        for tile in tiles:
            for rotation in (0, 1, 2):
                numbers = tile.corner_numbers(rotation)
                wrong = [
                    corner
                    for corner in range(3)
                    if demands[corner] is not None and demands[corner] != numbers[corner]
                ]
                if len(wrong) == 1 and (up, wrong[0]) not in found:
                    found[(up, wrong[0])] = Placement(tile, cell, rotation)
    return found


def _point_only_cells(board: Board) -> list[tuple[Cell, int]]:
    """Frontier cells with a corner whose number comes only from tiles that meet the
    cell at that point (no edge): the number is forced by a point contact."""
    found = []
    for cell in board.frontier():
        neighbours = {n for n in cell_neighbours(cell) if board.tile_at(n) is not None}
        for corner, point in enumerate(cell_corners(cell)):
            if board.number_at(point) is None:
                continue
            touching = {c for c in point_cells(point) if board.tile_at(c) is not None}
            if touching and not touching & neighbours:
                found.append((cell, corner))
    return found


def _all_tiles_except(used: Sequence[Placement]) -> list[Tile]:
    on_board = {placement.tile for placement in used}
    return [tile for tile in TILES if tile not in on_board]


# --- errors ----------------------------------------------------------------------------


def error_cases() -> list[Case]:
    cases: list[Case] = []
    cases += _log_and_challenge_cases()
    cases += _time_cases()
    for seed in (101, 102, 103):
        cases += _tile_cases(seed)
        cases += _board_cases(seed)
    cases += _first_move_cases()
    cases += _well_cases()
    cases += _precedence_cases()
    return cases


def _log_and_challenge_cases() -> list[Case]:
    tray, well = challenge_seeded(1)
    ok_log = {"moves": [{"t": 0, "type": "place", "tile": tray[0], "cell": [0, 0], "rotation": 0}]}
    cases = [replay_case("log/empty", tray=tray, well=well, log={"moves": []}, valid=True)]
    cases.append(
        replay_case(
            "log/extra_keys",
            tray=tray,
            well=well,
            log={**ok_log, "version": 2, "client": "x"},
            valid=True,
        )
    )
    bad_logs: list[tuple[str, Any]] = [
        ("null", None),
        ("true", True),
        ("number", 42),
        ("string", "moves"),
        ("list", []),
        ("list_of_moves", ok_log["moves"]),
        ("empty_object", {}),
        ("moves_null", {"moves": None}),
        ("moves_object", {"moves": {"0": ok_log["moves"][0]}}),
        ("moves_string", {"moves": "[]"}),
        ("moves_number", {"moves": 3}),
        ("moves_capitalised", {"Moves": ok_log["moves"]}),
        ("nested", {"log": ok_log}),
    ]
    for name, log in bad_logs:
        cases.append(
            replay_case(f"bad_log/{name}", tray=tray, well=well, log=log, code="bad_log", move=None)
        )
    bad_challenges: list[tuple[str, Any, Any]] = [
        ("tray_8", tray[:8], well),
        ("tray_10", [*tray, well[0]], well[1:]),
        ("well_46", tray, well[:46]),
        ("well_48", tray, [*well, tray[0]]),
        ("duplicate_in_tray", [tray[0], *tray[:8]], well),
        ("tray_and_well_overlap", tray, [tray[0], *well[1:]]),
        ("unknown_id", ["5-4-3", *tray[1:]], well),
        ("not_canonical", [tray[0].replace("-", ""), *tray[1:]], well),
        ("number_in_tray", [7, *tray[1:]], well),
        ("null_in_well", tray, [None, *well[1:]]),
        ("tray_null", None, well),
        ("tray_string", ",".join(tray), well),
        ("tray_object", {"tiles": tray}, well),
        ("well_null", tray, None),
        ("both_empty", [], []),
        ("all_56_in_tray", list(TILE_IDS), []),
    ]
    for name, bad_tray, bad_well in bad_challenges:
        cases.append(
            replay_case(
                f"bad_challenge/{name}",
                tray=bad_tray,
                well=bad_well,
                log=ok_log,
                code="bad_challenge",
                move=None,
            )
        )
    cases.append(
        replay_case(
            "bad_challenge/and_bad_log",
            tray=tray[:8],
            well=well,
            log=None,
            code="bad_challenge",
            move=None,
            tags=["precedence"],
        )
    )
    return cases


def _time_cases() -> list[Case]:
    run = _Run(201, 5)
    tray, well = run.tray, run.well
    first = {"type": "place", "tile": tray[0], "cell": [0, 0], "rotation": 0}
    cases = []
    for t in (120_001, 10**12, -1, -120_000):
        cases.append(
            replay_case(
                f"time_over/first_move_t_{t}",
                tray=tray,
                well=well,
                log={"moves": [{**first, "t": t}]},
                code="time_over",
                move=0,
            )
        )
    cases.append(
        replay_case(
            "time_over/draw_t_120001",
            tray=tray,
            well=well,
            log={"moves": [{"t": 120_001, "type": "draw"}]},
            code="time_over",
            move=0,
        )
    )
    for t in (0, 120_000):
        cases.append(
            replay_case(
                f"time/bounds_t_{t}",
                tray=tray,
                well=well,
                log={"moves": [{**first, "t": t}]},
                valid=True,
            )
        )
    last = run.moves[-1]["t"]
    cases.append(run.case("time_over/mid_run", {"t": 120_001, "type": "draw"}, code="time_over"))
    for back in (1, 2, last):
        cases.append(
            run.case(
                f"time_not_monotonic/draw_{back}_ms_back",
                {"t": last - back, "type": "draw"},
                code="time_not_monotonic",
            )
        )
    legal = run.legal()
    if legal:
        cases.append(
            run.case(
                "time_not_monotonic/place",
                {**move_place(last - 500, legal[0])},
                code="time_not_monotonic",
            )
        )
        cases.append(run.case("time/equal_times_are_fine", move_place(last, legal[0]), valid=True))
    # max_t: the server's clock caps the times.
    every = run.log()
    top = last
    for max_t, expected in (
        (top, None),
        (top - 1, "time_over"),
        (0, "time_over"),
        (-1, "time_over"),
        (200_000, None),
    ):
        name = f"max_t/{max_t}_last_t_{top}"
        if expected is None:
            cases.append(
                replay_case(name, tray=tray, well=well, log=every, max_t=max_t, valid=True)
            )
        else:
            cases.append(
                replay_case(name, tray=tray, well=well, log=every, max_t=max_t, code=expected)
            )
    for max_t, t, expected in (
        (200_000, 120_001, "time_over"),
        (200_000, 120_000, None),
        (0, 0, None),
        (5_000, 5_001, "time_over"),
        (5_000, 5_000, None),
    ):
        log = {"moves": [{**first, "t": t}]}
        name = f"max_t/{max_t}_t_{t}"
        if expected is None:
            cases.append(replay_case(name, tray=tray, well=well, log=log, max_t=max_t, valid=True))
        else:
            cases.append(
                replay_case(name, tray=tray, well=well, log=log, max_t=max_t, code=expected, move=0)
            )
    return cases


def _tile_cases(seed: int) -> list[Case]:
    run = _Run(seed, 6 + seed % 5)
    cases = []
    spellings = ["5-4-3", "0-0-6", "", "x", "3-4-5 ", "3-4", "6-6-6", "-1-2-3", "0-0-00", "3,4,5"]
    for index, text in enumerate(spellings):
        cases.append(
            run.case(
                f"unknown_tile/{seed}/{index}", run.place(text, [0, 1], 0), code="unknown_tile"
            )
        )
    in_well = run.well[run.drawn]
    cases.append(
        run.case(
            f"tile_not_in_tray/{seed}/still_in_well",
            run.place(in_well, [0, 1], 0),
            code="tile_not_in_tray",
        )
    )
    placed = run.placements[-1]
    cases.append(
        run.case(
            f"tile_not_in_tray/{seed}/already_placed",
            run.place(placed.tile.id, [9, 9], 0),
            code="tile_not_in_tray",
        )
    )
    cases.append(
        run.case(
            f"tile_not_in_tray/{seed}/placed_twice_same_cell",
            run.place(placed.tile.id, list(placed.cell), placed.rotation),
            code="tile_not_in_tray",
        )
    )
    legal = run.legal()
    if legal:
        good = legal[len(legal) // 2]
        cases.append(
            run.case(
                f"valid/{seed}/drawn_tile_placed",
                move_place(run.t_next(), good),
                valid=True,
            )
        )
    return cases


def _board_cases(seed: int) -> list[Case]:
    run = _Run(seed, 10 + seed % 7)
    cases = []
    tile = run.hand[0]
    for rotation in (3, -1, 4, 99):
        cases.append(
            run.case(
                f"bad_rotation/{seed}/{rotation}",
                run.place(tile, [0, 1], rotation),
                code="bad_rotation",
            )
        )
    occupied = run.placements[len(run.placements) // 2].cell
    for index, cell in enumerate((Cell(0, 0), occupied)):
        for rotation in (0, 2):
            cases.append(
                run.case(
                    f"cell_occupied/{seed}/{index}/r{rotation}",
                    run.place(tile, cell, rotation),
                    code="cell_occupied",
                )
            )
    # not_adjacent: far away, huge, and a cell that meets the board only at a point.
    far = [(40, 40), (-40, 3), (10**6, 0), (0, -(10**15)), (-(10**15), 10**15)]
    for row, col in far:
        cases.append(
            run.case(
                f"not_adjacent/{seed}/{row},{col}",
                run.place(tile, [row, col], 1),
                code="not_adjacent",
                tags=["geometry:far"] + (["geometry:negative"] if row < 0 or col < 0 else []),
            )
        )
    point_only = _point_contact_cells(run.board)
    for index, cell in enumerate(point_only[:3]):
        cases.append(
            run.case(
                f"not_adjacent/{seed}/point_contact_{index}",
                run.place(tile, cell, 0),
                code="not_adjacent",
                tags=["geometry:point_contact"],
            )
        )
    # corner_mismatch at every corner of up and down cells (the tile put in the tray).
    candidates = _all_tiles_except(run.placements)
    for (up, corner), placement in sorted(_mismatches(run.board, candidates).items()):
        cases.append(
            _with_tile(
                run,
                seed,
                placement,
                f"corner_mismatch/{seed}/{'up' if up else 'down'}_corner_{corner}",
                code="corner_mismatch",
            )
        )
    return cases


def _point_contact_cells(board: Board) -> list[Cell]:
    """Empty cells sharing a corner but no edge with the board."""
    cells: set[Cell] = set()
    for placement in board.placements:
        for point in cell_corners(placement.cell):
            for cell in point_cells(point):
                if board.tile_at(cell) is None and board_edge_count(board, cell) == 0:
                    cells.add(cell)
    return sorted(cells)


def _with_tile(run: _Run, seed: int, placement: Placement, name: str, **expect: Any) -> Case:
    """``run``'s placements, then ``placement``, on a challenge holding its tile."""
    tiles = [p.tile.id for p in run.placements] + [placement.tile.id]
    tray, well = challenge_for(tiles, seed)
    moves = log_lazy([*run.placements, placement], tray=tray, well=well)
    expect.setdefault("move", len(moves) - 1 if expect.get("code") else -1)
    return replay_case(name, tray=tray, well=well, log={"moves": moves}, **expect)


def _first_move_cases() -> list[Case]:
    tray, well = challenge_seeded(301)
    cases = []
    for row, col in ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-3, -7), (10**6, 0)):
        for drew in (False, True):
            moves: list[Move] = [move_draw(0)] if drew else []
            moves.append(
                {"t": 10, "type": "place", "tile": tray[1], "cell": [row, col], "rotation": 2}
            )
            cases.append(
                replay_case(
                    f"first_not_at_origin/{row},{col}{'/after_a_draw' if drew else ''}",
                    tray=tray,
                    well=well,
                    log={"moves": moves},
                    code="first_not_at_origin",
                    move=len(moves) - 1,
                )
            )
    for rotation in (0, 1, 2):
        cases.append(
            replay_case(
                f"valid/first_tile_rotation_{rotation}",
                tray=tray,
                well=well,
                log={
                    "moves": [
                        {
                            "t": 0,
                            "type": "place",
                            "tile": tray[2],
                            "cell": [0, 0],
                            "rotation": rotation,
                        }
                    ]
                },
                valid=True,
            )
        )
    return cases


def _well_cases() -> list[Case]:
    tray, well = challenge_seeded(401)
    draws = [move_draw(1000 + 100 * k) for k in range(47)]
    cases = [
        replay_case("well/all_47_draws", tray=tray, well=well, log={"moves": draws}, valid=True),
        replay_case(
            "well_empty/48th_draw",
            tray=tray,
            well=well,
            log={"moves": [*draws, move_draw(9000)]},
            code="well_empty",
            move=47,
        ),
    ]
    first = placement_parse(f"{tray[0]}@0,0r0")
    moves = [move_place(0, first), *[move_draw(10 + k) for k in range(47)], move_draw(100)]
    cases.append(
        replay_case(
            "well_empty/after_a_placement",
            tray=tray,
            well=well,
            log={"moves": moves},
            code="well_empty",
            move=48,
        )
    )
    return cases


def _precedence_cases() -> list[Case]:
    """Moves breaking several rules: the first code of the RULES.md table wins."""
    run = _Run(501, 8)
    occupied = list(run.placements[0].cell)
    held = run.hand[0]
    in_well = run.well[run.drawn]
    last = run.moves[-1]["t"]
    specs: list[tuple[str, Move, str]] = [
        ("malformed_and_time_over", {"t": -1, "type": "place", "tile": 7}, "malformed"),
        (
            "malformed_bool_t_and_unknown_tile",
            {"t": True, "type": "place", "tile": "9-9-9", "cell": [0, 0], "rotation": 0},
            "malformed",
        ),
        (
            "time_over_and_unknown_tile",
            run.place("9-9-9", occupied, 5) | {"t": 120_001},
            "time_over",
        ),
        ("time_over_and_not_monotonic", {"t": -1, "type": "draw"}, "time_over"),
        (
            "not_monotonic_and_unknown_tile",
            run.place("9-9-9", occupied, 5) | {"t": last - 1},
            "time_not_monotonic",
        ),
        (
            "not_monotonic_and_tile_not_in_tray",
            run.place(in_well, [50, 50], 0) | {"t": last - 1},
            "time_not_monotonic",
        ),
        ("unknown_tile_and_bad_rotation", run.place("5-4-3", occupied, 3), "unknown_tile"),
        ("unknown_tile_and_not_adjacent", run.place("0-0-6", [30, 30], 0), "unknown_tile"),
        ("tile_not_in_tray_and_bad_rotation", run.place(in_well, occupied, -1), "tile_not_in_tray"),
        ("tile_not_in_tray_and_occupied", run.place(in_well, occupied, 0), "tile_not_in_tray"),
        ("bad_rotation_and_occupied", run.place(held, occupied, 3), "bad_rotation"),
        ("bad_rotation_and_not_adjacent", run.place(held, [30, 30], 7), "bad_rotation"),
        ("occupied_and_mismatch", run.place(held, occupied, 1), "cell_occupied"),
        ("not_adjacent_far_any_numbers", run.place(held, [-30, -30], 2), "not_adjacent"),
    ]
    cases = [
        run.case(f"precedence/{name}", move, code=code, tags=["precedence"])
        for name, move, code in specs
    ]
    # Not adjacent, and a corner on a numbered point showing another number.
    for cell in _point_contact_cells(run.board):
        demands = run.board.corner_demands(cell)
        for tile in (tile_parse(t) for t in run.hand):
            for rotation in (0, 1, 2):
                numbers = tile.corner_numbers(rotation)
                if any(d is not None and d != n for d, n in zip(demands, numbers, strict=True)):
                    cases.append(
                        run.case(
                            "precedence/not_adjacent_and_mismatch_at_a_point",
                            run.place(tile.id, cell, rotation),
                            code="not_adjacent",
                            tags=["precedence", "geometry:point_contact"],
                        )
                    )
                    return cases
    return cases


# --- malformed moves ---------------------------------------------------------------------


def malformed_cases() -> list[Case]:
    cases = []
    for seed, length in ((601, 0), (602, 4), (603, 12)):
        run = _Run(seed, length, extra_draws=1)
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


# --- bonuses --------------------------------------------------------------------------------

_HOLES = (Cell(0, 1), Cell(1, 1), Cell(-1, 0), Cell(2, 3), Cell(-2, -3), Cell(3, -4), Cell(-4, 5))


def bonus_cases() -> list[Case]:
    cases: list[Case] = []
    kinds: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("hexagon", (0,)),
        ("hexagon", (1,)),
        ("hexagon", (2,)),
        ("double_hexagon", (0, 1)),
        ("double_hexagon", (1, 2)),
        ("double_hexagon", (0, 2)),
        ("triple_hexagon", (0, 1, 2)),
    )
    for kind, corners in kinds:
        made = 0
        for index, hole in enumerate(_HOLES):
            if made >= (4 if kind == "triple_hexagon" else 3):
                break
            placements = _construct(
                hole_ring_cells(hole, corners), hole, kind, seed=index * 31 + len(corners)
            )
            if placements is None:
                continue
            made += 1
            name = f"bonus/{kind}/corners_{''.join(map(str, corners))}/{hole.row},{hole.col}"
            cases.append(_placements_case(name, placements, seed=made, bonus=kind))
        if made == 0:
            raise VectorError(f"no {kind} construction found")
    # Holes closed from three sides: a bridge when no hexagon closes.
    cases += _hole_cases()
    cases += _point_forced_cases()
    # Bonuses met in compact random play, with what the board looked like.
    cases += _playout_bonus_cases()
    return cases


def _construct(
    cells: set[Cell], hole: Cell, kind: str | None, *, seed: int
) -> list[Placement] | None:
    for attempt in range(8):
        try:
            return position_construct(
                random.Random(seed * 100 + attempt), cells=cells, hole=hole, bonus=kind
            )
        except SearchFailed:
            continue
    return None


def _placements_case(
    name: str,
    placements: Sequence[Placement],
    *,
    seed: int,
    tags: Sequence[str] = (),
    **expect: Any,
) -> Case:
    tray, well = challenge_for([p.tile.id for p in placements], seed)
    moves = log_lazy(placements, tray=tray, well=well)
    extra = list(tags)
    if any(p.cell.row < 0 or p.cell.col < 0 for p in placements):
        extra.append("geometry:negative")
    return replay_case(name, tray=tray, well=well, log={"moves": moves}, tags=extra, **expect)


def _hole_cases() -> list[Case]:
    """Holes closed from three sides, built around the hole: with the cell across
    each of ``open`` corners left empty, that corner's hexagon cannot close."""
    cases = []
    for index, hole in enumerate(_HOLES[:5]):
        for open_corners, kind in (
            ((0, 1, 2), "bridge"),
            ((0, 2), "hexagon"),
            ((1,), "double_hexagon"),
        ):
            if kind != "bridge" and index >= 3:
                continue
            opposite = {hole_opposite_cell(hole, corner) for corner in open_corners}
            cells = hole_ring_cells(hole, (0, 1, 2)) - opposite
            placements = None
            for attempt in range(4):
                try:
                    placements = position_construct(
                        random.Random(7000 + 10 * index + attempt),
                        budget=1_500,
                        cells=cells,
                        hole=hole,
                        bonus=kind,
                        avoid=opposite,
                    )
                    break
                except SearchFailed:
                    continue
            if placements is None:
                continue
            board = Board.from_placements(placements[:-1])
            if board_edge_count(board, hole) != 3:
                raise VectorError(f"hole {hole} is not closed from three sides")
            cases.append(
                _placements_case(
                    f"bonus/hole_three_sides/{kind}/{hole.row},{hole.col}",
                    placements,
                    seed=7000 + index,
                    tags=["geometry:hole_three_sides"],
                    bonus=kind,
                )
            )
    if not any(case["expect"]["moves"][-1]["bonus"] == "bridge" for case in cases):
        raise VectorError("no hole closed from three sides earning a bridge")
    return cases


def _point_forced_cases() -> list[Case]:
    """A corner whose number comes only from a tile meeting the cell at that point:
    the right number is accepted, another one refused."""
    cases: list[Case] = []
    for seed in range(60):
        if len(cases) >= 8:
            break
        played = [p for p, _ in playout(random.Random(8000 + seed), length=12, compact=0.0)]
        board = Board.from_placements(played)
        spots = _point_only_cells(board)
        if not spots:
            continue
        cell, corner = spots[0]
        demands = board.corner_demands(cell)
        candidates = _all_tiles_except(played)
        right = [p for p in board.legal_placements(candidates) if p.cell == cell]
        wrong = [
            Placement(tile, cell, rotation)
            for tile in candidates
            for rotation in (0, 1, 2)
            if tile.corner_numbers(rotation)[corner] != demands[corner]
            and all(
                demands[k] is None or demands[k] == tile.corner_numbers(rotation)[k]
                for k in range(3)
                if k != corner
            )
        ]
        name = f"geometry/point_forced/{seed}"
        tags = ["geometry:point_forced"]
        if right:
            cases.append(
                _placed_case(f"{name}/right_number", played, right[0], seed, tags, valid=True)
            )
        if wrong:
            cases.append(
                _placed_case(
                    f"{name}/wrong_number", played, wrong[0], seed, tags, code="corner_mismatch"
                )
            )
    if not cases:
        raise VectorError("no point-forced number found")
    return cases


def _placed_case(
    name: str,
    played: Sequence[Placement],
    final: Placement,
    seed: int,
    tags: Sequence[str],
    **expect: Any,
) -> Case:
    tray, well = challenge_for([p.tile.id for p in [*played, final]], seed)
    moves = log_lazy([*played, final], tray=tray, well=well)
    if expect.get("code"):
        expect["move"] = len(moves) - 1
    return replay_case(name, tray=tray, well=well, log={"moves": moves}, tags=tags, **expect)


def _playout_bonus_cases() -> list[Case]:
    cases = []
    wanted = {"bridge": 6, "hexagon": 6, "double_hexagon": 2}
    for seed in range(300):
        if not any(wanted.values()):
            break
        played = playout(random.Random(seed + 9000), length=40, compact=0.8)
        for step, (_, outcome) in enumerate(played):
            kind = outcome.bonus
            if kind is not None and wanted.get(kind, 0) > 0:
                wanted[kind] -= 1
                prefix = [p for p, _ in played[: step + 1]]
                cases.append(
                    _placements_case(
                        f"bonus/playout/{kind}/{seed}_{step}", prefix, seed=seed, bonus=kind
                    )
                )
                break
    return cases


# --- the rulebooks' worked examples, laid as challenge placements --------------------------

_RULEBOOK: tuple[tuple[str, Sequence[str], int, str | None], ...] = (
    # (name, placements, points of the last, bonus of the last)
    ("opening_4-4-4_scores_12_in_a_challenge", ["4-4-4@0,0r0"], 12, None),
    ("opening_0-0-0_scores_0_in_a_challenge", ["0-0-0@0,0r1"], 0, None),
    ("opening_3-4-5_scores_12", ["3-4-5@0,0r0"], 12, None),
    ("opening_3-3-3_scores_9_in_a_challenge", ["3-3-3@0,0r2"], 9, None),
    ("play_3-4-4_worth_11", ["3-4-5@0,0r0", "3-4-4@0,1r2"], 11, None),
    ("play_5-5-2_worth_12", ["3-5-5@0,0r0", "2-5-5@1,0r0"], 12, None),
    ("play_4-4-1_worth_9_after_4-4-4", ["4-4-4@0,0r0", "1-4-4@0,1r1"], 9, None),
    ("play_1-4-3_worth_8", ["4-4-4@0,0r0", "1-4-4@0,1r1", "1-3-4@0,2r0"], 8, None),
    (
        "bridge_5-1-1_worth_47",
        [
            "1-1-1@0,0r0",
            "1-1-4@1,0r2",
            "1-2-4@1,1r0",
            "1-2-2@1,2r2",
            "0-2-2@1,3r2",
            "0-2-3@1,4r0",
            "2-2-3@0,4r1",
            "2-2-5@0,3r1",
            "1-1-5@0,1r0",
        ],
        47,
        "bridge",
    ),
    (
        "bridge_4-4-1_two_sides_worth_49",
        [
            "1-1-1@0,0r1",
            "1-1-4@1,0r2",
            "0-1-4@1,-1r1",
            "0-0-4@2,-1r0",
            "0-4-5@2,0r1",
            "0-0-5@3,0r0",
            "0-5-5@3,1r1",
            "4-5-5@3,2r1",
            "4-4-5@2,2r0",
            "2-4-4@2,3r1",
            "2-2-4@1,3r0",
            "1-2-4@1,2r2",
            "1-4-4@1,1r0",
        ],
        49,
        "bridge",
    ),
    (
        "hexagon_0-5-5_worth_60",
        ["0-0-0@0,0r0", "0-0-2@0,1r0", "0-2-2@0,2r1", "0-0-5@1,0r2", "0-2-5@1,2r2", "0-5-5@1,1r0"],
        60,
        "hexagon",
    ),
)


def rulebook_cases() -> list[Case]:
    cases = []
    for index, (name, texts, points, kind) in enumerate(_RULEBOOK):
        placements = [placement_parse(text) for text in texts]
        case = _placements_case(
            f"rulebook/{name}", placements, seed=800 + index, tags=["rulebook"], valid=True
        )
        last = case["expect"]["moves"][-1]
        if (last["points"], last["bonus"]) != (points, kind):
            raise VectorError(f"rulebook/{name}: the last move scored {last}, not {points} {kind}")
        cases.append(case)
    return cases


# --- long runs: the clear bonus, 90+ moves, the ends of the well and of the board ----------


def long_cases() -> list[Case]:
    cases = []
    for seed in range(24):
        placements = playout_full(random.Random(1000 + seed))
        tray, well = challenge_seeded(1000 + seed)
        if seed % 3 == 0:
            # Draw the whole well first, then place all 56 tiles.
            moves = [move_draw(100 * k) for k in range(47)]
            moves += log_lazy(placements, tray=TILE_IDS, well=[], start=5_000, step=1_000)
        else:
            moves = log_lazy(placements, tray=tray, well=well, step=1_100 if seed % 2 else 1_000)
        name = f"long/clear/{seed}"
        cases.append(
            replay_case(name, tray=tray, well=well, log={"moves": moves}, valid=True, clear=True)
        )
        if seed < 6:
            after: list[tuple[str, Move, str]] = [
                ("draw", {"t": moves[-1]["t"], "type": "draw"}, "run_over"),
                ("place", {**moves[-1]}, "run_over"),
                ("unknown_tile", {**moves[-1], "tile": "7-7-7"}, "run_over"),
                ("earlier_t", {"t": moves[-1]["t"] - 1, "type": "draw"}, "time_not_monotonic"),
                ("late_t", {"t": 120_001, "type": "draw"}, "time_over"),
                ("malformed", {"t": moves[-1]["t"], "type": "draw?"}, "malformed"),
            ]
            kind, extra, code = after[seed]
            cases.append(
                replay_case(
                    f"long/after_clear/{kind}",
                    tray=tray,
                    well=well,
                    log={"moves": [*moves, extra]},
                    code=code,
                    move=103,
                    tags=["precedence"] if code != "run_over" else [],
                )
            )
        if 18 <= seed < 24:
            # After the clear, any move is refused, however it would have fared.
            late = moves[-1]["t"] + 5
            extra = [
                {"t": late, "type": "draw"},
                {
                    "t": late,
                    "type": "place",
                    "tile": moves[-1]["tile"],
                    "cell": [99, 99],
                    "rotation": 5,
                },
                {"t": 120_000, "type": "place", "tile": "0-0-0", "cell": [0, 0], "rotation": 0},
            ][seed % 3]
            cases.append(
                replay_case(
                    f"long/after_clear/{seed}",
                    tray=tray,
                    well=well,
                    log={"moves": [*moves, extra]},
                    code="run_over",
                    move=103,
                )
            )
        if 6 <= seed < 12:
            # The same run cut short by the clock: max_t below its last move.
            cut = moves[90 + seed]["t"]
            cases.append(
                replay_case(
                    f"long/clear_cut_by_max_t/{seed}",
                    tray=tray,
                    well=well,
                    log={"moves": moves},
                    max_t=cut,
                    code="time_over",
                )
            )
        if 12 <= seed < 18:
            # One wrong move late in the run.
            index = 95 + seed % 6
            bad = dict(moves[index])
            if bad["type"] == "place":
                bad["rotation"] = (bad["rotation"] + 1) % 3
            else:
                bad = {
                    "t": bad["t"],
                    "type": "place",
                    "tile": "0-0-0",
                    "cell": [0, 0],
                    "rotation": 0,
                }
            cases.append(
                replay_case(
                    f"long/late_error/{seed}",
                    tray=tray,
                    well=well,
                    log={"moves": [*moves[:index], bad]},
                )
            )
    # 90+ moves without clearing the board: all draws and most of the tiles.
    for seed in range(8):
        placements = playout_full(random.Random(2000 + seed))
        keep = 43 + seed
        tray, well = challenge_seeded(2000 + seed)
        moves = log_lazy(placements[:keep], tray=tray, well=well, step=900)
        drawn = sum(1 for move in moves if move["type"] == "draw")
        moves += [move_draw(moves[-1]["t"] + 10 * (k + 1)) for k in range(47 - drawn)]
        cases.append(
            replay_case(
                f"long/no_clear/{seed}",
                tray=tray,
                well=well,
                log={"moves": moves},
                valid=True,
                clear=False,
            )
        )
    return cases


# --- seeded random runs ----------------------------------------------------------------------


def random_cases(seeds: range) -> list[Case]:
    return [_random_case(seed) for seed in seeds]


def _random_case(seed: int) -> Case:
    rng = random.Random(seed)
    tray, well = challenge_seeded(seed)
    board = Board()
    hand = [tile_parse(tile) for tile in tray]
    next_draw = 0
    moves: list[Move] = []
    t = rng.randrange(0, 3000)
    length = rng.choice((1, 3, 8, 15, 25, 40, 60, 80))
    draw_rate = rng.choice((0.0, 0.1, 0.3, 0.6))
    while len(moves) < length:
        t += rng.choice((0, 1, 250, 800, 1500))
        legal = board.legal_placements(hand)
        if next_draw < len(well) and (not legal or rng.random() < draw_rate):
            hand.append(tile_parse(well[next_draw]))
            next_draw += 1
            moves.append(move_draw(min(t, 120_000)))
            continue
        if not legal:
            break
        choice = rng.choice(legal)
        board.push(choice)
        hand.remove(choice.tile)
        moves.append(move_place(min(t, 120_000), choice))
    tail = rng.random()
    if tail < 0.5:
        # A random placement that may or may not be legal.
        cells = board.frontier() + [p.cell for p in board.placements[-2:]]
        cell = rng.choice(cells) if cells else Cell(0, 0)
        if rng.random() < 0.3:
            cell = Cell(cell.row + rng.choice((-2, 2)), cell.col + rng.choice((-3, 3)))
        pool = [tile.id for tile in hand] if rng.random() < 0.8 else list(TILE_IDS)
        moves.append(
            {
                "t": min(t + 100, 120_000),
                "type": "place",
                "tile": rng.choice(pool) if pool else "0-0-0",
                "cell": [cell.row, cell.col],
                "rotation": rng.randrange(3),
            }
        )
    max_t = None
    if rng.random() < 0.1 and moves:
        max_t = moves[len(moves) // 2]["t"] + rng.choice((0, 1, 5000))
    return replay_case(
        f"random/{seed}", tray=tray, well=well, log={"moves": moves}, max_t=max_t, tags=["random"]
    )
