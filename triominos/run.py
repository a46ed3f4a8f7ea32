"""One challenge run, move by move: the board, the tray, the well, the clock and the
score. Mirrors ``static/challenges/rules/run.js``, with the same names.

Every move of a run takes one path, in three steps:

1. **parse**: :func:`~triominos.moves.moves_from_json` makes typed
   :data:`MoveFields` (a :class:`Move`'s fields) of what the client sent, or refuses its
   shape (``malformed``) or its tile id (``unknown_tile``);
2. **check**, then 3. **apply**: :meth:`ChallengeRun.play_moves` checks the clock,
   then the well or the tray, then puts the tile down through the board's checked
   :meth:`Board.play_at` (the rotation, then the cell through ``place_packed``: the
   one place legality is decided), and scores the move.

:meth:`ChallengeRun.play_log` is steps 1 to 3 for a run log's moves (the parser's moves,
one at a time, into the checked loop), :meth:`ChallengeRun.play_move` for one of them and
:meth:`ChallengeRun.play` for one typed move. The replay of a log
(:mod:`triominos.replay`), the server's batches of moves while a run is played
and the browser's play page all go through it; the browser's hints and the solver ask
the same board which placements are legal.

A move breaking several rules gets the first code of RULES.md's table: the fast path
asks only "is this fine?", and on a "no" the slow path (``run_refusals``) works out
which rule broke first and says why, once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from triominos.board import Board
from triominos.errors import MoveError
from triominos.moves import Move, MoveFields, moves_from_json
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.run_refusals import (
    INDEX_BY_ID,
    NotAChallenge,
    challenge_problem,
    clock_refusal,
    draw_refusal,
    tray_refusal,
)
from triominos.scoring import MoveOutcome
from triominos.tiles import TILES, Tile

__all__ = ["ChallengeRun", "ReplayPosition"]


@dataclass(frozen=True, slots=True)
class ReplayPosition:
    """Where a run stands after the moves it has taken: enough to go on later without
    playing them again (the server keeps one per run between batches of moves).

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


