"""The game as the rest of the project sees it: the engine's numbers, tiles and verdicts.

The faces (API, pages, commands) never import the engine (``triominos``); what
they need of the game they ask here, so the engine can change behind one door. The
numbers come from the engine's Ruleset and nowhere else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Sized
from dataclasses import dataclass
from datetime import datetime, timedelta

from triominos import (
    BONUSES,
    DEFAULT_RULESET,
    RULES_VERSION,
    TILE_IDS,
    TURNS,
    Cell,
    ChallengeReplay,
    Form,
    PlacementOrder,
    PlacementSeen,
    PlayerRecord,
    ReplayError,
    ReplayPosition,
    ReplayResult,
    ReviewReason,
    ReviewThresholds,
    Ruleset,
    RunFeatures,
    SolverResult,
    TimingFeatures,
    TimingThresholds,
    TrustThresholds,
    analysis_biggest_misses,
    analysis_run,
    approval_waives,
    cell_corners,
    deal_shuffle,
    eligibility_check,
    form_of,
    form_reasons,
    guarded,
    last_placement_of,
    log_moves,
    move_trimmed,
    moves_sequence,
    pace_fingerprint,
    paces_linked,
    placement_turned,
    placements_seen,
    placements_shared,
    replay_challenge,
    review_reasons,
    ruleset_of,
    run_features,
    solver_solve,
    tile_parse,
    timing_distance,
    timing_features,
    timing_reasons,
    top_size,
    trusted,
)
from triominos.classic import (
    CLASSIC_ERROR_CODES,
    STRENGTHS,
    ClassicError,
    Strength,
    action_json,
    action_parse,
    classic_replay,
    computers_play,
)
from triominos.classic import ClassicGame as ClassicPlay
from triominos.classic.events import Drew, HandCounted, Passed, Placed
from triominos.classic.events import RoundEnded as ClassicRoundEnded
from triominos.puzzles import (
    DAILY_PLAN,
    GRADES,
    MAX_JOKERS,
    SERIES_KEYS,
    GeneratedPuzzle,
    Piece,
    Puzzle,
    PuzzleError,
    SeriesEntry,
    daily_generate,
    grade_of,
    puzzle_check,
    puzzle_measures,
    series_order,
    series_puzzle,
)

__all__ = [
    "BONUSES",
    "CLASSIC_ERROR_CODES",
    "CLASSIC_STRENGTHS",
    "PUZZLE_DAILY_GRADES",
    "PUZZLE_GRADES",
    "PUZZLE_MAX_JOKERS",
    "PUZZLE_SERIES_KEYS",
    "PUZZLE_SERIES_LENGTH",
    "RULESET",
    "RULES_VERSION",
    "RUN_SPAN",
    "TILE_IDS",
    "TURNS",
    "ChallengeReplay",
    "ClassicError",
    "ClassicMatch",
    "ClassicPointsEvent",
    "ClassicRoundEnded",
    "Form",
    "PlacedTile",
    "PlacementOrder",
    "PlacementSeen",
    "PlayerRecord",
    "PuzzleFillRefused",
    "PuzzleGraded",
    "PuzzleMade",
    "ReplayError",
    "ReplayPosition",
    "ReplayResult",
    "ReviewReason",
    "ReviewThresholds",
    "Ruleset",
    "RunFeatures",
    "SolverResult",
    "TimingFeatures",
    "TimingThresholds",
    "TrustThresholds",
    "approval_waives",
    "classic_action_apply",
    "classic_computers_play",
    "classic_match_replay",
    "deal_shuffle",
    "eligibility_check",
    "form_of",
    "form_reasons",
    "guarded",
    "last_placement_of",
    "log_analysis",
    "log_features",
    "log_moves",
    "log_placed_tiles",
    "log_placements_seen",
    "log_replay",
    "log_timing",
    "move_trimmed",
    "moves_sequence",
    "pace_fingerprint",
    "paces_linked",
    "par_solve",
    "placement_turned",
    "placements_shared",
    "puzzle_daily_make",
    "puzzle_fill_check",
    "puzzle_grade",
    "puzzle_series_make",
    "puzzle_series_order",
    "puzzle_time_floor_ms",
    "review_reasons",
    "rules_version_current",
    "ruleset_of",
    "run_clock_reach_ms",
    "tile_numbers",
    "timing_distance",
    "timing_reasons",
    "top_size",
    "trusted",
]

RULESET: Ruleset = DEFAULT_RULESET
"""Every number of the game: tray size, time limit, grace, bonuses, moves at most."""
RUN_SPAN = timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms)
"""A run's time and the grace after it: how long after its start its finish is taken."""


