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

import json
import math
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.db import connection, transaction
from django.utils import translation
from django.utils.translation import gettext

from challenges.engine import (
    RULESET,
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

# What a Run returned by a batch holds; the rest loads if ever read.
_HEAD_FIELDS = ("id", "player_id", "challenge_id", "started_at", "finished_at", "status",
                "score", "error", "ineligible")  # fmt: skip


def position_stored(replay: ChallengeReplay, last_placement: tuple[int, int] | None) -> object:
    """The position kept between batches: the replay's, and the run's last placement."""
    return {**replay.position().to_json(), LAST_PLACEMENT: last_placement}


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
    """One try at :func:`moves_added`; None, having written nothing, if the run changed
    between its read and the append (never when ``locked``)."""
    head = run_head(run_id=run_id, player_id=player_id, standing=finishing, locked=locked)
    results: list[dict[str, Any]] = []
    if head is None:
        raise RunNotFound()
    _run_in_play_check(head)
    if now > head.started_at + _finish_window():
        fields, sent = _late_fields(head, start=start, moves=moves, now=now)
        received = head.received
    elif isinstance(moves, ReplayError):
        fields, sent, received = _rejected_fields(moves, now=now), [], head.received
    else:
        new = _moves_new(head, run_id=run_id, start=start, moves=moves)
        if not new and not finishing:
            return RunPlayed(run=_run_of(run_id, player_id, head, {}), received=head.received)
        fields, sent, received, results = _moves_replayed_fields(head, new, now=now, run_id=run_id)
        if finishing and fields.get("status", Run.Status.STARTED) == Run.Status.STARTED:
            fields.update(status=Run.Status.FINISHED, finished_at=now, position=None)
            if fields.get("score", head.score) is None:
                fields["score"] = 0  # finished without a move: a valid run of 0 points
    arrival_ms = fields.pop("arrival_ms", 0)
    appended = run_moves_append(
        run_id=run_id,
        player_id=player_id,
        held=head.received,
        moves=sent,
        arrivals=[arrival_ms] * len(results),
        results=results,
        fields=fields,
    )
    if not appended:
        return None
    made = _run_of(run_id, player_id, head, fields)
    if finishing:
        made.move_results = [*(head.move_results or []), *results]
    elif made.status == Run.Status.REJECTED:
        # Rare: the rejected answer shows the whole run, so read it whole.
        made = Run.objects.select_related("challenge").get(pk=run_id)
    return RunPlayed(run=made, received=received, standing=head.standing)


def _run_in_play_check(head: RunHead) -> None:
    """Raise if the run takes no more moves: expired, or over."""
    if head.status == Run.Status.EXPIRED:
        expired = Run(status=head.status, started_at=head.started_at)
        raise RunDeadlinePassed(
            gettext("Too late: this run started at %(time)s UTC and was never finished in time.")
            % {"time": f"{head.started_at:%H:%M:%S}"},
            run=expired,
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
    kept = moves_storable([move_trimmed(move) for move in unseen[: moves_room(received)]])[1]
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
        "deadline": f"{started_at + _finish_window():%H:%M:%S}",
        "limit": RULESET.time_limit_ms // 1000,
        "grace": RULESET.finish_grace_ms // 1000,
    }


@dataclass(frozen=True)
class MovesReplayed:
    """New moves of a run replayed from where it stands, as both paths store them."""

    replay: ChallengeReplay
    error: ReplayError | None
    taken: int
    """How many of the new moves are valid."""
    kept: list[Any]
    """The new moves to store, trimmed: the valid ones, and the refused one if any."""
    arrival_ms: int
    """When they arrived, in ms after the run's start (the server's clock)."""
    results: list[dict[str, Any]]
    """The valid new moves' points and bonuses."""


def moves_replayed(
    *,
    tray: list[str],
    well: list[str],
    position: dict[str, Any] | None,
    held: int,
    new: Sequence[object],
    started_at: datetime,
    now: datetime,
    rules_version: int,
    held_moves: Sequence[object] = (),
) -> MovesReplayed:
    """Replay ``new`` after the ``held`` moves of a run (from its stored ``position``),
    with no move allowed a ``t`` the server's clock had not reached at ``now``.

    A row holding moves but no position (stored before positions were) is replayed
    from its ``held_moves``: replaying ``new`` from the start would drop them."""
    replay = ChallengeReplay(
        tray=tray,
        well=well,
        position=ReplayPosition.from_json(position) if position else None,
        ruleset=ruleset_of(rules_version),
    )
    if not position and held:
        if len(held_moves) != held:
            raise ValueError(f"{held} moves held but {len(held_moves)} given to replay")
        replay.extend(held_moves)
    error = replay.extend(new, max_t=run_clock_reach_ms(started_at=started_at, at=now))
    taken = len(replay) - held
    return MovesReplayed(
        replay=replay,
        error=error,
        taken=taken,
        kept=[move_trimmed(move) for move in new[: taken + (1 if error is not None else 0)]],
        arrival_ms=max(0, int((now - started_at) / timedelta(milliseconds=1))),
        results=[{"points": points, "bonus": bonus} for points, bonus in replay.outcomes[held:]],
    )


def _moves_replayed_fields(
    head: RunHead, new: list[object], *, now: datetime, run_id: UUID
) -> tuple[dict[str, Any], list[Any], int, list[dict[str, Any]]]:
    """Replay ``new`` from the head's position: the fields that change (with
    ``arrival_ms``, when the new moves arrived), the moves to append as stored, the count
    held after, and the new moves' results."""
    received = head.received
    if not new:
        return {}, [], received, []
    position, held_moves = head.position, []
    if received and (position is None or LAST_PLACEMENT not in position):
        # Stored before positions carried the last placement: replayed from the log.
        held_moves = Run.objects.only("log").get(pk=run_id).held_moves
        position = None
    replayed = moves_replayed(
        tray=head.tray,
        well=head.well,
        position=position,
        held=received,
        new=new,
        started_at=head.started_at,
        now=now,
        rules_version=head.rules_version,
        held_moves=held_moves,
    )
    taken = replayed.taken
    stored = moves_storable(replayed.kept)[1]
    # The replay's valid moves are well-formed moves of RULES.md.
    valid: list[dict[str, Any]] = stored[:taken]
    carried = position.get(LAST_PLACEMENT) if position else None
    before = (carried[0], carried[1]) if carried else last_placement_of(held_moves)  # type: ignore[arg-type]
    fields: dict[str, Any] = {"arrival_ms": replayed.arrival_ms, "score": replayed.replay.score}
    if head.ineligible is None and taken:
        breach = eligibility_check(
            moves=valid,
            arrivals=[replayed.arrival_ms] * taken,
            first_index=received,
            last_placement=before,
        )
        if breach is not None:
            fields["ineligible"] = breach.to_json()
    if replayed.error is not None:
        fields.update(_rejected_fields(replayed.error, now=now))
    else:
        last = last_placement_of(valid, first_index=received, before=before)
        fields["position"] = position_stored(replayed.replay, last)
    return fields, stored, received + taken, replayed.results


def _run_of(run_id: UUID, player_id: int, head: RunHead, fields: dict[str, Any]) -> Run:
    """The run as the batch path leaves it: the head's fields, then the changed ones;
    the fields not read (the log, its arrivals...) load if ever used."""
    values = {
        "id": run_id,
        "player_id": player_id,
        "challenge_id": head.challenge_id,
        "started_at": head.started_at,
        "finished_at": fields.get("finished_at"),
        "status": fields.get("status", head.status),
        "score": fields.get("score", head.score),
        "error": fields.get("error"),
        "ineligible": fields.get("ineligible", head.ineligible),
    }
    return Run.from_db(connection.alias, list(_HEAD_FIELDS), [values[n] for n in _HEAD_FIELDS])


def _finish_window() -> timedelta:
    return timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms)


