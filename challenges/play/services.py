"""Writes about runs: starting one, taking its moves while it is played, finishing it,
and expiring the ones nobody finished.

The server witnesses a run (RULES.md "Leaderboard eligibility"): moves arrive in
batches while it is played, each stamped with the server's clock on arrival, and the
replay goes on from the position the previous batch left. Finish takes the rest. A
move that breaks a rule rejects the run (kept, with its reason); a run that was not
witnessed or not paced finishes as valid practice, with ``ineligible`` saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext

from challenges.engine import (
    RULESET,
    eligibility_check,
    last_placement_of,
    log_moves,
    move_trimmed,
)
from challenges.errors import (
    ChallengeNotFound,
    ChallengeNotOpen,
    MovesConflict,
    RunAlreadyFinished,
    RunClockRunning,
    RunDeadlinePassed,
    RunNotFound,
    RunsLimitReached,
    service_now,
)
from challenges.models import Run, RunFault
from challenges.play.batches import (
    log_storable,
    moves_added,
    moves_replayed,
    moves_room,
    position_stored,
)
from challenges.play.outcomes import ChallengeStanding, RunPlayed
from challenges.play.run_sql import (
    run_row_locked,
    run_row_locked_standing,
    run_row_start,
    run_row_write,
)
from challenges.play.selectors import challenge_players_changed

_RUN_FIELDS_PLAYED = [
    "finished_at",
    "log",
    "status",
    "score",
    "move_results",
    "error",
    "arrivals",
    "position",
    "ineligible",
]


def run_start(
    *, player_id: int, challenge_id: int, hard: bool = False, now: datetime | None = None
) -> Run:
    """Start a run on an open challenge; the server's clock is the run's start. The run
    returned holds its challenge (``run.challenge``, read here: its tiles are dealt).

    A player may start at most ``RUNS_PER_CHALLENGE_LIMIT`` runs of one challenge: a
    person plays a few dozen in 8 hours, a script filling the disk many thousands.

    ``hard``: the run is played in hard mode, chosen now and kept for the whole run.
    """
    now = service_now(now)
    limit: int = settings.RUNS_PER_CHALLENGE_LIMIT
    run = Run(player_id=player_id, challenge_id=challenge_id, started_at=now, hard=hard)
    # One statement: the challenge, the player's count and the insert if both allow.
    starting = run_row_start(run=run, limit=limit)
    challenge = starting.challenge
    if challenge is None:
        raise ChallengeNotFound(gettext("There is no challenge #%(id)s.") % {"id": challenge_id})
    if now < challenge.opens_at:
        raise ChallengeNotOpen(
            gettext("Challenge #%(number)s has not opened yet.") % {"number": challenge.number}
        )
    if challenge.is_closed(now):
        raise ChallengeNotOpen(
            gettext(
                "Challenge #%(number)s closed at %(time)s UTC; play the current challenge instead."
            )
            % {"number": challenge.number, "time": f"{challenge.closes_at:%Y-%m-%d %H:%M}"}
        )
    if not starting.inserted:
        raise RunsLimitReached(
            gettext(
                "You have started %(limit)s runs of challenge #%(number)s, as many as a player "
                "may; submit one of them, or play the next challenge."
            )
            % {"limit": limit, "number": challenge.number}
        )
    run.challenge = challenge
    if starting.started_before == 0:
        challenge_players_changed(challenge_id=challenge.pk)
    return run


def run_clock_start(*, run_id: UUID, player_id: int, now: datetime | None = None) -> Run:
    """Start the clock of a dealt run: the run's start becomes ``now``.

    The play page deals first and starts the clock at the player's first touch of a
    tile, so reading the tiles costs no time. Only a run that holds no move yet may,
    and only while its challenge is open: studying a deal is no advantage (every run of
    a challenge has the same one), and a run's moves are still witnessed from its start.
    A dealt run that expired while the player read is taken back into play.
    """
    now = service_now(now)
    with transaction.atomic():
        locked = run_row_locked(run_id=run_id, player_id=player_id)
        if locked is None:
            raise RunNotFound()
        if locked.held_moves or locked.arrivals:
            raise RunClockRunning()
        if locked.status not in (Run.Status.STARTED, Run.Status.EXPIRED):
            raise RunAlreadyFinished()
        if locked.challenge.is_closed(now):
            raise ChallengeNotOpen(
                gettext("Challenge #%(number)s has closed; play the current challenge instead.")
                % {"number": locked.challenge.number}
            )
        locked.started_at = now
        locked.status = Run.Status.STARTED
        Run.objects.filter(pk=locked.pk).update(started_at=now, status=Run.Status.STARTED)
    return locked


def run_moves_add(
    *,
    run_id: UUID,
    player_id: int,
    start: int,
    moves: Sequence[object],
    now: datetime | None = None,
) -> RunPlayed:
    """Take the moves of the player's run ``run_id`` from index ``start`` on, as they
    arrive while it is played. Raises ``RunNotFound`` if that player has no such run.

    Moves the server already holds must come again unchanged (a resent batch is a
    no-op); a gap or a change raises ``MovesConflict`` with the count held. A move that
    breaks a rule rejects the run, as finish would.
    """
    now = service_now(now)
    # The batch path needs no transaction; what it leaves, the locked path takes.
    added = moves_added(
        run_id=run_id, player_id=player_id, start=start, moves=moves, now=now, finishing=False
    )
    if added is not None:
        return added
    with transaction.atomic():
        locked = _run_in_play(run_id=run_id, player_id=player_id, now=now, start=start, moves=moves)
        if _run_moves_take(run=locked.run, start=start, moves=moves, now=now):
            run_row_write(run=locked.run, fields=locked.changed())
    _run_late_raise(locked.run)
    return RunPlayed(run=locked.run, received=len(locked.run.arrivals))


def run_finish(
    *, run_id: UUID, player_id: int, log: object, start: int = 0, now: datetime | None = None
) -> RunPlayed:
    """Finish the player's run ``run_id`` with the rest of its log: the whole log
    (``start`` 0) or the moves from index ``start`` on. What the server holds must be an
    unchanged prefix.

    What the finish answer tells the player comes back with the run, read in the same
    query: their standing on the challenge (``RunPlayed.standing``).

    The outcome is kept, valid or rejected. Raises ``RunNotFound`` if that player has no
    such run, ``RunAlreadyFinished`` for a run that is not in progress,
    ``MovesConflict`` for a log that does not extend the held moves, and
    ``RunDeadlinePassed`` (after storing the run as rejected) once its finish is late.
    """
    now = service_now(now)
    moves = log_moves(log)
    if isinstance(moves, list):
        added = moves_added(
            run_id=run_id, player_id=player_id, start=start, moves=moves, now=now, finishing=True
        )
        if added is not None:
            return added
    with transaction.atomic():
        sent = moves if isinstance(moves, list) else []
        locked = _run_in_play(
            run_id=run_id, player_id=player_id, now=now, start=start, moves=sent, standing=True
        )
        run = locked.run
        if run.status == Run.Status.STARTED:
            if not isinstance(moves, list):
                run.status = Run.Status.REJECTED
                run.error = moves.to_json()
                run.finished_at = now
                run.position = None
            else:
                _run_moves_take(run=run, start=start, moves=moves, now=now)
                if run.status == Run.Status.STARTED:
                    run.status = Run.Status.FINISHED
                    run.finished_at = now
                    run.position = None
                    if run.score is None:
                        # Finished without a move: a valid run of 0 points, like any other
                        # finished run it has a score and a log.
                        run.score = 0
                        run.log = {"moves": []}
            run_row_write(run=run, fields=locked.changed())
    _run_late_raise(run)
    return RunPlayed(run=run, received=len(run.arrivals), standing=locked.standing)


@dataclass(frozen=True)
class _Locked:
    """A run locked for this transaction, its played fields as read (only the changed
    ones are written: the log and the position are the bulk of a row), and with
    ``standing``, the player's standing read in the same query."""

    run: Run
    loaded: dict[str, object]
    standing: ChallengeStanding | None

    def changed(self) -> list[str]:
        return [
            name
            for name in _RUN_FIELDS_PLAYED
            if name not in self.loaded or self.loaded[name] != getattr(self.run, name)
        ]