def tile_numbers(tile_id: str) -> tuple[int, int, int]:
    """The corner numbers of ``tile_id`` ("a-b-c"); ValueError for a non-tile."""
    tile = tile_parse(tile_id)
    return tile.a, tile.b, tile.c


def log_replay(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    max_t: int | None = None,
    rules_version: int = RULES_VERSION,
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
    return replay_challenge(
        tray=list(tray), well=list(well), log=log, max_t=max_t, ruleset=ruleset_of(rules_version)
    )


def run_clock_reach_ms(*, started_at: datetime, at: datetime) -> int:
    """How late a move of a run may claim to be when it reaches the server at ``at``:
    the time since the server started the run, plus the clock slack, within the limit."""
    elapsed_ms = max(0, int((at - started_at) / timedelta(milliseconds=1)))
    return min(RULESET.time_limit_ms, elapsed_ms + RULESET.clock_slack_ms)


def par_solve(*, tray: Sequence[str], well: Sequence[str], max_nodes: int) -> SolverResult:
    """The solver's best run of the challenge in ``max_nodes`` (docs/solver.md): its
    score is the par, its log a human-paced run that replays through the normal path."""
    return solver_solve(tray=list(tray), well=list(well), max_nodes=max_nodes)


def log_analysis(
    *, tray: Sequence[str], well: Sequence[str], log: object, rules_version: int = RULES_VERSION
) -> dict[str, object]:
    """The analysis of a valid run as JSON: every move beside the best move of its
    position (``moves``, in order, each with ``missed`` and its ``text``), the points
    missed in all, and ``misses``: the indices of the moves that missed points, the
    biggest miss first. ValueError for a log that is not a valid run."""
    analysis = analysis_run(
        tray=list(tray), well=list(well), log=log, ruleset=ruleset_of(rules_version)
    )
    return {
        "score": analysis.score,
        "points_missed": analysis.points_missed,
        "moves": [move.to_json() for move in analysis.moves],
        "misses": [move.index for move in analysis_biggest_misses(analysis)],
    }


def log_features(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    rules_version: int = RULES_VERSION,
    points: Sequence[int] | None = None,
    seen: Sequence[PlacementSeen] | None = None,
) -> RunFeatures:
    """What the review of runs measures of a valid run (triominos/review.py); ``points``:
    each move's points as the witness kept them, which spare a replay; ``seen``: the
    run's ``log_placements_seen``, which spares the walk."""
    return run_features(
        tray=list(tray),
        well=list(well),
        log=log,
        ruleset=ruleset_of(rules_version),
        points=points,
        seen=seen,
    )


def log_timing(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    rules_version: int = RULES_VERSION,
    seen: Sequence[PlacementSeen] | None = None,
) -> TimingFeatures:
    """What a valid run's witnessed times say (triominos/timing.py): the tray read, the
    think times, their spread, and their rank correlation with the options offered;
    ``seen``: the run's ``log_placements_seen``, which spares the walk."""
    return timing_features(
        tray=list(tray), well=list(well), log=log, ruleset=ruleset_of(rules_version), seen=seen
    )


def log_placements_seen(
    *, tray: Sequence[str], well: Sequence[str], log: object, rules_version: int = RULES_VERSION
) -> list[PlacementSeen]:
    """Each placement of a witnessed, valid run with what its position offered: one walk
    for the review and the timing measure (triominos/placement_walk.py)."""
    assert isinstance(log, dict)
    return placements_seen(
        tray=tray, well=well, moves=log["moves"], ruleset=ruleset_of(rules_version)
    )


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


# --- puzzles (docs/puzzles.md) ------------------------------------------------------

PUZZLE_SERIES_KEYS: tuple[str, ...] = SERIES_KEYS
"""The puzzles of the series by key, in the order they are made."""
PUZZLE_SERIES_LENGTH = len(SERIES_KEYS)
PUZZLE_MAX_JOKERS = MAX_JOKERS
PUZZLE_GRADES: tuple[str, ...] = GRADES
"""Every grade of a puzzle, easiest first."""
PUZZLE_DAILY_GRADES: tuple[str, ...] = tuple(plan.grade for plan in DAILY_PLAN)
"""The puzzle of the day's grade, Monday to Sunday."""


@dataclass(frozen=True)
class PuzzleGraded:
    """What makes a puzzle hard for a person (docs/puzzles.md, "Grades"), and its grade."""

    solutions: int
    forced: int
    decoys: int
    grade: str


@dataclass(frozen=True)
class PuzzleMade:
    """A new puzzle as a row stores it: JSON-ready cells, tray and the solution it was
    built from, with its measures and its grade."""

    cells: list[list[int]]
    tray: list[str]
    solution: list[dict[str, object]]
    graded: PuzzleGraded


class PuzzleFillRefused(ValueError):
    """A filling the rules refuse: ``code`` of docs/puzzles.md, the ``index`` of the
    piece that broke it, and an English ``detail``."""

    def __init__(self, code: str, index: int, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.index = index
        self.detail = detail


def _made(generated: GeneratedPuzzle) -> PuzzleMade:
    data = generated.puzzle.to_json()
    measures = generated.measures
    return PuzzleMade(
        cells=data["cells"],  # type: ignore[arg-type]
        tray=data["tray"],  # type: ignore[arg-type]
        solution=[piece.to_json() for piece in generated.solution],
        graded=PuzzleGraded(measures.solutions, measures.forced, measures.decoys, generated.grade),
    )


def puzzle_series_make(key: str) -> PuzzleMade:
    """The series' puzzle ``key`` (the same every time it is made)."""
    return _made(series_puzzle(key))


def puzzle_daily_make(*, weekday: int, seed: str) -> PuzzleMade:
    """A puzzle of the day for ``weekday`` (0 = Monday) from ``seed``."""
    return _made(daily_generate(weekday, seed))


def puzzle_grade(*, cells: object, tray: object, solution: object, solutions: int) -> PuzzleGraded:
    """The measures and grade of a stored puzzle, from its stored solution and its
    counted fillings (no search: cheap enough for every stored row)."""
    puzzle = Puzzle.from_json({"cells": cells, "tray": tray})
    pieces = [piece for piece in puzzle_check(puzzle, solution).pieces if isinstance(piece, Piece)]
    measures = puzzle_measures(puzzle, pieces, solutions)
    return PuzzleGraded(solutions, measures.forced, measures.decoys, grade_of(measures))


def puzzle_series_order(entries: list[tuple[str, str, int]]) -> list[str]:
    """The series' order of stored puzzles given as (key, grade, size): easy first,
    then by size (docs/puzzles.md)."""
    return series_order(SeriesEntry(*entry) for entry in entries)


def puzzle_time_floor_ms(*, cells: Sized) -> int:
    """The least time in which a person fills a puzzle: one piece a cell, each placed at
    least the ruleset's pace floor after the one before (the first, after the puzzle
    shows), the pace every placement of a run keeps to be eligible (RULES.md)."""
    return len(cells) * RULESET.pace_floor_ms


def puzzle_fill_check(*, cells: object, tray: object, pieces: object) -> int:
    """The stars of ``pieces`` filling the stored puzzle (``cells``, ``tray``); raises
    :class:`PuzzleFillRefused` with the first rule broken."""
    puzzle = Puzzle.from_json({"cells": cells, "tray": tray})
    try:
        return puzzle_check(puzzle, pieces).stars
    except PuzzleError as error:
        raise PuzzleFillRefused(error.code, error.index, error.detail) from None


# --- the classic game (triominos/classic) ----------------------------------------------

CLASSIC_STRENGTHS: tuple[str, ...] = STRENGTHS
"""The computers' strengths, weakest first."""

ClassicMatch = ClassicPlay
ClassicPointsEvent = (Placed, Drew, Passed, HandCounted, ClassicRoundEnded)
"""The events that add points to a player's score."""
"""The engine's classic game, rebuilt from a row's seed, rounds and log."""


def rules_version_current() -> int:
    """The version new challenges and classic games are made under: the models' default,
    a callable so that a new version needs no migration."""
    return RULES_VERSION


def classic_match_replay(
    *,
    players: int,
    seed: str,
    rounds: int | None,
    log: list[object],
    rules_version: int = RULES_VERSION,
) -> ClassicPlay:
    """The game a stored log makes, by the rules it was started under (the log was
    checked action by action as it grew)."""
    return classic_replay(
        players=players, seed=seed, rounds=rounds, log=log, ruleset=ruleset_of(rules_version)
    )


def classic_computers_play(
    match: ClassicPlay, *, computers: dict[int, str], seed: str
) -> list[dict[str, object]]:
    """Play the computers' turns (seat -> strength) until a person is to move or the
    game is over; the actions taken, as log entries."""
    strengths = {seat: _strength(name) for seat, name in computers.items()}
    taken = computers_play(match, computers=strengths, seed=seed)
    return [action_json(seat, action) for seat, action in taken]


def _strength(name: str) -> Strength:
    for strength in STRENGTHS:
        if strength == name:
            return strength
    raise ValueError(f"no strength {name!r}")


def classic_action_apply(match: ClassicPlay, entry: dict[str, object]) -> None:
    """Take the log entry's action (ValueError: malformed; ClassicError: refused)."""
    seat, action = action_parse(entry)
    match.apply(action, player=seat)
