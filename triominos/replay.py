"""Replaying a challenge run: a log in, the valid prefix with its score and the first
error out. Whatever the log is (any JSON value at all), the replay answers with a
:class:`ReplayResult`; it never raises.

The replay is one call of :meth:`ChallengeRun.play_log`, the loop of every move
(parse, check, apply: see :mod:`triominos.run`), so a move breaking several
rules gets the first code of RULES.md's table that applies: ``malformed``,
``time_over``, ``time_not_monotonic``, ``run_over``, ``well_empty``, ``unknown_tile``,
``tile_not_in_tray``, ``bad_rotation``, then the board's ``cell_occupied``,
``first_not_at_origin``, ``not_adjacent`` and ``corner_mismatch``. Before any move,
``bad_challenge`` refuses a tray and well that are not 9 + 47 distinct tiles making up
the 56, and ``bad_log`` refuses a log that is not an object with a list ``moves``; both
have ``move`` None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from triominos.errors import ErrorCode, MoveError, shown
from triominos.moves import describe
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.run import ChallengeRun, ReplayPosition
from triominos.run_refusals import NotAChallenge, ReplayError
from triominos.scoring import MoveOutcome

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
    try:
        replay = ChallengeReplay(tray=tray, well=well, ruleset=ruleset)
    except NotAChallenge as refused:
        return ReplayResult.refused("bad_challenge", refused.problem)
    if max_t is not None and type(max_t) is not int:
        return ReplayResult.refused(
            "bad_challenge", f"max_t must be an integer or None, not {shown(max_t)}"
        )
    moves = log_moves(log)
    if isinstance(moves, ReplayError):
        return ReplayResult.refused(moves.code, moves.detail)
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


class ChallengeReplay:
    """A replay that takes a run's moves in batches, as they arrive, and can stop after
    any batch and go on later from its :meth:`position`.

    After the first bad move the replay is over: :attr:`error` holds it, and
    :meth:`extend` takes nothing more.
    """

    __slots__ = ("error", "run")

    def __init__(
        self,
        *,
        tray: Sequence[str],
        well: Sequence[str],
        ruleset: Ruleset = DEFAULT_RULESET,
        position: ReplayPosition | None = None,
    ) -> None:
        self.run = ChallengeRun(tray=tray, well=well, ruleset=ruleset, position=position)
        self.error: ReplayError | None = None

    def __len__(self) -> int:
        """How many moves the replay has taken (the valid ones)."""
        return len(self.run.outcomes)

    @property
    def score(self) -> int:
        return self.run.score

    @property
    def last_t(self) -> int:
        return self.run.last_t

    @property
    def outcomes(self) -> tuple[MoveOutcome, ...]:
        return tuple(self.run.outcomes)

    def position(self) -> ReplayPosition:
        return self.run.position()

    def result(self) -> ReplayResult:
        run = self.run
        placed = len(run.board)
        return ReplayResult(
            valid=self.error is None,
            score=run.score,
            moves=tuple(run.outcomes),
            error=self.error,
            tiles_placed=placed,
            draws=run.draws,
            board_cleared=run.cleared,
        )

    def extend(self, moves: Sequence[Any], *, max_t: int | None = None) -> ReplayError | None:
        """Play ``moves`` (raw JSON moves of the log) after those already taken; return
        the first bad one's error (also kept in :attr:`error`), or None.

        ``max_t`` is as for :func:`replay_challenge`: how far the server's clock had got
        when these moves arrived.
        """
        if self.error is None:
            try:
                self.run.play_log(moves, max_t)
            except MoveError as refused:
                self.error = ReplayError(len(self), refused.code, refused.detail)
        return self.error