def _run_locked(*, run_id: UUID, player_id: int, standing: bool) -> _Locked:
    """The run read again and locked (its row only, not its challenge's: every run of
    a challenge shares that one), with its challenge; with ``standing``, also the
    player's best other finished run and whether they have an entry. One query."""
    if standing:
        read = run_row_locked_standing(run_id=run_id, player_id=player_id)
        run, stood = read if read is not None else (None, None)
    else:
        run, stood = run_row_locked(run_id=run_id, player_id=player_id), None
    if run is None:
        raise RunNotFound()
    loaded = {name: getattr(run, name) for name in _RUN_FIELDS_PLAYED}
    return _Locked(run=run, loaded=loaded, standing=stood)


def _run_in_play(
    *,
    run_id: UUID,
    player_id: int,
    now: datetime,
    start: int,
    moves: Sequence[object],
    standing: bool = False,
) -> _Locked:
    """The run, locked for this transaction, if it still takes moves.

    The row lock makes simultaneous batches or finishes of one run take turns. A run
    past its finish time is stored as rejected (with what was sent) and returned so the
    caller can raise once the rejection is committed.
    """
    read = _run_locked(run_id=run_id, player_id=player_id, standing=standing)
    locked = read.run
    if locked.status == Run.Status.EXPIRED:
        raise RunDeadlinePassed(
            gettext("Too late: this run started at %(time)s UTC and was never finished in time.")
            % {"time": f"{locked.started_at:%H:%M:%S}"},
            run=locked,
        )
    if locked.status != Run.Status.STARTED:
        raise RunAlreadyFinished(
            gettext(
                "This run was already finished at %(time)s UTC (%(status)s); start a new run "
                "to play again."
            )
            % {
                "time": f"{locked.finished_at:%H:%M:%S}",
                "status": str(locked.get_status_display()).lower(),
            }
        )
    deadline = locked.finish_by
    if now > deadline:
        # Kept with the run in English (a record); the refusal is worded again, in the
        # reader's language, when it is raised (_run_late_raise).
        with translation.override("en"):
            detail = _late_detail(locked)
        held = locked.held_moves
        unseen = list(moves)[max(0, len(held) - start) :] if 0 <= start <= len(held) else []
        sent = [move_trimmed(move) for move in unseen[: moves_room(len(held))]]
        locked.status = Run.Status.REJECTED
        locked.finished_at = now
        locked.log = log_storable({"moves": held + sent})
        locked.position = None
        locked.error = RunFault(None, RunDeadlinePassed.code, detail).to_json()
        run_row_write(run=locked, fields=read.changed())
    return read


