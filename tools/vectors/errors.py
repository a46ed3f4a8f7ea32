"""Replay vectors for every error code: bad logs and challenges, the clock, tiles, the
board and the first move; the well and moves breaking several rules come from
``well_and_precedence``, malformed moves from ``malformed``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tools.vectors.cases import (
    Case,
    Move,
    SeededRun,
    VectorError,
    challenge_for,
    challenge_seeded,
    log_lazy,
    move_draw,
    move_place,
    replay_case,
    tiles_except,
)
from tools.vectors.search import point_contact_cells
from tools.vectors.well_and_precedence import precedence_cases, well_cases
from triominos.board import Board
from triominos.geometry import STRIDE, Cell
from triominos.moves import Placement
from triominos.tiles import TILE_IDS, Tile, tile_parse

__all__ = ["error_cases"]


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


# --- errors ----------------------------------------------------------------------------


def error_cases() -> list[Case]:
    cases: list[Case] = []
    cases += _log_and_challenge_cases()
    cases += _time_cases()
    for seed in (101, 102, 103):
        cases += _tile_cases(seed)
        cases += _board_cases(seed)
    cases += _first_move_cases()
    cases += well_cases()
    cases += precedence_cases()
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
    run = SeededRun(201, 5)
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
    run = SeededRun(seed, 6 + seed % 5)
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
    run = SeededRun(seed, 10 + seed % 7)
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
    # Cells beyond the packed columns that pack to a legal cell ([r, c] and
    # [r - 1, c + STRIDE] share row * STRIDE + col): refused as far away, never played
    # at the cell they alias.
    for alias in run.legal()[:1]:
        row, col = alias.cell
        for shifted in ((row - 1, col + STRIDE), (row + 1, col - STRIDE)):
            cases.append(
                run.case(
                    f"not_adjacent/{seed}/alias_{shifted[0]},{shifted[1]}",
                    run.place(alias.tile.id, list(shifted), alias.rotation),
                    code="not_adjacent",
                    tags=["geometry:alias", "geometry:far"],
                )
            )
    point_only = point_contact_cells(run.board)
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
    candidates = tiles_except(run.placements)
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


def _with_tile(run: SeededRun, seed: int, placement: Placement, name: str, **expect: Any) -> Case:
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
    # [0, 2049] packs like [1, 0], where the second tile would fit: refused as far away.
    first, second, rotation = _pair_fitting_below(tray)
    for row, col in ((1, 0), (0, STRIDE), (2, -STRIDE)):
        aliased = (row, col) != (1, 0)
        cases.append(
            replay_case(
                f"{'not_adjacent' if aliased else 'valid'}/second_tile_at_{row},{col}",
                tray=tray,
                well=well,
                log={
                    "moves": [
                        {"t": 0, "type": "place", "tile": first, "cell": [0, 0], "rotation": 0},
                        {
                            "t": 1000,
                            "type": "place",
                            "tile": second,
                            "cell": [row, col],
                            "rotation": rotation,
                        },
                    ]
                },
                tags=["geometry:alias", "geometry:far"] if aliased else [],
                code="not_adjacent" if aliased else None,
                valid=not aliased,
                move=1 if aliased else -1,
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


def _pair_fitting_below(tray: Sequence[str]) -> tuple[str, str, int]:
    """Two tiles of ``tray`` and a rotation: the second legal at [1, 0] beside the
    first at [0, 0], rotation 0."""
    for first in tray:
        board = Board.from_placements([Placement(tile_parse(first), Cell(0, 0), 0)])
        for placement in board.legal_placements(tile_parse(tile) for tile in tray):
            if placement.cell == Cell(1, 0) and placement.tile.id != first:
                return first, placement.tile.id, placement.rotation
    raise VectorError(f"no two tiles of {tray} fit one above the other")
