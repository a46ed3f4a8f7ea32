"""The Tri-Ominos rules engine: the one authority on every score (pure Python).

Plays exactly the game of RULES.md; the browser's ``static/challenges/rules/`` mirrors
it, held to it by the golden vectors in ``tests/vectors/``. Nothing here imports Django.

Vocabulary: small immutable values, each with a canonical text form and a matched
parse/format pair (``parse(format(x)) == x``; any other spelling is a ValueError):

- :class:`Tile` ``"3-4-5"`` (``.a .b .c .id .value .index .is_triple``,
  ``.corner_numbers(rotation)``); :data:`TILES` and :data:`TILE_IDS` (all 56, sorted);
  :func:`tile_parse`, :func:`tile_format`;
- :class:`Cell` ``[row, col]`` ``"0,-1"`` (``.points_up``) and :class:`Point` ``(row, x)``
  ``"2,1"``; :func:`cell_corners` (corner 0, 1, 2 clockwise from the apex),
  :func:`cell_neighbours`, :func:`point_cells` (the six cells around a point),
  :func:`cell_points_up`, :data:`ORIGIN`; ``cell_parse``/``cell_format``,
  ``point_parse``/``point_format``;
- :class:`Placement` ``(tile, cell, rotation)`` ``"3-4-5@0,-1r2"``;
  :class:`Move` ``(t, tile | None, row, col, rotation)`` (``.placement``, ``.is_draw``;
  made by ``Move.place(t, placement)`` and ``Move.draw(t)``)
  ``"1830:place:3-4-5@0,0r0"`` / ``"4210:draw"``, with ``to_json()`` and
  :func:`move_from_json` for the run-log form (:func:`moves_from_json` for a log's moves,
  as :data:`MoveFields`, the plain tuple the checked loop takes), and :func:`log_from_moves`;
- :class:`MoveOutcome` ``(points, bonus)``, the bonus names :data:`BONUSES`, and the
  :class:`Ruleset` holding every value of both games (:data:`DEFAULT_RULESET`).

Play: :class:`Board`. ``check(placement) -> PlacementError | None`` and ``play(placement)
-> MoveOutcome`` (raises :class:`PlacementError` with ``.code``/``.detail``; ``play_at(tile,
row, col, rotation)`` is the same with a :class:`Move`'s fields) follow RULES.md's order
of codes; ``push``/``pop`` are the unchecked fast path for search;
``legal_placements(tiles)`` lists every legal placement from the frontier, sorted by
(row, col, tile, rotation); ``frontier()``, ``number_at(point)``, ``tile_at(cell)``,
``tiles_around(point)``, ``corner_demands(cell)`` read the position.

The classic game (2-6 players, rounds to 400): :class:`ClassicGame`, its actions
:class:`Draw` and :class:`Pass` beside a :class:`Placement`, refusals as
:class:`ClassicError`.

A run: :class:`ChallengeRun` (tray, well, board, clock, score) plays every move by one
path: ``play_log(raws)`` parses each (:func:`moves_from_json`), checks it and applies it
through the board's checked ``play_at``, in one loop (``play_moves(moves)`` for typed
moves; ``play_move(raw)`` and ``play(move)`` for one); a refusal is a
:class:`MoveError` (``.code``/``.detail``, the first rule of RULES.md's table broken).

Replay: :func:`replay_challenge` ``(*, tray, well, log, max_t=None) ->`` :class:`ReplayResult`
(valid prefix with a :class:`MoveOutcome` per move, score, first :class:`ReplayError`);
it never raises, whatever the log. :class:`ChallengeReplay` is the same replay taken in
batches, resumable from its :class:`ReplayPosition` (the server's moves while playing).

Eligibility: :func:`eligibility_check` ``(*, moves, arrivals)`` answers the first
:class:`Ineligibility` (``not_witnessed``, ``too_fast``) of a valid run, or None (in
batches: the new moves, after :func:`last_placement_of` the moves before them);
:func:`move_trimmed` is a move as stored, :func:`moves_sequence` a log without times.
:data:`ERROR_CODES` lists the codes in RULES.md's order of precedence, then ``bad_log``
and ``bad_challenge``.

Solver: :func:`solver_solve` (a beam search under a node budget, returning a human-paced
run log as a :class:`SolverResult`) and :func:`solver_greedy`. Analysis:
:func:`analysis_run` gives, for every move of a run, the best move of its position
(:class:`MoveAnalysis`); :func:`analysis_biggest_misses` lists the biggest misses first.
Review: :func:`run_features` measures a run against the solver (:class:`RunFeatures`)
and :func:`review_reasons` says why a person should look at it (:class:`ReviewThresholds`).

The classic 2-6 player game lives in :mod:`triominos.classic`.
"""

