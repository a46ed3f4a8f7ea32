"""Replaying a challenge run: a log in, the valid prefix with its score and the first
error out. Whatever the log is (any JSON value at all), the replay answers with a
:class:`ReplayResult`; it never raises.

The checks follow RULES.md's table top to bottom, so a move breaking several rules
gets the first code that applies: ``malformed``, ``time_over``, ``time_not_monotonic``,
``run_over``, ``well_empty``, ``unknown_tile``, ``tile_not_in_tray``, ``bad_rotation``,
then the board's ``cell_occupied``, ``first_not_at_origin``, ``not_adjacent`` and
``corner_mismatch``. Before any move, ``bad_challenge`` refuses a tray and well that
are not 9 + 47 distinct tiles making up the 56, and ``bad_log`` refuses a log that is
not an object with a list ``moves``; both have ``move`` None.

This is the server's hot path (every finished run goes through it), so the loop reads
the JSON directly and drives the board's packed-coordinate methods; the slow work of
writing a human detail happens only once, for the move that fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from challenges.rules.board import Board
from challenges.rules.errors import ErrorCode, shown
from challenges.rules.geometry import COORD_LIMIT, STRIDE
from challenges.rules.replay_refusals import (
    INDEX_BY_ID,
    SEQUENCES,
    TILE_COUNT,
    ReplayError,
    challenge_problem,
    clock_error,
    describe,
    draw_error,
    malformed_detail,
    placement_error,
)
from challenges.rules.ruleset import DEFAULT_RULESET, Ruleset
from challenges.rules.scoring import MoveOutcome, outcome_table

__all__ = [
    "ChallengeReplay",
    "ReplayError",
    "ReplayPosition",
    "ReplayResult",
    "log_moves",
    "replay_challenge",
]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of a replay: the valid prefix of the log, scored, and the first error.

    ``score`` is the total of the valid prefix (so of the whole run when ``valid``);
    ``moves`` holds one :class:`MoveOutcome` per valid move.
    """

    valid: bool
    score: int
    moves: tuple[MoveOutcome, ...]
    error: ReplayError | None
    tiles_placed: int
    draws: int
    board_cleared: bool

    def to_json(self) -> dict[str, object]:
        """``{"valid", "score", ["error",] "moves"}``, as the API and ``manage.py replay``
        print it."""
        result: dict[str, object] = {"valid": self.valid, "score": self.score}
        if self.error is not None:
            result["error"] = self.error.to_json()
        result["moves"] = [{"points": points, "bonus": bonus} for points, bonus in self.moves]
        return result

    @classmethod
    def refused(cls, code: ErrorCode, detail: str) -> ReplayResult:
        """The result for input refused before any move is replayed (``bad_log``,
        ``bad_challenge``): nothing valid, nothing scored."""
        return cls(
            valid=False,
            score=0,
            moves=(),
            error=ReplayError(None, code, detail),
            tiles_placed=0,
            draws=0,
            board_cleared=False,
        )


