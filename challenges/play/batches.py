"""The batch path of a run's moves: a batch (or a finish) that goes on from where the
run stands writes only its own moves.

A run of 100 moves is sent in some 30 batches. Reading every held move back and
writing the whole log, its arrivals and results again made each batch cost as much as
the run was long. Here a batch reads the run's head (how many moves it holds, the
replay's position, the challenge's tiles: ``run_rows.run_head_read``), replays its
new moves from the position, checks their eligibility after the run's last placement
(kept in the position), and appends them (``run_rows.run_moves_append``): the same
outcome as the whole-row path of ``runs.py``, at a cost that does not grow with the run.

Neither statement takes a lock, and no transaction wraps them: the append writes only
if the run still holds the moves its head was read with, and is still played. Two
round trips, where a locked read and a write in a transaction took four.

The whole-row path stays for what is rare: a batch that overlaps or skips the held
moves, a late one, a run already over, a run whose position predates the carried
last placement, a run that another request changed between the read and the append,
and databases other than PostgreSQL and SQLite (SQLite runs the two statements' ORM
twins, ``batch_orm``, so that the quick test runs take this path too). This module
answers None for those, having written nothing, and the caller takes that path, which
locks the run.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.db import connection

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
from challenges.errors import RunNotFound
from challenges.models import Run
from challenges.play.batch_orm import run_head_read_orm, run_moves_append_orm
from challenges.play.batch_sql import (
    RunHead,
    batch_path_available,
    run_head_read,
    run_moves_append,
)
from challenges.play.outcomes import RunPlayed
from challenges.play.run_sql import run_row_locked

LAST_PLACEMENT = "last_placement"
"""The key, in a run's stored position, of ``(index, t)`` of its last placement: what
the pace rule of the next batch compares with."""

# What a Run returned by the batch path holds; the rest loads if ever read.
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
    moves: Sequence[object],
    now: datetime,
    finishing: bool,
) -> RunPlayed | None:
    """Take a batch (``finishing``: the rest of the log, and finish) on the batch path.

    Returns the run as the caller returns it (a finish's with its ``move_results`` and
    the player's standing too), or None, having written nothing, when the run is for
    the whole-row path. Raises ``RunNotFound`` if the player has no such run. Needs no
    transaction (see the module's docstring).
    """
    if not batch_path_available():
        return None
    postgresql = connection.vendor == "postgresql"
    head_read = run_head_read if postgresql else run_head_read_orm
    head = head_read(run_id=run_id, player_id=player_id, standing=finishing)
    if head is None:
        raise RunNotFound()
    position = head.position
    if (
        head.status != Run.Status.STARTED
        or now > head.started_at + _finish_window()
        or start != head.received
        or (head.received and (position is None or LAST_PLACEMENT not in position))
    ):
        return None
    new = list(moves[: moves_room(head.received)])
    if not new and not finishing:
        return RunPlayed(run=_run_of(run_id, player_id, head, {}), received=head.received)
    fields, received, results = _moves_taken(head, new, now=now)
    if finishing and fields.get("status", Run.Status.STARTED) == Run.Status.STARTED:
        fields.update(status=Run.Status.FINISHED, finished_at=now, position=None)
        if fields.get("score", head.score) is None:
            fields["score"] = 0  # finished without a move: a valid run of 0 points
    moves_json = fields.pop("moves_json")
    arrivals = fields.pop("arrivals")
    appended = (run_moves_append if postgresql else run_moves_append_orm)(
        run_id=run_id,
        player_id=player_id,
        held=head.received,
        moves_json=moves_json,
        arrivals=arrivals,
        results=results,
        fields=fields,
    )
    if not appended:
        return None  # changed since its head was read: the locked path looks again
    if finishing:
        made = _run_of(run_id, player_id, head, fields)
        made.move_results = [*(head.move_results or []), *results]
        return RunPlayed(run=made, received=received, standing=head.standing)
    if fields.get("status") == Run.Status.REJECTED:
        # Rare: the rejected answer shows the whole run, so read it whole.
        whole = run_row_locked(run_id=run_id, player_id=player_id)
        assert whole is not None
        return RunPlayed(run=whole, received=received)
    return RunPlayed(run=_run_of(run_id, player_id, head, fields), received=received)


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


def _moves_taken(
    head: RunHead, new: list[object], *, now: datetime
) -> tuple[dict[str, Any], int, list[dict[str, Any]]]:
    """Replay ``new`` from the head's position: the fields that change (with the moves
    to append as ``moves_json`` and their ``arrivals``), the count held after, and the
    new moves' results."""
    received = head.received
    position = head.position
    fields: dict[str, Any] = {}
    if not new:
        fields.update(moves_json="[]", arrivals=[])
        return fields, received, []
    replayed = moves_replayed(
        tray=head.tray,
        well=head.well,
        position=position,
        held=received,
        new=new,
        started_at=head.started_at,
        now=now,
        rules_version=head.rules_version,
    )
    taken = replayed.taken
    moves_json, stored = moves_storable(replayed.kept)
    arrivals = [replayed.arrival_ms] * taken
    # The replay's valid moves are well-formed moves of RULES.md.
    valid: list[dict[str, Any]] = stored[:taken]
    carried = position.get(LAST_PLACEMENT) if position else None
    before = (carried[0], carried[1]) if carried else None
    if head.ineligible is None and taken:
        breach = eligibility_check(
            moves=valid, arrivals=arrivals, first_index=received, last_placement=before
        )
        if breach is not None:
            fields["ineligible"] = breach.to_json()
    fields.update(moves_json=moves_json, arrivals=arrivals, score=replayed.replay.score)
    if replayed.error is not None:
        fields.update(
            status=Run.Status.REJECTED,
            error=replayed.error.to_json(),
            finished_at=now,
            position=None,
        )
    else:
        last = last_placement_of(valid, first_index=received, before=before)
        fields["position"] = position_stored(replayed.replay, last)
    return fields, received + taken, replayed.results


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
