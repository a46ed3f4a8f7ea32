"""A run's start in one statement on PostgreSQL.

A start reads the challenge, counts the player's runs, reads their best finished run
(the ghost it races: ``ghosts.BEST_RUN``, compiled by the ORM and embedded) and
inserts, in one round trip where the ORM takes four. The statements are written once
from the models' own fields (a field added to ``Run`` is read and written with the
others), and the values go through the fields' own conversions (``from_db_value``,
``get_db_prep_save``), as the ORM would convert them. Other databases (SQLite, in the
quick test runs) take the ORM.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field

from challenges.models import Challenge, Run
from challenges.play.ghosts import BEST_RUN, best_run
from challenges.play.outcomes import RunStarting
from challenges.schedule.selectors import challenge_row

# What the services read of the run's challenge (a start also reads par: the run races
# its medal marks, shares of it); the rest loads if ever used.
_CHALLENGE_START_READ = ("number", "opens_at", "closes_at", "ruleset", "rules_version", "tray",
                         "well", "created_at", "board_version", "par")  # fmt: skip


def _run_column(name: str) -> str:
    field: Any = Run._meta.get_field(name)
    return connection.ops.quote_name(str(field.column))


def _challenge_column(name: str) -> str:
    field: Any = Challenge._meta.get_field(name)
    return connection.ops.quote_name(str(field.column))


def _run_fields() -> list[Field[Any, Any]]:
    return list(Run._meta.concrete_fields)


def _challenge_fields() -> list[Field[Any, Any]]:
    key = Challenge._meta.pk
    read = _CHALLENGE_START_READ
    return [f for f in Challenge._meta.concrete_fields if f.attname in read or f is key]


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
def _start_sql(best: str) -> str:
    """The statement, around ``best``: the best run's read as the ORM compiled it."""
    c = _run_column
    fields = _run_fields()
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    values = ", ".join("%s" for _ in fields)
    table = Run._meta.db_table
    read = ", ".join(f"x.{connection.ops.quote_name(str(f.column))}" for f in _challenge_fields())
    number, opens, closes = (_challenge_column(n) for n in ("number", "opens_at", "closes_at"))
    return (
        f"WITH ch AS (SELECT {read} FROM {Challenge._meta.db_table} x WHERE x.{number} = %s),"
        f" prior AS (SELECT COUNT(*) AS n FROM {table}"
        f" WHERE {c('challenge')} = %s AND {c('player')} = %s),"
        f" best AS ({best}),"
        f" made AS (INSERT INTO {table} ({columns}) SELECT {values} FROM prior, ch"
        f" WHERE prior.n < %s AND ch.{opens} <= %s AND ch.{closes} > %s RETURNING 1)"
        f" SELECT prior.n, (SELECT COUNT(*) FROM made), best.*, ch.*"
        f" FROM prior LEFT JOIN best ON TRUE LEFT JOIN ch ON TRUE"
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
    best_sql, best_params = BEST_RUN.embedded(
        challenge_id=run.challenge_id, player_id=run.player_id
    )
    params = [run.challenge_id, run.challenge_id, run.player_id, *best_params, *values]
    params += [limit, at, at]
    with connection.cursor() as cursor:
        cursor.execute(_start_sql(best_sql), params)
        row = cursor.fetchone()
    assert row is not None  # the count's row is always there
    started, made = int(row[0]), bool(row[1])
    after_best = 2 + BEST_RUN.columns()
    best = BEST_RUN.from_row(Run, row[2:after_best])
    challenge_fields = _challenge_fields()
    key = [f.attname for f in challenge_fields].index(Challenge._meta.pk.attname)
    found = row[after_best + key] is not None
    challenge = _from_row(Challenge, challenge_fields, row[after_best:]) if found else None
    if made:
        run._state.adding = False
        run._state.db = connection.alias
    return RunStarting(challenge=challenge, started_before=started, inserted=made, best=best)


def _run_row_start_orm(*, run: Run, limit: int) -> RunStarting:
    challenge = challenge_row(number=run.challenge_id)
    if challenge is None:
        return RunStarting(challenge=None, started_before=0, inserted=False)
    started = Run.objects.filter(player_id=run.player_id, challenge_id=run.challenge_id).count()
    made = challenge.is_open(run.started_at) and started < limit
    # A first run has no best run to race: its start reads none.
    best = best_run(challenge_id=challenge.pk, player_id=run.player_id) if started else None
    if made:
        run.save(force_insert=True)
    return RunStarting(challenge=challenge, started_before=started, inserted=made, best=best)
