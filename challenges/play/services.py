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
from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from challenges.engine import RUN_SPAN, log_moves
from challenges.errors import (
    ChallengeNotFound,
    ChallengeNotOpen,
    RunAlreadyFinished,
    RunClockRunning,
    RunNotFound,
    RunsLimitReached,
    service_now,
)
from challenges.models import Run
from challenges.play.batches import moves_added
from challenges.play.outcomes import RunPlayed
from challenges.play.run_sql import run_row_start
from challenges.play.selectors import challenge_players_changed


def run_start(
    *,
    player_id: int,
    challenge_id: int,
    hard: bool = False,
    network: str = "",
    now: datetime | None = None,
) -> Run:
    """Start a run on an open challenge; the server's clock is the run's start. The run
    returned holds its challenge (``run.challenge``, read here: its tiles are dealt).

    A player may start at most ``RUNS_PER_CHALLENGE_LIMIT`` runs of one challenge: a
    person plays a few dozen in 8 hours, a script filling the disk many thousands.

    ``hard``: the run is played in hard mode, chosen now and kept for the whole run.
    ``network``: the keyed hash of the network it is started from (trust's overlap
    check meets the runs played on one network at once).
    """
    now = service_now(now)
    limit: int = settings.RUNS_PER_CHALLENGE_LIMIT
    run = Run(
        player_id=player_id, challenge_id=challenge_id, started_at=now, hard=hard, network=network
    )
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
    run.runs_before = starting.started_before
    run.best_before = starting.best
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
        locked = (
            Run.objects.select_for_update(of=("self",))
            .select_related("challenge")
            .filter(pk=run_id, player_id=player_id)
            .first()
        )
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
    return moves_added(
        run_id=run_id,
        player_id=player_id,
        start=start,
        moves=moves,
        now=service_now(now),
        finishing=False,
    )


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
    return moves_added(
        run_id=run_id,
        player_id=player_id,
        start=start,
        moves=log_moves(log),
        now=service_now(now),
        finishing=True,
    )


def runs_expire(*, now: datetime | None = None) -> int:
    """Mark the runs nobody finished in time as expired; returns how many.

    A started run whose finish can no longer be taken is abandoned (a closed tab, a
    script that gave up). Expiring it keeps "started" meaning "may still finish".
    """
    now = service_now(now)
    too_old = now - RUN_SPAN
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
