"""Assembles the golden vector files (see ``vectors.py`` for the command)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tools.vectors.bonuses import bonus_cases, rulebook_cases
from tools.vectors.classic import classic_cases
from tools.vectors.errors import error_cases
from tools.vectors.geometry import geometry_cases
from tools.vectors.malformed import malformed_cases
from tools.vectors.puzzles import puzzle_cases
from tools.vectors.runs import long_cases, random_cases
from tools.vectors.search import playout, playout_full
from tools.vectors.witness import witness_cases
from triominos.board import Board
from triominos.tiles import TILES

__all__ = ["VectorFile", "legal_move_cases", "vectors_build"]


@dataclass(frozen=True, slots=True)
class VectorFile:
    name: str
    description: str
    cases: tuple[dict[str, Any], ...]


def legal_move_cases() -> list[dict[str, Any]]:
    """Positions from seeded playouts (and from full boards, near the end), each with a
    tray of tiles not on the board; every legal placement listed, like perft."""
    cases = []
    sizes = (0, 1, 2, 3, 5, 8, 12, 16, 20, 25, 30, 35, 40, 45, 50, 53)
    for index, size in enumerate(sizes * 9):
        rng = random.Random(3000 + index)
        if size > 40:
            placements = playout_full(rng)[:size]
        else:
            placements = [p for p, _ in playout(rng, length=size, compact=rng.random())]
        board = Board.from_placements(placements)
        left = [tile for tile in TILES if tile not in board.tiles]
        tray_size = rng.choice((1, 3, 7, 9)) if index % 8 else len(left)
        tray = sorted(rng.sample(left, min(tray_size, len(left))), key=lambda tile: tile.index)
        legal = board.legal_placements(tray)
        cases.append(
            {
                "name": f"legal/{index:03d}_board_{len(placements)}_tray_{len(tray)}",
                "tags": sorted(
                    {"legal_moves"}
                    | ({"empty_board"} if not placements else set())
                    | ({"whole_rest_of_the_set"} if len(tray) == len(left) else set())
                    | ({"triple_in_tray"} if any(tile.is_triple for tile in tray) else set())
                    | (
                        {"geometry:negative"}
                        if any(p.cell.row < 0 or p.cell.col < 0 for p in placements)
                        else set()
                    )
                ),
                "board": [placement.to_json() for placement in placements],
                "tray": [tile.id for tile in tray],
                "expect": {
                    "count": len(legal),
                    "placements": [
                        [p.tile.id, [p.cell.row, p.cell.col], p.rotation] for p in legal
                    ],
                },
            }
        )
    return cases


def vectors_build() -> list[VectorFile]:
    """Every vector file, in a fixed order, with its cases in a fixed order."""
    files = [
        VectorFile(
            "geometry.json",
            "Cells, corners, points, neighbours, rotations and tile ids.",
            tuple(geometry_cases()),
        ),
        VectorFile(
            "legal_moves.json",
            "Every legal placement of a tray against fixed positions (like perft).",
            tuple(legal_move_cases()),
        ),
        VectorFile(
            "puzzles.json",
            "Puzzles and the pieces sent to fill them: solved with 0-2 jokers, partial, "
            "and every refusal of docs/puzzles.md, one rule broken at a time.",
            tuple(puzzle_cases()),
        ),
        VectorFile(
            "replay_errors.json",
            "Every error code of RULES.md, bad logs and challenges, times and max_t, "
            "and moves breaking several rules (precedence).",
            tuple(error_cases()),
        ),
        VectorFile(
            "replay_malformed.json",
            "Moves of the wrong shape: booleans, floats, strings, nulls, missing keys, "
            "extra nesting; and shapes that are fine.",
            tuple(malformed_cases()),
        ),
        VectorFile(
            "replay_bonuses.json",
            "Bridges, hexagons, double and triple hexagons, holes closed from three "
            "sides, near the origin and at negative coordinates.",
            tuple(bonus_cases()),
        ),
        VectorFile(
            "replay_rulebook.json",
            "The worked examples of the printed rulebooks, laid as challenge placements.",
            tuple(rulebook_cases()),
        ),
        VectorFile(
            "replay_long.json",
            "Runs of 90 to 104 moves: cleared boards (+25), what comes after, late errors.",
            tuple(long_cases()),
        ),
        VectorFile(
            "replay_random_1.json",
            "Seeded random runs, some ending in a random (maybe illegal) placement.",
            tuple(random_cases(range(0, 200))),
        ),
        VectorFile(
            "replay_random_2.json",
            "Seeded random runs, some ending in a random (maybe illegal) placement.",
            tuple(random_cases(range(200, 400))),
        ),
        VectorFile(
            "classic.json",
            "Classic games between seeded computer players: the openings, draws and "
            "passes, a blocked round, going out, one-round games for 2-4, a game to 400.",
            tuple(classic_cases()),
        ),
    ]
    replays = [case for vector_file in files for case in vector_file.cases]
    files.append(
        VectorFile(
            "witness.json",
            "Eligibility (the pace and the window), the sequence of a log, and the review "
            "of runs, each at its thresholds.",
            tuple(witness_cases(replays)),
        )
    )
    names: set[str] = set()
    for vector_file in files:
        for case in vector_file.cases:
            if case["name"] in names:
                raise ValueError(f"duplicate vector name {case['name']!r}")
            names.add(case["name"])
    return files
