"""The submit's writes, owned by one function (``entry_write``): the entry, the player's
record, their form point and form, and for a live entry its challenge's counts, top
score and board version and its score's count.

PostgreSQL writes them in one statement (data-modifying CTEs) after the moves' lock:
one round trip where the ORM's transaction takes some fifteen, and more than a fifth of
a submit's CPU (docs/performance.md). Its rows are the models' own: every column an
insert writes comes from the model's concrete fields, with the entry's values and the
others' defaults as the ORM would save them, so a new field with a default is written
without touching the SQL. What the statement says by hand is only how an existing row
adds the new entry (the upserts' ``SET``). SQLite, and the test that holds the two to
the same rows, write through the ORM in one transaction.
"""

from __future__ import annotations

import hashlib
from contextlib import nullcontext
from datetime import datetime
from functools import cache
from typing import Any

from django.db import IntegrityError, connection, connections, models, transaction
from django.db.models import F, Value
from django.db.models.expressions import DatabaseDefault
from django.db.models.functions import Coalesce, Greatest

from challenges.boards.cache import leaderboard_versions_forget
from challenges.errors import EntryAlreadySubmitted
from challenges.models import Challenge, Entry, FormPoint, PlayerForm, PlayerRecord, ScoreCount
from challenges.moderation.trust import form_point_add
from challenges.players.services import player_record_submitted


def entry_write(*, entry: Entry, now: datetime) -> Entry:
    """Write ``entry`` (unsaved, of ``entry.challenge``; held if it has hold reasons) and
    all a submit changes with it, in one transaction; ``EntryAlreadySubmitted`` if the
    player has an entry for the challenge (``UNIQUE(challenge, player)`` decides between
    simultaneous submits: one insert wins).

    When an entry of the same moves is in, ``entry`` is held as its copy
    (``duplicate_log`` first). Submits of the same moves take turns (``_moves_lock``):
    each sees an entry of these moves committed before it."""
    try:
        if connection.vendor == "postgresql":
            _entry_write_statement(entry=entry, now=now)
        else:
            _entry_write_orm(entry=entry, now=now)
    except IntegrityError as error:
        # Only the entry's UNIQUE(challenge, player) can fail here: the statement's
        # upserts absorb a first submit's races, and SQLite has one writer at a time.
        raise EntryAlreadySubmitted() from error
    if entry.is_live:
        leaderboard_versions_forget()
    return entry


def _held_as_copy(entry: Entry) -> None:
    entry.hold_reasons = [Entry.HoldReason.DUPLICATE_LOG.value, *entry.hold_reasons]
    entry.status = Entry.Status.HELD


def _moves_lock(*, challenge_id: int, moves_hash: str) -> int:
    """The key of the transaction-scoped advisory lock on these moves (PostgreSQL)."""
    return int(hashlib.sha256(f"{challenge_id}:{moves_hash}".encode()).hexdigest()[:15], 16)


def _entry_write_orm(*, entry: Entry, now: datetime) -> None:
    """The ORM's transaction: SQLite's path, and the statement's twin in its test.
    SQLite's transactions are immediate, one writer at a time, so the copy check and the
    counts need no lock and meet no race."""
    challenge = entry.challenge
    with transaction.atomic():
        if Entry.objects.filter(challenge=challenge, moves_hash=entry.moves_hash).exists():
            _held_as_copy(entry)
        entry.save()
        player_record_submitted(
            player_id=entry.player_id,
            number=challenge.pk,
            submitted_at=entry.submitted_at,
            score=entry.score,
            live=entry.is_live,
        )
        if entry.is_live:
            _challenge_entry_stats_add(challenge=challenge, score=entry.score)
        form_point_add(entry=entry, now=now)


def _challenge_entry_stats_add(*, challenge: Challenge, score: int) -> None:
    """Count one more live entry at ``score``: the row's totals, its board version
    (every cached read of the board goes stale, as ``leaderboard_cache_bump``), and the
    score count."""
    Challenge.objects.filter(pk=challenge.pk).update(
        entry_count=F("entry_count") + 1,
        top_score=Greatest(Coalesce(F("top_score"), Value(score)), Value(score)),
        board_version=F("board_version") + 1,
    )
    if not ScoreCount.objects.filter(challenge=challenge, score=score).update(
        entries=F("entries") + 1
    ):
        ScoreCount.objects.create(challenge=challenge, score=score, entries=1)


