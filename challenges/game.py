"""The game as the rest of the project sees it: the engine's numbers, tiles and verdicts.

The faces (API, pages, commands) never import the engine (``challenges.rules``); what
they need of the game they ask here, so the engine can change behind one door. The
numbers come from the engine's Ruleset and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from challenges.rules import DEFAULT_RULESET, ReplayResult, Ruleset, replay_challenge, tile_parse

if TYPE_CHECKING:
    from challenges.models import Run

__all__ = [
    "RULESET",
    "ReplayResult",
    "log_replay",
    "run_clock_reach_ms",
    "run_replay",
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


def run_replay(*, run: Run) -> ReplayResult:
    """A stored run replayed exactly as its finish was: same tiles, log and clock."""
    at = run.finished_at or run.started_at
    return log_replay(
        tray=run.challenge.tray,
        well=run.challenge.well,
        log=run.log,
        max_t=run_clock_reach_ms(started_at=run.started_at, at=at),
    )
