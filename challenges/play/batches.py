"""How a run takes its moves: a batch while it is played, or the rest with its finish.

One path. A batch reads the run's head (how many moves it holds, the replay's position,
the challenge's tiles: ``run_rows.run_head``), checks what was sent against it, replays
the new moves from the position, checks their eligibility after the run's last
placement (kept in the position), and appends them (``run_rows.run_moves_append``): at
a cost that does not grow with the run, in two statements and no transaction.

The append writes only if the run still holds the moves its head was read with. When
another request on the same run got there first, the batch goes once more down the same
path with the run's row locked, in a transaction: the retry sees what the other request
left (a resend, a finished run) and answers as if it had come second.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext

from challenges.engine import (
    RULESET,
    RUN_SPAN,
    ChallengeReplay,
    ReplayError,
    ReplayPosition,
    eligibility_check,
    last_placement_of,
    move_trimmed,
    ruleset_of,
    run_clock_reach_ms,
)
from challenges.errors import MovesConflict, RunAlreadyFinished, RunDeadlinePassed, RunNotFound
from challenges.models import Run, RunFault
from challenges.play.outcomes import RunPlayed
from challenges.play.run_rows import RunHead, run_head, run_moves_append

LAST_PLACEMENT = "last_placement"
"""The key, in a run's stored position, of ``(index, t)`` of its last placement: what
the pace rule of the next batch compares with."""


def moves_added(
    *,
    run_id: UUID,
    player_id: int,
    start: int,
    moves: Sequence[object] | ReplayError,
    now: datetime,
    finishing: bool,
) -> RunPlayed:
    """Take the moves of the player's run from index ``start`` on (``finishing``: the
    rest of the log, and finish; ``moves`` may then be the fault of a log that is none).

    Returns the run as the caller answers with it (a finish's with its ``move_results``
    and the player's standing too). Raises ``RunNotFound``, ``RunAlreadyFinished``,
    ``MovesConflict``, and ``RunDeadlinePassed`` for an expired run, or a late one once
    it is stored as rejected.
    """
    for locked in (False, True):
        # A second try only if another request on this run came between the read and
        # the write: then with the run's row locked, in a transaction.
        with transaction.atomic() if locked else nullcontext():
            played = _moves_taken(
                run_id=run_id,
                player_id=player_id,
                start=start,
                moves=moves,
                now=now,
                finishing=finishing,
                locked=locked,
            )
        if played is not None:
            late = played.run.rejection
            if late is not None and late.code == RunDeadlinePassed.code:
                raise RunDeadlinePassed(
                    late_detail(started_at=played.run.started_at), run=played.run
                )
            return played
    raise AssertionError("a locked run holds the moves it was read with")


def _moves_taken(
    *,
    run_id: UUID,
    player_id: int,
    start: int,
    moves: Sequence[object] | ReplayError,
    now: datetime,
    finishing: bool,
    locked: bool,
) -> RunPlayed | None:
    """One try at :func:`moves_added`: read the head, decide, append. None, having
    written nothing, if the run changed between its read and the append (never when
    ``locked``); else the run as the append left it."""
    head = run_head(run_id=run_id, player_id=player_id, standing=finishing, locked=locked)
    if head is None:
        raise RunNotFound()
    if head.status == Run.Status.EXPIRED:
        raise RunDeadlinePassed(
            gettext("Too late: this run started at %(time)s UTC and was never finished in time.")
            % {"time": f"{head.started_at:%H:%M:%S}"},
            run=Run(pk=run_id, status=head.status, started_at=head.started_at),
        )
    if head.status != Run.Status.STARTED:
        raise RunAlreadyFinished(
            gettext(
                "This run was already finished at %(time)s UTC (%(status)s); start a new run "
                "to play again."
            )
            % {
                "time": f"{head.finished_at:%H:%M:%S}",
                "status": str(Run.Status(head.status).label).lower(),
            }
        )
    results: list[dict[str, Any]] = []
    arrivals: list[int] = []
    if now > head.started_at + RUN_SPAN:
        fields, sent = _late_fields(head, start=start, moves=moves, now=now)
    elif isinstance(moves, ReplayError):
        fields, sent = _rejected_fields(moves, now=now), []
    else:
        new = _moves_new(head, run_id=run_id, start=start, moves=moves)
        fields, sent, results, arrivals = _moves_replayed(head, new, now=now, run_id=run_id)
        if finishing and fields.get("status", Run.Status.STARTED) == Run.Status.STARTED:
            fields.update(status=Run.Status.FINISHED, finished_at=now, position=None)
            if fields.get("score", head.score) is None:
                fields["score"] = 0  # finished without a move: a valid run of 0 points
    return run_moves_append(
        run_id=run_id,
        player_id=player_id,
        head=head,
        moves=sent,
        arrivals=arrivals,
        results=results,
        fields=fields,
    )


def _late_fields(
    head: RunHead, *, start: int, moves: Sequence[object] | ReplayError, now: datetime
) -> tuple[dict[str, Any], list[Any]]:
    """A run past its finish time is rejected, with what was sent kept."""
    # Kept with the run in English (a record); the refusal is worded again, in the
    # reader's language, when it is raised (moves_added).
    with translation.override("en"):
        detail = late_detail(started_at=head.started_at)
    sent = list(moves) if not isinstance(moves, ReplayError) else []
    received = head.received
    unseen = sent[max(0, received - start) :] if 0 <= start <= received else []
    kept = [move_trimmed(move) for move in unseen[: moves_room(received)]]
    error = RunFault(None, RunDeadlinePassed.code, detail).to_json()
    return _rejected_fields(error, now=now), kept


def _rejected_fields(error: ReplayError | dict[str, object], *, now: datetime) -> dict[str, Any]:
    fault = error.to_json() if isinstance(error, ReplayError) else error
    return {"status": Run.Status.REJECTED, "error": fault, "finished_at": now, "position": None}


def _moves_new(head: RunHead, *, run_id: UUID, start: int, moves: Sequence[object]) -> list[object]:
    """The moves of ``moves`` (sent from index ``start``) that the run does not hold
    yet. Those it holds must come again unchanged: a gap or a change raises."""
    received = head.received
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
    if overlap:
        # A resend: rare, so the held moves are read only for it.
        held = Run.objects.only("log").get(pk=run_id).held_moves
        for offset in range(overlap):
            if move_trimmed(moves[offset]) != held[start + offset]:
                raise MovesConflict(
                    gettext(
                        "Move %(index)s differs from the one the server already holds: moves "
                        "sent cannot change. The server holds %(received)s moves of this run."
                    )
                    % {"index": start + offset, "received": received},
                    received=received,
                )
    return list(moves[overlap : overlap + moves_room(received)])


def late_detail(*, started_at: datetime) -> str:
    """Why a batch or finish of a run started at ``started_at`` came too late, in the
    active language."""
    return gettext(
        "Too late: this run started at %(started)s UTC and its moves were taken until "
        "%(deadline)s UTC (%(limit)s s plus %(grace)s s grace)."
    ) % {
        "started": f"{started_at:%H:%M:%S}",
        "deadline": f"{started_at + RUN_SPAN:%H:%M:%S}",
        "limit": RULESET.time_limit_ms // 1000,
        "grace": RULESET.finish_grace_ms // 1000,
    }


def _moves_replayed(
    head: RunHead, new: list[object], *, now: datetime, run_id: UUID
) -> tuple[dict[str, Any], list[Any], list[dict[str, Any]], list[int]]:
    """Replay ``new`` from the head's position, with no move allowed a ``t`` the
    server's clock had not reached at ``now``: the fields that change, the moves to
    append (trimmed: the valid ones, and the refused one if any), and the valid ones'
    points and bonuses and arrivals (``now``, in ms after the run's start)."""
    if not new:
        return {}, [], [], []
    received, position = head.received, head.position
    held_moves: list[Any] = []
    if received and (position is None or LAST_PLACEMENT not in position):
        # Stored before positions carried the last placement: replayed from the log (as
        # far as the head holds; a log grown since fails the append, which retries).
        held_moves = Run.objects.only("log").get(pk=run_id).held_moves[:received]
        position = None
    replay = ChallengeReplay(
        tray=head.tray,
        well=head.well,
        position=ReplayPosition.from_json(position) if position else None,
        ruleset=ruleset_of(head.rules_version),
    )
    replay.extend(held_moves)
    error = replay.extend(new, max_t=run_clock_reach_ms(started_at=head.started_at, at=now))
    taken = len(replay) - received
    refused = 1 if error is not None else 0
    kept: list[Any] = [move_trimmed(move) for move in new[: taken + refused]]
    arrival_ms = max(0, int((now - head.started_at) / timedelta(milliseconds=1)))
    # The replay's valid moves are well-formed moves of RULES.md.
    valid: list[dict[str, Any]] = kept[:taken]
    carried = position.get(LAST_PLACEMENT) if position else None
    before = (carried[0], carried[1]) if carried else last_placement_of(held_moves)
    fields: dict[str, Any] = {"score": replay.score}
    if head.ineligible is None and taken:
        breach = eligibility_check(
            moves=valid, arrivals=[arrival_ms] * taken, first_index=received, last_placement=before
        )
        if breach is not None:
            fields["ineligible"] = breach.to_json()
    if error is not None:
        fields.update(_rejected_fields(error, now=now))
    else:
        last = last_placement_of(valid, first_index=received, before=before)
        fields["position"] = {**replay.position().to_json(), LAST_PLACEMENT: last}
    results = [{"points": points, "bonus": bonus} for points, bonus in replay.outcomes[received:]]
    return fields, kept, results, [arrival_ms] * taken


def moves_room(held: int) -> int:
    """How many more moves are worth reading: move 104 of any log is already bad."""
    return max(0, RULESET.run_moves_max + 1 - held)
