"""A run's start, and its read for a submit, each one statement on PostgreSQL.

A start reads the challenge, counts the player's runs and inserts, in one round trip
where the ORM takes three. The statements are written once from the models' own fields
(a field added to ``Run`` is read and written with the others), and the values go
through the fields' own conversions (``from_db_value``, ``get_db_prep_save``), as the
ORM would convert them. Other databases (SQLite, in the quick test runs) take the ORM.
"""

from __future__ import annotations

from functools import cache
from typing import Any
from uuid import UUID

from django.db import connection
from django.db.models import Field

from challenges.models import Challenge, Entry, Guest, Run
from challenges.play.outcomes import RunColumns, RunStarting, RunSubmitting
from challenges.schedule.selectors import challenge_row

# What the services read of the run's challenge; the rest loads if ever used.
_CHALLENGE_READ = ("number", "opens_at", "closes_at", "ruleset", "rules_version", "tray", "well",
                   "created_at", "board_version")  # fmt: skip


def run_column(name: str) -> str:
    field: Any = Run._meta.get_field(name)
    return connection.ops.quote_name(str(field.column))


def challenge_column(name: str) -> str:
    field: Any = Challenge._meta.get_field(name)
    return connection.ops.quote_name(str(field.column))


def _run_fields() -> list[Field[Any, Any]]:
    return list(Run._meta.concrete_fields)


# A submit also compares with par and counts the board; never the par's log (the
# largest column, decoded for nothing).
_CHALLENGE_SUBMIT_READ = (*_CHALLENGE_READ, "par", "entry_count", "top_score")
# A start also reads par: the run races its medal marks, shares of it.
_CHALLENGE_START_READ = (*_CHALLENGE_READ, "par")


def _challenge_fields(read: tuple[str, ...] = _CHALLENGE_READ) -> list[Field[Any, Any]]:
    key = Challenge._meta.pk
    return [f for f in Challenge._meta.concrete_fields if f.attname in read or f is key]


# --- what the reads of a run share: its row joined to its challenge's ----------------


def run_with_challenge_sql(columns: list[str]) -> str:
    """A select of ``columns`` from the run ``r`` (named by its id, then its player's,
    as parameters) joined to its challenge ``c``."""
    c = run_column
    return (
        f"SELECT {', '.join(columns)} FROM {Run._meta.db_table} r"
        f" JOIN {Challenge._meta.db_table} c"
        f" ON c.{challenge_column('number')} = r.{c('challenge')}"
        f" WHERE r.{c('id')} = %s AND r.{c('player')} = %s"
    )


def entry_exists_sql() -> str:
    """Whether the player has an entry for the run's challenge."""
    c = run_column
    return (
        f"EXISTS (SELECT 1 FROM {Entry._meta.db_table} e"
        f" WHERE e.challenge_id = r.{c('challenge')} AND e.player_id = r.{c('player')})"
    )


def run_row_fetch(
    sql: str, *, run_id: UUID, player_id: int, first: tuple[object, ...] = ()
) -> tuple[Any, ...] | None:
    """The one row of ``sql`` (a :func:`run_with_challenge_sql`) for the player's run;
    ``first``: the parameters of columns before the run's."""
    params: list[Any] = [*first]
    params += [Run._meta.pk.get_db_prep_value(run_id, connection), player_id]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _run_from_row(row: tuple[Any, ...], challenge_fields: list[Field[Any, Any]]) -> tuple[Run, int]:
    """The run of a row of the run's fields then ``challenge_fields``, with its
    challenge; and the index of the row's first column after them."""
    run_fields = _run_fields()
    split = len(run_fields)
    end = split + len(challenge_fields)
    run: Run = _from_row(Run, run_fields, row[:split])
    run.challenge = _from_row(Challenge, challenge_fields, row[split:end])
    return run, end


def _from_row(model: Any, fields: list[Field[Any, Any]], values: tuple[Any, ...]) -> Any:
    converted = []
    for field, value in zip(fields, values, strict=True):
        from_db = getattr(field, "from_db_value", None)
        converted.append(
            from_db(value, None, connection) if from_db and value is not None else value
        )
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


# --- a run's start: its challenge, the player's count of runs and the insert ---------