def _entry_write_statement(*, entry: Entry, now: datetime) -> None:
    """PostgreSQL's one message: the lock, then one statement of every write. Most logs
    are no copy: the statement writes nothing when an entry of the same moves is in,
    and then runs again with the entry held as its copy."""
    for copied in (False, True):
        if copied:
            _held_as_copy(entry)
        sql, params = _statement(entry=entry, now=now, copied=copied)
        # Inside a caller's transaction, a savepoint keeps it usable after a refusal.
        savepoint = transaction.atomic() if connection.in_atomic_block else nullcontext()
        with savepoint, connection.cursor() as cursor:
            cursor.execute(sql, params)
            cursor.nextset()  # past the lock's row, to the statement's
            row = cursor.fetchone()
        if row is not None and row[0] is not None:
            entry.pk = row[0]
            entry._state.adding = False
            entry._state.db = connection.alias
            return
    raise AssertionError("a copy's insert is unconditional")  # pragma: no cover


def _statement(*, entry: Entry, now: datetime, copied: bool) -> tuple[str, dict[str, Any]]:
    """The message and its parameters; ``copied``: insert the entry even if an entry of
    the same moves is in."""
    params: dict[str, Any] = {
        "lock": _moves_lock(challenge_id=entry.challenge_id, moves_hash=entry.moves_hash),
        "copied": copied,
        "live": entry.is_live,
        "score": entry.score,
    }
    database = transaction.get_connection()  # the proxy's every look-up, once
    shapes: list[tuple[type[models.Model], tuple[str, ...]]] = [
        (Entry, _entry_values(entry, params, database))
    ]
    for model, given in _side_rows(entry=entry, now=now).items():
        shapes.append((model, _side_values(model, given, params, database)))
    return _statement_sql(tuple(shapes)), params


def _side_rows(*, entry: Entry, now: datetime) -> dict[type[models.Model], dict[str, Any]]:
    """The rows the statement inserts beside the entry, as the ORM's path makes them on
    a player's first submit (an existing record, form or score count adds them as the
    upserts' ``SET`` say): the values a submit gives, by attname; every other field
    takes its default, as the model's constructor would give it. The form point's
    entry is the one inserted."""
    live = entry.is_live
    par = entry.challenge.par
    millis = int(entry.submitted_at.timestamp() * 1000)
    player, challenge = entry.player_id, entry.challenge_id
    return {
        PlayerRecord: {
            "player_id": player,
            "submissions": [[challenge, millis, int(live)]],
            "played": int(live),
            "best_score": entry.score if live else None,
            "version": 1,
        },
        FormPoint: {
            "player_id": player,
            "challenge_id": challenge,
            "share": entry.score / par if par else None,
            "counted": live,
            "at": now,
        },
        PlayerForm: {"player_id": player, "challenges": 1},
        ScoreCount: {"challenge_id": challenge, "score": entry.score, "entries": 1},
    }


@cache
def inserted_fields(model: type[models.Model]) -> tuple[models.Field[Any, Any], ...]:
    """The columns an insert of ``model`` writes: its concrete fields but a key the
    database draws."""
    return tuple(
        field
        for field in model._meta.concrete_fields
        if not (field.primary_key and isinstance(field, models.AutoField)) and not field.generated
    )


@cache
def _named_fields(model: type[models.Model]) -> tuple[tuple[models.Field[Any, Any], str], ...]:
    """Each inserted field with its parameter's name, ``Model__attname``."""
    return tuple((field, f"{model.__name__}__{field.attname}") for field in inserted_fields(model))


def _entry_values(entry: models.Model, params: dict[str, Any], database: Any) -> tuple[str, ...]:
    """Add the entry's values to ``params`` as the ORM's insert prepares them
    (``pre_save`` of a row being added, then ``get_db_prep_save``); a field left to its
    ``db_default`` is the database's to fill. Returns the names added."""
    names = []
    for field, name in _named_fields(type(entry)):
        value = field.pre_save(entry, True)
        if not isinstance(value, DatabaseDefault):
            params[name] = field.get_db_prep_save(value, connection=database)
            names.append(name)
    return tuple(names)


def _side_values(
    model: type[models.Model], given: dict[str, Any], params: dict[str, Any], database: Any
) -> tuple[str, ...]:
    """Add a side row's values to ``params``: those ``given``, and every other field's
    default, prepared as the ORM's insert would prepare them. Returns the names added."""
    names = []
    defaults = _defaults_prepared(model, database.alias)
    for field, name in _named_fields(model):
        if field.attname in given:
            params[name] = field.get_db_prep_save(given[field.attname], connection=database)
        elif name in defaults:
            params[name] = defaults[name]
        else:
            default = field.get_default()
            if isinstance(default, DatabaseDefault):
                continue
            params[name] = field.get_db_prep_save(default, connection=database)
        names.append(name)
    return tuple(names)


