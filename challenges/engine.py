"""The game as the rest of the project sees it: the engine's numbers, tiles and verdicts.

The faces (API, pages, commands) never import the engine (``triominos``); what
they need of the game they ask here, so the engine can change behind one door. The
numbers come from the engine's Ruleset and nowhere else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from triominos import (
    DEFAULT_RULESET,
    Cell,
    ChallengeReplay,
    ReplayError,
    ReplayPosition,
    ReplayResult,
    ReviewReason,
    ReviewThresholds,
    Ruleset,
    RunFeatures,
    SolverResult,
    analysis_biggest_misses,
    analysis_run,
    cell_corners,
    deal_shuffle,
    eligibility_check,
    last_placement_of,
    log_moves,
    move_trimmed,
    moves_sequence,
    replay_challenge,
    review_reasons,
    run_features,
    solver_solve,
    tile_parse,
)

__all__ = [
    "RULESET",
    "ChallengeReplay",
    "PlacedTile",
    "ReplayError",
    "ReplayPosition",
    "ReplayResult",
    "ReviewReason",
    "ReviewThresholds",
    "RunFeatures",
    "SolverResult",
    "deal_shuffle",
    "eligibility_check",
    "last_placement_of",
    "log_analysis",
    "log_features",
    "log_moves",
    "log_placed_tiles",
    "log_replay",
    "move_trimmed",
    "moves_sequence",
    "par_solve",
    "review_reasons",
    "run_clock_reach_ms",
    "tile_numbers",
]

RULESET: Ruleset = DEFAULT_RULESET
"""Every number of the game: tray size, time limit, grace, bonuses, moves at most."""


def tile_numbers(tile_id: str) -> tuple[int, int, int]:
    """The corner numbers of ``tile_id`` ("a-b-c"); ValueError for a non-tile."""
    tile = tile_parse(tile_id)
    return tile.a, tile.b, tile.c


def log_replay(
    *, tray: Sequence[str], well: Sequence[str], log: object, max_t: int | None = None
) -> ReplayResult:
    """The engine's verdict on ``log``: the valid prefix, the score and the first error.

    Only the first ``run_moves_max + 1`` moves are replayed: move 104 of any log is bad
    (nothing is left to place or draw), so they give the whole answer, and a client
    cannot make the server replay a million moves.
    """
    if isinstance(log, dict) and isinstance(log.get("moves"), list):
        moves = log["moves"]
        if len(moves) > RULESET.run_moves_max + 1:
            log = {**log, "moves": moves[: RULESET.run_moves_max + 1]}
    return replay_challenge(tray=list(tray), well=list(well), log=log, max_t=max_t)


def run_clock_reach_ms(*, started_at: datetime, at: datetime) -> int:
    """How late a move of a run may claim to be when it reaches the server at ``at``:
    the time since the server started the run, plus the clock slack, within the limit."""
    elapsed_ms = max(0, int((at - started_at) / timedelta(milliseconds=1)))
    return min(RULESET.time_limit_ms, elapsed_ms + RULESET.clock_slack_ms)


def par_solve(*, tray: Sequence[str], well: Sequence[str], max_nodes: int) -> SolverResult:
    """The solver's best run of the challenge in ``max_nodes`` (docs/solver.md): its
    score is the par, its log a human-paced run that replays through the normal path."""
    return solver_solve(tray=list(tray), well=list(well), max_nodes=max_nodes)


def log_analysis(*, tray: Sequence[str], well: Sequence[str], log: object) -> dict[str, object]:
    """The analysis of a valid run as JSON: every move beside the best move of its
    position (``moves``, in order, each with ``missed`` and its ``text``), the points
    missed in all, and ``misses``: the indices of the moves that missed points, the
    biggest miss first. ValueError for a log that is not a valid run."""
    analysis = analysis_run(tray=list(tray), well=list(well), log=log)
    return {
        "score": analysis.score,
        "points_missed": analysis.points_missed,
        "moves": [move.to_json() for move in analysis.moves],
        "misses": [move.index for move in analysis_biggest_misses(analysis)],
    }


def log_features(*, tray: Sequence[str], well: Sequence[str], log: object) -> RunFeatures:
    """What the review of runs measures of a valid run (rules/review.py)."""
    return run_features(tray=list(tray), well=list(well), log=log)


# A row of the triangular grid is this high, for tiles of side 1.
_ROW_HEIGHT = math.sqrt(3) / 2


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the board as a picture needs it: its triangle's three corners (x, y, in
    tile sides, y down, corner 0 first) and the number each corner shows."""

    corners: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
    numbers: tuple[int, int, int]


def log_placed_tiles(*, log: object, valid_moves: int) -> tuple[PlacedTile, ...]:
    """The tiles the first ``valid_moves`` moves of ``log`` (a stored, trimmed run log)
    laid on the board, in the order they went down."""
    moves = log.get("moves") if isinstance(log, dict) else None
    placed: list[PlacedTile] = []
    for move in (moves if isinstance(moves, list) else [])[:valid_moves]:
        if not isinstance(move, dict) or move.get("type") != "place":
            continue
        row, col = move["cell"]
        points = cell_corners(Cell(row, col))
        corners = tuple((x / 2, r * _ROW_HEIGHT) for r, x in points)
        numbers = tile_parse(move["tile"]).corner_numbers(move["rotation"])
        placed.append(PlacedTile(corners=corners, numbers=numbers))  # type: ignore[arg-type]
    return tuple(placed)