def replay_challenge(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    max_t: int | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> ReplayResult:
    """Replay the run ``log`` on the challenge ``tray`` + ``well``; never raises.

    ``max_t`` lowers the time limit below ``ruleset.time_limit_ms``: the server passes
    the real time elapsed since the run started (plus slack), so no move may claim a
    time the server's clock had not reached.
    """
    problem = challenge_problem(tray, well, ruleset)
    if problem is not None:
        return ReplayResult.refused("bad_challenge", problem)
    if max_t is not None and type(max_t) is not int:
        return ReplayResult.refused(
            "bad_challenge", f"max_t must be an integer or None, not {shown(max_t)}"
        )
    moves = log_moves(log)
    if isinstance(moves, ReplayError):
        return ReplayResult.refused(moves.code, moves.detail)
    replay = ChallengeReplay(tray=tray, well=well, ruleset=ruleset)
    replay.extend(moves, max_t=max_t)
    return replay.result()


def log_moves(log: object) -> list[Any] | ReplayError:
    """The list of moves of a run log, or the ``bad_log`` error refusing it."""
    if not isinstance(log, dict):
        return ReplayError(None, "bad_log", f"a run log must be an object, not {describe(log)}")
    moves = log.get("moves")
    if not isinstance(moves, list):
        return ReplayError(
            None, "bad_log", f"a run log's 'moves' must be a list, not {describe(moves)}"
        )
    return moves


@dataclass(frozen=True, slots=True)
class ReplayPosition:
    """Where a :class:`ChallengeReplay` stands after the moves it has taken: enough to
    go on later without replaying them (the server keeps one per run between batches).

    ``cells`` are the board's packed cells (:meth:`Board.packed_cells`), ``tray`` the
    tile indices held, ``outcomes`` one ``(points, bonus)`` per move taken.
    """

    cells: tuple[tuple[int, int], ...]
    tray: tuple[int, ...]
    drawn: int
    score: int
    last_t: int
    outcomes: tuple[MoveOutcome, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "cells": [list(pair) for pair in self.cells],
            "tray": list(self.tray),
            "drawn": self.drawn,
            "score": self.score,
            "last_t": self.last_t,
            "outcomes": [list(outcome) for outcome in self.outcomes],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReplayPosition:
        """The position :meth:`to_json` wrote (a server's own record, so trusted)."""
        return cls(
            cells=tuple((packed, code) for packed, code in data["cells"]),
            tray=tuple(data["tray"]),
            drawn=data["drawn"],
            score=data["score"],
            last_t=data["last_t"],
            outcomes=tuple(MoveOutcome(points, bonus) for points, bonus in data["outcomes"]),
        )


class ChallengeReplay:
    """A replay that takes a run's moves in batches, as they arrive, and can stop after
    any batch and go on later from its :meth:`position`.

    After the first bad move the replay is over: :attr:`error` holds it, and
    :meth:`extend` takes nothing more.
    """

    __slots__ = (
        "_board",
        "_in_tray",
        "_next_draw",
        "_outcomes",
        "_well_order",
        "error",
        "last_t",
        "ruleset",
        "score",
    )

    def __init__(
        self,
        *,
        tray: Sequence[str],
        well: Sequence[str],
        ruleset: Ruleset = DEFAULT_RULESET,
        position: ReplayPosition | None = None,
    ) -> None:
        problem = challenge_problem(tray, well, ruleset)
        if problem is not None:
            raise ValueError(f"not a challenge: {problem}")
        self.ruleset = ruleset
        self._well_order = list(map(INDEX_BY_ID.__getitem__, well))
        self._in_tray = bytearray(TILE_COUNT)
        self.error: ReplayError | None = None
        if position is None:
            for tray_id in tray:
                self._in_tray[INDEX_BY_ID[tray_id]] = 1
            self._board = Board(ruleset)
            self._next_draw = 0
            self.score = 0
            self.last_t = 0
            self._outcomes: list[MoveOutcome] = []
        else:
            for tile_index in position.tray:
                self._in_tray[tile_index] = 1
            self._board = Board.from_packed_cells(position.cells, ruleset)
            self._next_draw = position.drawn
            self.score = position.score
            self.last_t = position.last_t
            self._outcomes = list(position.outcomes)

    def __len__(self) -> int:
        """How many moves the replay has taken (the valid ones)."""
        return len(self._outcomes)

    @property
    def outcomes(self) -> tuple[MoveOutcome, ...]:
        return tuple(self._outcomes)

    def position(self) -> ReplayPosition:
        in_tray = self._in_tray
        return ReplayPosition(
            cells=tuple(self._board.packed_cells()),
            tray=tuple(index for index in range(TILE_COUNT) if in_tray[index]),
            drawn=self._next_draw,
            score=self.score,
            last_t=self.last_t,
            outcomes=tuple(self._outcomes),
        )

    def result(self) -> ReplayResult:
        placed = len(self._board)
        return ReplayResult(
            valid=self.error is None,
            score=self.score,
            moves=tuple(self._outcomes),
            error=self.error,
            tiles_placed=placed,
            draws=self._next_draw,
            board_cleared=placed == TILE_COUNT,
        )

    def extend(self, moves: Sequence[Any], *, max_t: int | None = None) -> ReplayError | None:
        """Take ``moves`` (raw JSON moves of the log) after those already taken; return
        the first bad one's error (also kept in :attr:`error`), or None.

        ``max_t`` is as for :func:`replay_challenge`: how far the server's clock had got
        when these moves arrived.
        """
        if self.error is not None:
            return self.error
        ruleset = self.ruleset
        limit = ruleset.time_limit_ms if max_t is None else min(max_t, ruleset.time_limit_ms)
        board = self._board
        place = board.place_packed
        placement_outcomes = outcome_table(board.bonus_points)
        draw_points = ruleset.draw_points
        draw_outcome = MoveOutcome(draw_points, None)
        index_of = INDEX_BY_ID.get
        in_tray = self._in_tray
        well_order = self._well_order
        well_size = len(well_order)
        outcomes = self._outcomes
        append = outcomes.append
        score = self.score
        placed = len(board)
        next_draw = self._next_draw
        last_t = self.last_t
        error: ReplayError | None = None

        # Module constants as locals: this loop runs for every run the server receives.
        full = TILE_COUNT
        coord_limit = COORD_LIMIT
        stride = STRIDE
        sequences = SEQUENCES

        # Each step asks "is this move fine?" as cheaply as it can; on the first "no", a
        # helper works out which rule of the table broke first and says why. Every valid
        # move adds one outcome, so a move's index is len(outcomes).
        tile_id: object
        cell: Any  # whatever the client sent; unpacked, then its type checked
        rotation: object
        row: object
        col: object
        for raw in moves:
            try:
                t = raw["t"]
                kind = raw["type"]
            except (KeyError, TypeError):  # not an object, or no "t" or "type"
                error = ReplayError(len(outcomes), "malformed", malformed_detail(raw))
                break
            if type(t) is not int:
                error = ReplayError(len(outcomes), "malformed", malformed_detail(raw))
                break
            if kind == "draw":
                # Once all 56 tiles are down the well is empty too: run_over or well_empty.
                if not last_t <= t <= limit or next_draw == well_size:
                    error = draw_error(len(outcomes), t, last_t, limit, placed, max_t, ruleset)
                    break
                in_tray[well_order[next_draw]] = 1
                next_draw += 1
                score += draw_points
                append(draw_outcome)
                last_t = t
                continue

            try:
                tile_id = raw["tile"]
                cell = raw["cell"]
                rotation = raw["rotation"]
                row, col = cell
            except (KeyError, TypeError, ValueError):  # a field missing, or not a pair
                error = ReplayError(len(outcomes), "malformed", malformed_detail(raw))
                break
            if (
                kind != "place"
                or type(tile_id) is not str
                or type(rotation) is not int
                or type(row) is not int
                or type(col) is not int
                or type(cell) not in sequences  # a set or a dict of two would unpack too
            ):
                error = ReplayError(len(outcomes), "malformed", malformed_detail(raw))
                break
            if not last_t <= t <= limit:
                error = clock_error(len(outcomes), t, last_t, limit, placed, max_t, ruleset)
                break
            # Packed cells are unique while |col| <= COORD_LIMIT, whatever the row. Once
            # all 56 tiles are down the tray is empty, so run_over lands in the helper too.
            tile_index = index_of(tile_id)
            if (
                tile_index is None
                or not in_tray[tile_index]
                or not 0 <= rotation <= 2
                or not -coord_limit <= col <= coord_limit
            ):
                bonus_code = -1
            else:
                bonus_code = place(row * stride + col, tile_index * 3 + rotation)
                if bonus_code >= 0:
                    in_tray[tile_index] = 0
                    placed += 1
                    outcome = placement_outcomes[bonus_code][tile_index]
                    if placed == full:
                        outcome = MoveOutcome(outcome.points + ruleset.clear_bonus, outcome.bonus)
                    score += outcome[0]
                    append(outcome)
                    last_t = t
                    continue
            index = len(outcomes)
            error = clock_error(index, t, last_t, limit, placed, max_t, ruleset) or placement_error(
                index, tile_id, row, col, rotation, board, in_tray, well_order, next_draw
            )
            break

        self.score = score
        self._next_draw = next_draw
        self.last_t = last_t
        self.error = error
        return error
