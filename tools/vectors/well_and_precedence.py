"""Replay vectors of the well (all 47 draws, the 48th refused whatever else it breaks)
and of moves breaking several rules at once (the first code of RULES.md's table wins)."""

from __future__ import annotations

import random

from tools.vectors.cases import (
    Case,
    Move,
    SeededRun,
    challenge_for,
    challenge_seeded,
    log_lazy,
    move_draw,
    move_place,
    replay_case,
)
from tools.vectors.search import playout_full, point_contact_cells
from triominos.moves import placement_parse
from triominos.tiles import tile_parse

__all__ = ["precedence_cases", "well_cases"]


def well_cases() -> list[Case]:
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
    # The well is empty, and the 48th draw breaks an earlier rule of the table too.
    for name, extra, code in (
        ("earlier_t", move_draw(5_000), "time_not_monotonic"),
        ("late_t", move_draw(120_001), "time_over"),
        ("bad_shape", {"t": 9_000.5, "type": "draw"}, "malformed"),
    ):
        cases.append(
            replay_case(
                f"well_empty/and_{name}",
                tray=tray,
                well=well,
                log={"moves": [*draws, extra]},
                code=code,
                move=47,
                tags=["precedence"],
            )
        )
    # A long, legal run that drew everything, then one draw too many.
    placements = playout_full(random.Random(402))[:40]
    tray, well = challenge_for([p.tile.id for p in placements], 402)
    moves = log_lazy(placements, tray=tray, well=well, step=1_000)
    drawn = sum(1 for move in moves if move["type"] == "draw")
    moves += [move_draw(moves[-1]["t"] + 10 * (k + 1)) for k in range(47 - drawn + 1)]
    cases.append(
        replay_case(
            "well_empty/after_a_long_run",
            tray=tray,
            well=well,
            log={"moves": moves},
            code="well_empty",
            move=len(moves) - 1,
        )
    )
    return cases


def precedence_cases() -> list[Case]:
    """Moves breaking several rules: the first code of the RULES.md table wins."""
    run = SeededRun(501, 8)
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
    for cell in point_contact_cells(run.board):
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
