"""Replay vectors for long runs (the clear bonus, 90+ moves, what follows a clear) and
seeded random runs."""

from __future__ import annotations

import random

from tools.vectors.cases import (
    Case,
    Move,
    VectorError,
    challenge_seeded,
    log_lazy,
    move_draw,
    move_place,
    replay_case,
)
from tools.vectors.search import playout_full
from triominos.board import Board
from triominos.geometry import Cell, cell_neighbours
from triominos.moves import Placement
from triominos.tiles import TILE_IDS, tile_parse

__all__ = ["long_cases", "random_cases"]


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
    cases += _clear_with_a_bonus_cases()
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


def _clear_with_a_bonus_cases() -> list[Case]:
    """Full boards replayed in another legal order, so that the last tile fills the
    cell whose filling earns the most (a hexagon or better): clear bonus and
    placement bonus on one move."""
    cases = []
    for seed in range(6):
        placements = playout_full(random.Random(4000 + seed))
        reordered = _last_tile_best(placements)
        if reordered is None:
            continue
        tray, well = challenge_seeded(4000 + seed)
        moves = log_lazy(reordered, tray=tray, well=well, step=1_000)
        cases.append(
            replay_case(
                f"long/clear_ending_in_a_bonus/{seed}",
                tray=tray,
                well=well,
                log={"moves": moves},
                valid=True,
                clear=True,
            )
        )
    if not any(case["expect"]["moves"][-1]["bonus"] for case in cases):
        raise VectorError("no clear run ends in a bonus")
    return cases


def _last_tile_best(placements: list[Placement]) -> list[Placement] | None:
    """``placements`` (a full board) reordered, breadth-first from [0, 0], so that the
    tile whose cell closes the most hexagons comes last; None when no tile earns a
    bonus as the last one."""
    by_cell = {placement.cell: placement for placement in placements}
    best: tuple[int, list[Placement]] | None = None
    for last in placements[1:]:
        order = _breadth_first(by_cell, skip=last.cell)
        if len(order) != len(placements) - 1:
            continue  # the board falls apart without this tile
        board = Board()
        for placement in order:
            board.push(placement)
        points = board.outcome(last).points - last.tile.value
        if points and (best is None or points > best[0]):
            best = (points, [*order, last])
    return None if best is None else best[1]


def _breadth_first(by_cell: dict[Cell, Placement], *, skip: Cell) -> list[Placement]:
    order = [by_cell[Cell(0, 0)]]
    seen = {Cell(0, 0), skip}
    index = 0
    while index < len(order):
        for neighbour in cell_neighbours(order[index].cell):
            if neighbour in by_cell and neighbour not in seen:
                seen.add(neighbour)
                order.append(by_cell[neighbour])
        index += 1
    return order


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
