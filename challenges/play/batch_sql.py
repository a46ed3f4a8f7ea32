"""The batch path's two statements on PostgreSQL: a run's head read, and its new moves
appended, in plain SQL built once from the models' fields (``run_sql`` says why). On
SQLite their twins are in ``batch_orm``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache
from typing import Any
from uuid import UUID

import orjson
from django.db import connection

from challenges.models import Run
from challenges.play.outcomes import ChallengeStanding
from challenges.play.run_sql import (
    best_before_sql,
    challenge_column,
    entry_exists_sql,
    run_column,
    run_row_fetch,
    run_with_challenge_sql,
)

# --- the batch path: a run's head, and its moves appended ------------------------------
#
# Neither statement locks nor needs a transaction: the append is conditioned on the run
# still holding the count of moves its head was read with (and still being played), so
# of two batches that read the same head, one appends and the other changes nothing and
# goes the whole-row path, which locks. A batch is two round trips, not four (BEGIN and
# COMMIT cost as much CPU as a statement).


@dataclass(frozen=True)
class RunHead:
    """What a batch of moves (or a finish) needs of a run to go on from where it
    stands, without the moves it holds: how many there are, the replay's position, and
    the challenge's tiles. With ``standing``, also the run's move results and what the
    finish answer tells the player (see :func:`run_row_locked_standing`)."""

    status: str
    started_at: datetime
    challenge_id: int
    score: int | None
    ineligible: dict[str, Any] | None
    position: dict[str, Any] | None
    received: int
    tray: list[str]
    well: list[str]
    rules_version: int
    move_results: list[dict[str, Any]] | None = None
    standing: ChallengeStanding | None = None


_TILES_PARSED: dict[str, list[str]] = {}


def _tiles(text: str) -> list[str]:
    """A challenge's tray or well from its JSON text: parsed once per process (there
    are three challenges a day, and each is read by every batch of every run)."""
    tiles = _TILES_PARSED.get(text)
    if tiles is None:
        if len(_TILES_PARSED) > 64:
            _TILES_PARSED.clear()
        tiles = _TILES_PARSED[text] = orjson.loads(text)
    return tiles


@cache
def _head_sql(standing: bool) -> str:
    c = run_column
    columns = [
        f"r.{c('status')}", f"r.{c('started_at')}", f"r.{c('challenge')}", f"r.{c('score')}",
        f"r.{c('ineligible')}::text", f"r.{c('position')}::text", _moves_count_sql(f"r.{c('log')}"),
        f"c.{challenge_column('tray')}::text", f"c.{challenge_column('well')}::text",
        f"c.{challenge_column('rules_version')}",
    ]  # fmt: skip
    if standing:
        columns += [f"r.{c('move_results')}::text", best_before_sql(), entry_exists_sql()]
    return run_with_challenge_sql(columns)


def _moves_count_sql(column: str) -> str:
    """How many moves a run's log holds (0 for a log without a list of moves)."""
    moves = f"{column} -> 'moves'"
    return f"CASE jsonb_typeof({moves}) WHEN 'array' THEN jsonb_array_length({moves}) ELSE 0 END"


def run_head_read(*, run_id: UUID, player_id: int, standing: bool) -> RunHead | None:
    """The head of the player's run ``run_id``, or None if they have no such run. Not
    locked: :func:`run_moves_append` writes only if the run is still as read here.
    PostgreSQL's SQL; ``batch_orm.run_head_read_orm`` is SQLite's."""
    row = run_row_fetch(_head_sql(standing), run_id=run_id, player_id=player_id, standing=standing)
    if row is None:
        return None
    status, started_at, challenge_id, score, ineligible, position, received = row[:7]
    tray, well, rules_version = row[7:10]
    head = RunHead(
        status=status,
        started_at=started_at,
        challenge_id=challenge_id,
        score=score,
        ineligible=orjson.loads(ineligible) if ineligible is not None else None,
        position=orjson.loads(position) if position is not None else None,
        received=received,
        tray=_tiles(tray),
        well=_tiles(well),
        rules_version=rules_version,
    )
    if standing:
        results, best_before, submitted = row[10:]
        head = replace(
            head,
            move_results=orjson.loads(results) if results is not None else [],
            standing=ChallengeStanding(best_before=best_before, submitted=bool(submitted)),
        )
    return head


def batch_path_available() -> bool:
    """Whether the batch path runs here: PostgreSQL's SQL, or on SQLite its ORM twin
    (``batch_orm``), so that the quick test runs take the path production takes."""
    return connection.vendor in ("postgresql", "sqlite")


@cache
def _append_sql(extra: tuple[str, ...]) -> str:
    c = run_column
    sets = [
        f"{c('log')} = jsonb_build_object('moves', COALESCE({c('log')} -> 'moves',"
        " '[]'::jsonb) || %s::jsonb)",
        f"{c('arrivals')} = COALESCE({c('arrivals')}, '[]'::jsonb) || %s::jsonb",
        f"{c('move_results')} = COALESCE({c('move_results')}, '[]'::jsonb) || %s::jsonb",
    ]
    jsonb = {"position", "ineligible", "error"}
    sets += [f"{c(name)} = %s{'::jsonb' if name in jsonb else ''}" for name in extra]
    return (
        f"UPDATE {Run._meta.db_table} SET {', '.join(sets)} WHERE {c('id')} = %s"
        f" AND {c('player')} = %s AND {c('status')} = %s AND {_moves_count_sql(c('log'))} = %s"
    )


def run_moves_append(
    *,
    run_id: UUID,
    player_id: int,
    held: int,
    moves_json: str,
    arrivals: list[int],
    results: list[dict[str, Any]],
    fields: dict[str, Any],
) -> bool:
    """Append moves (already JSON text, as stored), their arrivals and results to the
    run's row and set ``fields`` (JSON fields given as Python values): a batch writes
    its own moves, not the whole log again.

    Only if the run is still being played and still holds ``held`` moves (the head's
    count): returns False, having written nothing, when another request got there first.
    """
    names = tuple(fields)
    values: list[Any] = [moves_json, _json_text(arrivals), _json_text(results)]
    for name in names:
        value = fields[name]
        if name in ("position", "ineligible", "error"):
            value = None if value is None else _json_text(value)
        values.append(value)
    values += [
        Run._meta.pk.get_db_prep_value(run_id, connection),
        player_id,
        Run.Status.STARTED.value,
        held,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_append_sql(names), values)
        return bool(cursor.rowcount == 1)


def _json_text(value: object) -> str:
    return orjson.dumps(value).decode()