@cache
def _start_sql() -> str:
    c = run_column
    fields = _run_fields()
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    values = ", ".join("%s" for _ in fields)
    table = Run._meta.db_table
    read = ", ".join(
        f"x.{connection.ops.quote_name(str(f.column))}"
        for f in _challenge_fields(_CHALLENGE_START_READ)
    )
    number, opens, closes = (challenge_column(name) for name in ("number", "opens_at", "closes_at"))
    return (
        f"WITH ch AS (SELECT {read} FROM {Challenge._meta.db_table} x WHERE x.{number} = %s),"
        f" prior AS (SELECT COUNT(*) AS n FROM {table}"
        f" WHERE {c('challenge')} = %s AND {c('player')} = %s),"
        f" made AS (INSERT INTO {table} ({columns}) SELECT {values} FROM prior, ch"
        f" WHERE prior.n < %s AND ch.{opens} <= %s AND ch.{closes} > %s RETURNING 1)"
        f" SELECT prior.n, (SELECT COUNT(*) FROM made), ch.* FROM prior LEFT JOIN ch ON TRUE"
    )


def run_row_start(*, run: Run, limit: int) -> RunStarting:
    """Insert ``run`` (a new Run, not saved, with its ``started_at``) if its challenge is
    open then and its player has fewer than ``limit`` runs of it. One statement reads the
    challenge, counts and inserts (on PostgreSQL; elsewhere the ORM's three). As before,
    two starts at the same moment may both see ``limit - 1``."""
    if connection.vendor != "postgresql":
        return _run_row_start_orm(run=run, limit=limit)
    values = [
        field.get_db_prep_save(getattr(run, field.attname), connection) for field in _run_fields()
    ]
    at = run.started_at
    params = [run.challenge_id, run.challenge_id, run.player_id, *values, limit, at, at]
    with connection.cursor() as cursor:
        cursor.execute(_start_sql(), params)
        row = cursor.fetchone()
    assert row is not None  # the count's row is always there
    started, made = int(row[0]), bool(row[1])
    challenge_fields = _challenge_fields(_CHALLENGE_START_READ)
    key = [f.attname for f in challenge_fields].index(Challenge._meta.pk.attname)
    found = row[2 + key] is not None
    challenge = _from_row(Challenge, challenge_fields, row[2:]) if found else None
    if made:
        run._state.adding = False
        run._state.db = connection.alias
    return RunStarting(challenge=challenge, started_before=started, inserted=made)


def _run_row_start_orm(*, run: Run, limit: int) -> RunStarting:
    challenge = challenge_row(number=run.challenge_id)
    if challenge is None:
        return RunStarting(challenge=None, started_before=0, inserted=False)
    started = Run.objects.filter(player_id=run.player_id, challenge_id=run.challenge_id).count()
    made = challenge.is_open(run.started_at) and started < limit
    if made:
        run.save(force_insert=True)
    return RunStarting(challenge=challenge, started_before=started, inserted=made)


# --- a submit: the run with its whole challenge, and the player's standing ------------


@cache
def _submit_sql(also: tuple[str, ...]) -> str:
    q = connection.ops.quote_name
    columns = [*also]
    columns += [f"r.{q(str(f.column))}" for f in _run_fields()]
    columns += [f"c.{q(str(f.column))}" for f in _challenge_fields(_CHALLENGE_SUBMIT_READ)]
    player = run_column("player")
    columns.append(f"EXISTS (SELECT 1 FROM {Guest._meta.db_table} g WHERE g.user_id = r.{player})")
    columns.append(entry_exists_sql())
    return run_with_challenge_sql(columns)


def run_row_submitting(
    *, run_id: UUID, player_id: int, also: RunColumns | None = None
) -> RunSubmitting | None:
    """The player's run ``run_id`` with its challenge, and what a submit asks first:
    whether the player is a guest and whether they have an entry for the challenge,
    and the caller's columns ``also``. One query (on PostgreSQL; elsewhere by the ORM,
    without ``also``)."""
    if connection.vendor != "postgresql":
        found = Run.objects.select_related("challenge").filter(pk=run_id, player_id=player_id)
        read = found.first()
        if read is None:
            return None
        return RunSubmitting(
            run=read,
            guest=Guest.objects.filter(user_id=player_id).exists(),
            submitted=Entry.objects.filter(
                challenge_id=read.challenge_id, player_id=player_id
            ).exists(),
        )
    also = also or RunColumns()
    row = run_row_fetch(
        _submit_sql(also.expressions), run_id=run_id, player_id=player_id, first=also.params
    )
    if row is None:
        return None
    taken = len(also.expressions)
    run, end = _run_from_row(row[taken:], _challenge_fields(_CHALLENGE_SUBMIT_READ))
    return RunSubmitting(
        run=run,
        guest=bool(row[taken + end]),
        submitted=bool(row[taken + end + 1]),
        also=tuple(row[:taken]),
    )