def moves_room(held: int) -> int:
    """How many more moves are worth reading: move 104 of any log is already bad."""
    return max(0, RULESET.run_moves_max + 1 - held)


def moves_storable(moves: list[object]) -> tuple[str, list[Any]]:
    """Trimmed ``moves`` as jsonb accepts them, as JSON text and as values: a client's
    strings may hold what PostgreSQL refuses.

    Moves are already trimmed (``move_trimmed``: flat, bounded), so one level of
    cleaning is enough: lone surrogates and NUL in strings become U+FFFD, non-finite
    numbers null.
    """
    try:
        text = json.dumps(moves, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
        if "\x00" not in text and "\\u0000" not in text:
            return text, moves
    except (ValueError, UnicodeEncodeError):
        pass
    cleaned = [_json_cleaned(move) for move in moves]
    return json.dumps(cleaned, ensure_ascii=False), cleaned


def log_storable(log: dict[str, Any]) -> dict[str, Any]:
    """``log`` ({"moves": [trimmed moves]}) as jsonb accepts it (see :func:`moves_storable`)."""
    return {"moves": moves_storable(log["moves"])[1]}


def _clean_text(text: str) -> str:
    # Lone surrogates cannot be UTF-8; NUL cannot be in a PostgreSQL text or jsonb value.
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")


def _json_cleaned(value: object) -> object:
    if isinstance(value, str):
        return _clean_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list):
        return [_json_cleaned(item) for item in value]
    if isinstance(value, dict):
        return {_clean_text(str(key)): _json_cleaned(item) for key, item in value.items()}
    return value
