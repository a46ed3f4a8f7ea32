"""A solver for the daily challenge: the best run it finds, as a human-paced run log.

A beam search over positions after the same number of moves. A state is a board (its
own copy), the tray, how far the well has been drawn, the score and the clock. Every
state expands into each legal placement of its tray (scored by ``Board.outcome``,
without playing it) and into a draw; the children are ranked by their score (a
tray's potential was tried as a bonus to the rank and did worse, see docs/solver.md),
states reaching the same board with the same draws are merged, and the ``beam_width`` best
are played (``Board.push``, unchecked: they come from ``legal_placements``). A run may
stop after any move, so the answer is the best-scoring state ever kept.

A wider beam is not always better (it keeps different states, not more of the same),
so the search runs the greedy player, then beams of ``beam_width``, twice that, four
times..., while the budget lasts, and answers the best run of them all.

The clock is counted: each move costs the gap of :class:`Pace` (a seeded human
rhythm, the same for every search of a deal) and no move goes past the time limit.
The log returned replays through ``replay_challenge`` to exactly the reported score.

The budget is ``max_nodes``, the children evaluated: deterministic, whatever the
machine. ``seconds`` is reported for the benchmark, never used to decide.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from triominos.analysis import best_placement
from triominos.board import Board
from triominos.moves import Move, Placement, log_from_moves
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.tiles import Tile, tile_parse

__all__ = [
    "DEFAULT_BEAM_WIDTH",
    "DEFAULT_MAX_NODES",
    "Pace",
    "SolverResult",
    "solver_greedy",
    "solver_solve",
]

DEFAULT_BEAM_WIDTH = 50
"""The first beam's width; each further beam is twice as wide."""
DEFAULT_MAX_NODES = 360_000
"""About 7 s of one core of the development machine, never 10 (see docs/solver.md)."""