def _run_late_raise(run: Run) -> None:
    """After the transaction: tell the caller a late run was rejected."""
    fault = run.rejection
    if run.status == Run.Status.REJECTED and fault and fault.code == RunDeadlinePassed.code:
        raise RunDeadlinePassed(_late_detail(run), run=run)


def _late_detail(run: Run) -> str:
    """Why a batch or finish of ``run`` came too late, in the active language."""
    return gettext(
        "Too late: this run started at %(started)s UTC and its moves were taken until "
        "%(deadline)s UTC (%(limit)s s plus %(grace)s s grace)."
    ) % {
        "started": f"{run.started_at:%H:%M:%S}",
        "deadline": f"{run.finish_by:%H:%M:%S}",
        "limit": RULESET.time_limit_ms // 1000,
        "grace": RULESET.finish_grace_ms // 1000,
    }


def _run_moves_take(*, run: Run, start: int, moves: Sequence[object], now: datetime) -> bool:
    """Check ``moves`` (from index ``start``) against the held ones, replay the new ones
    from the held position, stamp their arrival and keep the outcome on ``run`` (not
    saved). Returns whether there was anything new."""
    if run.status != Run.Status.STARTED:
        return False  # rejected as late by _run_in_play
    held = run.held_moves
    received = len(held)
    if start < 0 or start > received:
        raise MovesConflict(
            gettext(
                "These moves start at index %(start)s, but the server holds %(received)s moves "
                "of this run: send the moves from index %(received)s on."
            )
            % {"start": start, "received": received},
            received=received,
        )
    overlap = min(len(moves), received - start)
    for offset in range(overlap):
        if move_trimmed(moves[offset]) != held[start + offset]:
            raise MovesConflict(
                gettext(
                    "Move %(index)s differs from the one the server already holds: moves sent "
                    "cannot change. The server holds %(received)s moves of this run."
                )
                % {"index": start + offset, "received": received},
                received=received,
            )
    new = list(moves[overlap : overlap + moves_room(received)])
    if not new:
        return False
    challenge = run.challenge
    replayed = moves_replayed(
        tray=challenge.tray,
        well=challenge.well,
        position=run.position,
        held=received,
        new=new,
        started_at=run.started_at,
        now=now,
        rules_version=challenge.rules_version,
        held_moves=held,
    )
    replay, error = replayed.replay, replayed.error
    run.log = log_storable({"moves": held + replayed.kept})
    run.arrivals = [*run.arrivals, *([replayed.arrival_ms] * replayed.taken)]
    run.score = replay.score
    run.move_results = [*run.move_results, *replayed.results]
    if error is not None:
        run.status = Run.Status.REJECTED
        run.error = error.to_json()
        run.finished_at = now
        run.position = None
    # The held moves of a replay's valid prefix are well-formed moves of RULES.md.
    valid_moves: list[dict[str, Any]] = run.held_moves[: len(replay)]  # type: ignore[assignment]
    if error is None:
        # With its last placement, the run's next batch can take the batch path.
        run.position = position_stored(replay, last_placement_of(valid_moves))
    if run.ineligible is None:
        breach = eligibility_check(moves=valid_moves, arrivals=run.arrivals)
        run.ineligible = breach.to_json() if breach is not None else None
    return True


def runs_expire(*, now: datetime | None = None) -> int:
    """Mark the runs nobody finished in time as expired; returns how many.

    A started run whose finish can no longer be taken is abandoned (a closed tab, a
    script that gave up). Expiring it keeps "started" meaning "may still finish".
    """
    now = service_now(now)
    too_old = now - timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms)
    return Run.objects.filter(status=Run.Status.STARTED, started_at__lt=too_old).update(
        status=Run.Status.EXPIRED, position=None
    )


def runs_expired_purge(*, older_than: timedelta, now: datetime | None = None) -> int:
    """Delete expired runs started longer ago than ``older_than``; returns how many.

    An expired run holds no score or entry, so no history, board or replay needs it:
    only the row, which a script starting runs in a loop would pile up.
    """
    cutoff = service_now(now) - older_than
    deleted, _ = Run.objects.filter(status=Run.Status.EXPIRED, started_at__lt=cutoff).delete()
    return deleted