from triominos.analysis import (
    MoveAnalysis,
    RunAnalysis,
    analysis_biggest_misses,
    analysis_run,
    best_placement,
)
from triominos.board import Board
from triominos.classic import ClassicError, ClassicGame, Draw, Pass
from triominos.deal import Deal, deal_shuffle
from triominos.errors import (
    BOARD_ERROR_CODES,
    ERROR_CODES,
    MOVE_ERROR_CODES,
    ErrorCode,
    MoveError,
    PlacementError,
)
from triominos.geometry import (
    ORIGIN,
    Cell,
    Point,
    cell_corners,
    cell_format,
    cell_neighbours,
    cell_parse,
    cell_points_up,
    point_cells,
    point_format,
    point_parse,
)
from triominos.moves import (
    Move,
    MoveFields,
    Placement,
    log_from_moves,
    move_format,
    move_from_json,
    move_parse,
    moves_from_json,
    placement_format,
    placement_parse,
)
from triominos.placement_walk import PlacementSeen, placements_seen
from triominos.replay import (
    ChallengeReplay,
    ReplayError,
    ReplayPosition,
    ReplayResult,
    log_moves,
    replay_challenge,
)
from triominos.review import (
    REVIEW_REASONS,
    ReviewReason,
    ReviewThresholds,
    RunFeatures,
    review_reasons,
    run_features,
)
from triominos.ruleset import (
    BONUSES,
    DEFAULT_RULESET,
    RULES_VERSION,
    RULESETS,
    Ruleset,
    ruleset_of,
)
from triominos.run import ChallengeRun
from triominos.scoring import Bonus, MoveOutcome
from triominos.solver import Pace, SolverResult, solver_greedy, solver_solve
from triominos.tiles import TILE_IDS, TILES, Tile, tile_format, tile_parse
from triominos.timing import (
    TIMING_REASONS,
    TimingFeatures,
    TimingReason,
    TimingThresholds,
    timing_distance,
    timing_features,
    timing_reasons,
)
from triominos.trust import (
    FORM_REASONS,
    TURNS,
    Form,
    FormReason,
    PlacementOrder,
    PlayerRecord,
    TrustThresholds,
    approval_waives,
    form_of,
    form_reasons,
    guarded,
    pace_fingerprint,
    paces_linked,
    placement_turned,
    placements_shared,
    top_size,
    trusted,
)
from triominos.witness import (
    INELIGIBLE_CODES,
    Ineligibility,
    IneligibleCode,
    eligibility_check,
    last_placement_of,
    move_trimmed,
    moves_sequence,
)

__all__ = [
    "BOARD_ERROR_CODES",
    "BONUSES",
    "DEFAULT_RULESET",
    "ERROR_CODES",
    "FORM_REASONS",
    "INELIGIBLE_CODES",
    "MOVE_ERROR_CODES",
    "ORIGIN",
    "REVIEW_REASONS",
    "RULESETS",
    "RULES_VERSION",
    "TILES",
    "TILE_IDS",
    "TIMING_REASONS",
    "TURNS",
    "Board",
    "Bonus",
    "Cell",
    "ChallengeReplay",
    "ChallengeRun",
    "ClassicError",
    "ClassicGame",
    "Deal",
    "Draw",
    "ErrorCode",
    "Form",
    "FormReason",
    "Ineligibility",
    "IneligibleCode",
    "Move",
    "MoveAnalysis",
    "MoveError",
    "MoveFields",
    "MoveOutcome",
    "Pace",
    "Pass",
    "Placement",
    "PlacementError",
    "PlacementOrder",
    "PlacementSeen",
    "PlayerRecord",
    "Point",
    "ReplayError",
    "ReplayPosition",
    "ReplayResult",
    "ReviewReason",
    "ReviewThresholds",
    "Ruleset",
    "RunAnalysis",
    "RunFeatures",
    "SolverResult",
    "Tile",
    "TimingFeatures",
    "TimingReason",
    "TimingThresholds",
    "TrustThresholds",
    "analysis_biggest_misses",
    "analysis_run",
    "approval_waives",
    "best_placement",
    "cell_corners",
    "cell_format",
    "cell_neighbours",
    "cell_parse",
    "cell_points_up",
    "deal_shuffle",
    "eligibility_check",
    "form_of",
    "form_reasons",
    "guarded",
    "last_placement_of",
    "log_from_moves",
    "log_moves",
    "move_format",
    "move_from_json",
    "move_parse",
    "move_trimmed",
    "moves_from_json",
    "moves_sequence",
    "pace_fingerprint",
    "paces_linked",
    "placement_format",
    "placement_parse",
    "placement_turned",
    "placements_seen",
    "placements_shared",
    "point_cells",
    "point_format",
    "point_parse",
    "replay_challenge",
    "review_reasons",
    "ruleset_of",
    "run_features",
    "solver_greedy",
    "solver_solve",
    "tile_format",
    "tile_parse",
    "timing_distance",
    "timing_features",
    "timing_reasons",
    "top_size",
    "trusted",
]