@dataclass(frozen=True, slots=True)
class Pace:
    """The rhythm of the solver's runs: a first look at the tray, then a gap before each
    move drawn uniformly (from ``seed``) in ``[base, base + jitter]`` by its kind.

    Defaults: a strong, quick player. 1.5-2.5 s to read the tray, 1.0-1.4 s per
    placement (find the spot, drag, drop), 0.6-0.9 s per draw (one click on the well).
    """

    first_ms: int = 1_500
    first_jitter_ms: int = 1_000
    place_ms: int = 1_000
    place_jitter_ms: int = 400
    draw_ms: int = 600
    draw_jitter_ms: int = 300
    seed: int = 0

    def gaps(self, moves: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(place_gaps, draw_gaps)``: the gap before move ``i`` if it is a placement,
        and if it is a draw (move 0's gap is the first look)."""
        rng = random.Random(self.seed)
        first = self.first_ms + rng.randint(0, self.first_jitter_ms)
        place = [first] + [
            self.place_ms + rng.randint(0, self.place_jitter_ms) for _ in range(moves - 1)
        ]
        draw = [first] + [
            self.draw_ms + rng.randint(0, self.draw_jitter_ms) for _ in range(moves - 1)
        ]
        return tuple(place), tuple(draw)


@dataclass(frozen=True, slots=True)
class SolverResult:
    """The best run found: its score, its moves (paced), and what the search cost."""

    score: int
    moves: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def log(self) -> dict[str, object]:
        """The run log, as a client sends it."""
        return log_from_moves(self.moves)

    @property
    def placements(self) -> int:
        return sum(1 for move in self.moves if move.placement is not None)


@dataclass(slots=True)
class _State:
    board: Board
    tray: tuple[Tile, ...]
    drawn: int
    score: int
    clock: int
    path: _Path | None
    key: int


@dataclass(frozen=True, slots=True)
class _Path:
    """The moves of a state, shared with its ancestors (a linked list, newest first)."""

    parent: _Path | None
    placement: Placement | None
    t: int


def _placement_key(placement: Placement) -> int:
    """A deterministic 61-bit mix of one placement (Python's ``hash`` of a string is
    salted per process, so states are merged on this instead)."""
    tile, (row, col), rotation = placement
    value = ((tile.index * 3 + rotation) * 4099 + row + 2048) * 4099 + col + 2048
    value = (value * 0x9E3779B97F4A7C15) & 0x1FFFFFFFFFFFFFFF
    return value ^ (value >> 29)


def solver_solve(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    max_nodes: int = DEFAULT_MAX_NODES,
    beam_width: int = DEFAULT_BEAM_WIDTH,
    pace: Pace = Pace(),
    ruleset: Ruleset = DEFAULT_RULESET,
) -> SolverResult:
    """The best run found in ``max_nodes`` evaluated children: the greedy run, then
    beams of ``beam_width``, twice that, four times... while the budget lasts (a wider
    beam is not always better, so each is kept only if it beats the best so far).

    Deterministic for given arguments. A beam stops before a step that would take the
    search past ``max_nodes``, so it never evaluates more (the greedy run excepted: at
    most one node per move)."""
    if max_nodes < 1 or beam_width < 1:
        raise ValueError("max_nodes and beam_width must be at least 1")
    _pace_check(pace, ruleset)
    started = time.perf_counter()
    best = solver_greedy(tray=tray, well=well, pace=pace, ruleset=ruleset)
    nodes = best.nodes
    width = beam_width
    while nodes < max_nodes:
        score, moves, used, finished = _beam(tray, well, max_nodes - nodes, width, pace, ruleset)
        nodes += used
        if score > best.score:
            best = SolverResult(score, moves, 0, 0.0)
        if not finished:
            break
        width *= 2
    return SolverResult(best.score, best.moves, nodes, time.perf_counter() - started)


def _beam(
    tray: Sequence[str],
    well: Sequence[str],
    max_nodes: int,
    beam_width: int,
    pace: Pace,
    ruleset: Ruleset,
) -> tuple[int, tuple[Move, ...], int, bool]:
    """One beam search: ``(score, moves, nodes, finished)``; ``finished`` is False when
    the budget stopped it before the runs ended."""
    wells = tuple(tile_parse(tile_id) for tile_id in well)
    place_gaps, draw_gaps = pace.gaps(ruleset.run_moves_max)
    limit = ruleset.time_limit_ms
    full = ruleset.tile_count
    root = _State(Board(ruleset), tuple(tile_parse(t) for t in tray), 0, 0, 0, None, 0)
    best = root
    beam = [root]
    nodes = 0
    for depth in range(ruleset.run_moves_max):
        candidates: list[tuple[int, int, int, Placement | None, int]] = []
        # (-score, order, state index, placement or None for a draw, points)
        order = 0
        for index, state in enumerate(beam):
            board = state.board
            if len(board) == full:
                continue
            if state.clock + place_gaps[depth] <= limit:
                completes = len(board) == full - 1
                for placement in board.legal_placements(state.tray):
                    points = board.outcome(placement).points
                    if completes:
                        points += ruleset.clear_bonus
                    candidates.append((-(state.score + points), order, index, placement, points))
                    order += 1
            if state.drawn < len(wells) and state.clock + draw_gaps[depth] <= limit:
                rank = state.score + ruleset.draw_points
                candidates.append((-rank, order, index, None, ruleset.draw_points))
                order += 1
        if not candidates:
            break
        if nodes + len(candidates) > max_nodes:
            return best.score, _moves_of(best.path), nodes, False
        nodes += len(candidates)
        candidates.sort()
        beam = _next_beam(beam, candidates, beam_width, wells, place_gaps[depth], draw_gaps[depth])
        for state in beam:
            if state.score > best.score:
                best = state
    return best.score, _moves_of(best.path), nodes, True


def _next_beam(
    beam: list[_State],
    candidates: list[tuple[int, int, int, Placement | None, int]],
    width: int,
    wells: tuple[Tile, ...],
    place_gap: int,
    draw_gap: int,
) -> list[_State]:
    """Play the best ``width`` candidates, merging those that reach a state already
    kept (same tiles on the same cells, same number of draws: the same position)."""
    kept: list[_State] = []
    seen: set[int] = set()
    for _, _, index, placement, points in candidates:
        parent = beam[index]
        if placement is None:
            key = parent.key ^ (0x5DEECE66D * (parent.drawn + 1))
            if key in seen:
                continue
            t = parent.clock + draw_gap
            tray = (*parent.tray, wells[parent.drawn])
            path = _Path(parent.path, None, t)
            child = _State(
                parent.board, tray, parent.drawn + 1, parent.score + points, t, path, key
            )
        else:
            key = parent.key ^ _placement_key(placement)
            if key in seen:
                continue
            t = parent.clock + place_gap
            board = parent.board.copy()
            board.push(placement)
            tray = tuple(tile for tile in parent.tray if tile != placement.tile)
            path = _Path(parent.path, placement, t)
            child = _State(board, tray, parent.drawn, parent.score + points, t, path, key)
        seen.add(key)
        kept.append(child)
        if len(kept) == width:
            break
    return kept


def _pace_check(pace: Pace, ruleset: Ruleset) -> None:
    """A pace whose placements could come closer than the pace floor would make runs no
    leaderboard takes: refused (ValueError)."""
    gaps = (pace.first_ms, pace.first_jitter_ms, pace.place_jitter_ms)
    if min(*gaps, pace.draw_ms, pace.draw_jitter_ms) < 0:
        raise ValueError("a pace's gaps cannot be negative")
    if pace.place_ms < ruleset.pace_floor_ms:
        raise ValueError(
            f"placements {pace.place_ms} ms apart are under the pace floor "
            f"({ruleset.pace_floor_ms} ms)"
        )


def _moves_of(path: _Path | None) -> tuple[Move, ...]:
    moves: list[Move] = []
    while path is not None:
        placement = path.placement
        moves.append(Move.draw(path.t) if placement is None else Move.place(path.t, placement))
        path = path.parent
    return tuple(reversed(moves))


def solver_greedy(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    pace: Pace = Pace(),
    ruleset: Ruleset = DEFAULT_RULESET,
) -> SolverResult:
    """The greedy player, the solver's baseline: the best immediate points every move
    (first in the engine's order among equals), a draw only when nothing fits, on the
    same clock as the solver. Its score is the best point of its run (it stops there)."""
    _pace_check(pace, ruleset)
    started = time.perf_counter()
    place_gaps, draw_gaps = pace.gaps(ruleset.run_moves_max)
    board = Board(ruleset)
    hand = [tile_parse(tile_id) for tile_id in tray]
    wells = [tile_parse(tile_id) for tile_id in well]
    moves: list[Move] = []
    score = best_score = best_length = clock = nodes = 0
    for depth in range(ruleset.run_moves_max):
        best = best_placement(board, hand, ruleset=ruleset)
        nodes += 1
        if best is not None and clock + place_gaps[depth] <= ruleset.time_limit_ms:
            placement, outcome = best
            clock += place_gaps[depth]
            board.push(placement)
            hand.remove(placement.tile)
            moves.append(Move.place(clock, placement))
            score += outcome.points
        elif best is None and wells and clock + draw_gaps[depth] <= ruleset.time_limit_ms:
            clock += draw_gaps[depth]
            hand.append(wells.pop(0))
            moves.append(Move.draw(clock))
            score += ruleset.draw_points
        else:
            break
        if score > best_score:
            best_score, best_length = score, len(moves)
    seconds = time.perf_counter() - started
    return SolverResult(best_score, tuple(moves[:best_length]), nodes, seconds)