@cache
def _defaults_prepared(model: type[models.Model], alias: str) -> dict[str, Any]:
    """The prepared defaults of ``model``'s fields that are the same on every row (not a
    callable's, as a time or a fresh id would be, but an empty list's or dict's), made
    once. A field that sets itself on save (``auto_now``) has no place in a side row."""
    prepared = {}
    for field, name in _named_fields(model):
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            raise TypeError(f"{model.__name__}.{field.name} sets itself: write it from a model")
        default = field.default
        if field.has_default() and callable(default) and default not in (list, dict):
            continue
        value = field.get_default()
        if not isinstance(value, DatabaseDefault):
            prepared[name] = field.get_db_prep_save(value, connection=connections[alias])
    return prepared


def _column(model: type[models.Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field) and field.column
    return connection.ops.quote_name(field.column)


def _table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _statement_sql(shapes: tuple[tuple[type[models.Model], tuple[str, ...]], ...]) -> str:
    """The message for rows of these parameters (their names, per model): made
    once per shape."""
    named = dict(shapes)

    def columns(model: type[models.Model]) -> str:
        column = {field.attname: field.column or "" for field in inserted_fields(model)}
        return ", ".join(
            connection.ops.quote_name(column[name.split("__", 1)[1]]) for name in named[model]
        )

    def values(model: type[models.Model], **instead: str) -> str:
        return ", ".join(
            instead.get(name.split("__", 1)[1], f"%({name})s") for name in named[model]
        )

    key = _column(Entry, "id")
    record, form, counts, stats = PlayerRecord, PlayerForm, ScoreCount, Challenge

    def added(model: type[models.Model], alias: str, name: str, to: str) -> str:
        return f"{_column(model, name)} = {alias}.{_column(model, name)} + {to}"

    return f"""
SELECT pg_advisory_xact_lock(%(lock)s);
WITH entry AS (
    INSERT INTO {_table(Entry)} ({columns(Entry)})
    SELECT {values(Entry)}
    WHERE %(copied)s OR NOT EXISTS (
        SELECT FROM {_table(Entry)}
        WHERE {_column(Entry, "challenge")} = %(Entry__challenge_id)s
          AND {_column(Entry, "moves_hash")} = %(Entry__moves_hash)s
    )
    RETURNING {key}
),
record AS (
    INSERT INTO {_table(record)} AS r ({columns(record)})
    SELECT {values(record)} FROM entry
    ON CONFLICT ({_column(record, "player")}) DO UPDATE SET
        {_column(record, "submissions")} = r.{_column(record, "submissions")}
            || EXCLUDED.{_column(record, "submissions")},
        {added(record, "r", "played", f"EXCLUDED.{_column(record, 'played')}")},
        {_column(record, "best_score")} = GREATEST(
            r.{_column(record, "best_score")}, EXCLUDED.{_column(record, "best_score")}),
        {added(record, "r", "version", "1")}
),
point AS (
    INSERT INTO {_table(FormPoint)} ({columns(FormPoint)})
    SELECT {values(FormPoint, entry_id=f"entry.{key}")} FROM entry
),
form AS (
    INSERT INTO {_table(form)} AS f ({columns(form)})
    SELECT {values(form)} FROM entry WHERE %(live)s
    ON CONFLICT ({_column(form, "player")}) DO UPDATE SET {added(form, "f", "challenges", "1")}
),
challenge AS (
    UPDATE {_table(stats)} AS c SET
        {added(stats, "c", "entry_count", "1")},
        {_column(stats, "top_score")}
            = GREATEST(COALESCE(c.{_column(stats, "top_score")}, %(score)s), %(score)s),
        {added(stats, "c", "board_version", "1")}
    WHERE {_column(stats, "number")} = %(Entry__challenge_id)s
      AND %(live)s AND EXISTS (SELECT FROM entry)
    RETURNING 1
),
counted AS (
    INSERT INTO {_table(counts)} AS s ({columns(counts)})
    SELECT {values(counts)} FROM challenge
    ON CONFLICT ({_column(counts, "challenge")}, {_column(counts, "score")})
    DO UPDATE SET {added(counts, "s", "entries", "1")}
)
SELECT (SELECT {key} FROM entry)
"""
