"""Replay vectors for the bonuses (bridges, one to three hexagons, holes closed from
three sides, numbers forced at a point) and the rulebooks' worked examples."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tools.vectors.cases import (
    Case,
    VectorError,
    challenge_for,
    log_lazy,
    placements_case,
    replay_case,
    tiles_except,
)
from tools.vectors.search import (
    SearchFailed,
    board_edge_count,
    hole_opposite_cell,
    hole_ring_cells,
    playout,
    position_construct,
)
from triominos.board import Board
from triominos.geometry import Cell, cell_corners, cell_neighbours, point_cells
from triominos.moves import Placement, placement_parse
from triominos.rulebook import BRIDGE_47, BRIDGE_49, HEXAGON_60

__all__ = ["bonus_cases", "rulebook_cases"]


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
            cases.append(placements_case(name, placements, seed=made, bonus=kind))
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
                placements_case(
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
        candidates = tiles_except(played)
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
                    placements_case(
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
    ("bridge_5-1-1_worth_47", BRIDGE_47, 47, "bridge"),
    ("bridge_4-4-1_two_sides_worth_49", BRIDGE_49, 49, "bridge"),
    ("hexagon_0-5-5_worth_60", HEXAGON_60, 60, "hexagon"),
)


def rulebook_cases() -> list[Case]:
    cases = []
    for index, (name, texts, points, kind) in enumerate(_RULEBOOK):
        placements = [placement_parse(text) for text in texts]
        case = placements_case(
            f"rulebook/{name}", placements, seed=800 + index, tags=["rulebook"], valid=True
        )
        last = case["expect"]["moves"][-1]
        if (last["points"], last["bonus"]) != (points, kind):
            raise VectorError(f"rulebook/{name}: the last move scored {last}, not {points} {kind}")
        cases.append(case)
    return cases