class ChallengeRun:
    """A challenge run in progress on ``tray`` + ``well`` (tile ids), from the start or
    from a :class:`ReplayPosition`; :class:`NotAChallenge` (a ValueError) when they are
    not one.

    ``score``, ``draws``, ``last_t`` and ``outcomes`` (one :class:`MoveOutcome` per move
    taken) say where it stands; :attr:`board` is the position.
    """

    __slots__ = (
        "_clear_bonus",
        "_draw_outcome",
        "_in_tray",
        "_time_limit_ms",
        "_to_place",
        "_well",
        "board",
        "draws",
        "last_t",
        "outcomes",
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
            raise NotAChallenge(problem)
        self.ruleset = ruleset
        # The ruleset's numbers the hot path reads, one attribute away.
        self._time_limit_ms = ruleset.time_limit_ms
        self._clear_bonus = ruleset.clear_bonus
        self._draw_outcome = MoveOutcome(ruleset.draw_points, None)
        self._well = list(map(INDEX_BY_ID.__getitem__, well))
        # One flag per tile, 1 while it is in the tray: the tray's order does not matter
        # to the rules, and this answers "is it in the tray?" in one index (of a list,
        # which the interpreter indexes on its fast path, where a bytearray is not).
        self._in_tray = [0] * ruleset.tile_count
        if position is None:
            for tile_id in tray:
                self._in_tray[INDEX_BY_ID[tile_id]] = 1
            self.board = Board(ruleset)
            self.draws = 0
            self.score = 0
            self.last_t = 0
            self.outcomes: list[MoveOutcome] = []
        else:
            for tile_index in position.tray:
                self._in_tray[tile_index] = 1
            self.board = Board.from_packed_cells(position.cells, ruleset)
            self.draws = position.drawn
            self.score = position.score
            self.last_t = position.last_t
            self.outcomes = list(position.outcomes)
        # Tiles still to put down: the placement that takes it to 0 clears the board.
        self._to_place = ruleset.tile_count - len(self.board)

    @property
    def tray(self) -> tuple[Tile, ...]:
        """The tiles in the tray, by index."""
        return tuple(tile for tile in TILES if self._in_tray[tile.index])

    @property
    def well_remaining(self) -> int:
        return len(self._well) - self.draws

    @property
    def cleared(self) -> bool:
        """True once every tile is on the board (the run is over)."""
        return len(self.board) == self.ruleset.tile_count

    def position(self) -> ReplayPosition:
        in_tray = self._in_tray
        return ReplayPosition(
            cells=tuple(self.board.packed_cells()),
            tray=tuple(index for index, held in enumerate(in_tray) if held),
            drawn=self.draws,
            score=self.score,
            last_t=self.last_t,
            outcomes=tuple(self.outcomes),
        )

    def play_move(self, raw: object, max_t: int | None = None) -> MoveOutcome:
        """Parse ``raw`` (a move of a run log: any JSON value at all), check it and play
        it; return what it scored, or raise :class:`MoveError` for the first rule of
        RULES.md's table it breaks, the run unchanged.

        ``max_t`` lowers the time limit below the ruleset's: how far the server's clock
        had got when the move arrived, so no move may claim a time not yet reached.
        """
        self.play_log((raw,), max_t)
        return self.outcomes[-1]

    def play(self, move: Move, max_t: int | None = None) -> MoveOutcome:
        """Check the typed ``move`` against RULES.md, then apply it: see :meth:`play_move`."""
        self.play_moves((move,), max_t)
        return self.outcomes[-1]

    def play_log(self, raws: Sequence[object], max_t: int | None = None) -> None:
        """:meth:`play_move` for each of ``raws`` (moves of a run log) in turn: parse,
        then check and apply. The first refused one raises its :class:`MoveError`, the
        moves before it played: a replay of a log, or a batch of its moves, is one call.
        """
        played = len(self.outcomes)
        try:
            self.play_moves(moves_from_json(raws), max_t)
        except MoveError as refused:
            # Only the parser says unknown_tile, and the clock's rules come before it in
            # RULES.md's table: a move whose tile is unknown can still be too late.
            if refused.code != "unknown_tile":
                raise
            t: int = raws[len(self.outcomes) - played]["t"]  # type: ignore[index]
            limit = self._limit(max_t)
            raise self._refusal(t, self.last_t, limit, max_t, self.cleared, refused) from None

    def play_moves(self, moves: Iterable[MoveFields], max_t: int | None = None) -> None:
        """Check each typed move of ``moves`` (a :class:`Move` each, or the parser's plain
        :data:`MoveFields`) against RULES.md, then apply it, in turn:
        the clock, then the well or the tray, then the board's checked
        :meth:`Board.play_at`, then the score. The first refused one raises its
        :class:`MoveError`, the moves before it played, the run as they left it.

        Every move of a run comes through here (:meth:`play_move`, :meth:`play_log`,
        :meth:`play`).
        """
        limit = self._limit(max_t)
        # The run's state is read into locals once and written back however the loop
        # ends: the whole replay of a log is one call, and this loop its hot path.
        board_play = self.board.play_at
        in_tray = self._in_tray
        well = self._well
        well_size = len(well)
        draw_outcome = self._draw_outcome
        append = self.outcomes.append
        score = self.score
        draws = self.draws
        last_t = self.last_t
        to_place = self._to_place
        try:
            for t, tile, row, col, rotation in moves:
                if not last_t <= t <= limit:
                    raise self._refusal(t, last_t, limit, max_t, not to_place)
                # Once every tile is down the tray and the well are empty, so run_over is
                # named by the slow paths of "nothing to draw" and "not in the tray".
                if tile is None:
                    if draws == well_size:
                        raise self._refusal(t, last_t, limit, max_t, not to_place, draw_refusal())
                    in_tray[well[draws]] = 1
                    draws += 1
                    outcome = draw_outcome
                else:
                    index = tile.index
                    if not in_tray[index]:
                        refusal = tray_refusal(tile, self.board, well, draws)
                        raise self._refusal(t, last_t, limit, max_t, not to_place, refusal)
                    outcome = board_play(tile, row, col, rotation)
                    in_tray[index] = 0
                    to_place -= 1
                    if not to_place:
                        outcome = MoveOutcome(outcome[0] + self._clear_bonus, outcome[1])
                score += outcome[0]
                append(outcome)
                last_t = t
        finally:
            self.score = score
            self.draws = draws
            self.last_t = last_t
            self._to_place = to_place

    def _limit(self, max_t: int | None) -> int:
        limit = self._time_limit_ms
        return limit if max_t is None or max_t >= limit else max_t

    # --- the slow path: which rule broke first, and why -----------------------------

    def _refusal(
        self,
        t: int,
        last_t: int,
        limit: int,
        max_t: int | None,
        cleared: bool,
        otherwise: MoveError | None = None,
    ) -> MoveError:
        """The first of the clock's rules ``t`` breaks (they come first in RULES.md's
        table), else ``otherwise``: the refusal the fast path found."""
        refusal = clock_refusal(t, last_t, limit, cleared, max_t, self.ruleset) or otherwise
        assert refusal is not None, "the fast path refused a move the clock allows"
        return refusal
