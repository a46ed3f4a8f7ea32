"""A run's row as a batch of moves reads and writes it, by the ORM on every database.

A batch reads the run's head: how many moves it holds, the replay's position and the
challenge's tiles, never the moves themselves (``run_head``). It writes only its own
moves, appended to the stored lists, and only if the run still holds the moves its head
was read with (``run_moves_append``, which hands back the run as the batch leaves it):
so a batch costs the same at move 3 and move 100, and needs no lock. Appending to a
JSON list and counting one are the two things the ORM has no word for; ``_MovesHeld``
and ``_Appended`` say them to PostgreSQL and SQLite.
"""

from __future__ import annotations

import json
import math
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from django.db import connection
from django.db.models import Exists, F, Func, IntegerField, JSONField, Max, OuterRef, Subquery
from django.db.models.expressions import Expression
from django.db.models.sql import UpdateQuery

from challenges.compiled_queries import CompiledQuery
from challenges.models import Entry, Run
from challenges.play.outcomes import ChallengeStanding, RunPlayed


@dataclass(frozen=True)
class RunHead:
    """What a batch of moves (or a finish) needs of a run to go on from where it
    stands, without the moves it holds. With ``standing``, also the run's move results
    and the player's standing on the challenge (what the finish answer tells them)."""

    status: str
    started_at: datetime
    finished_at: datetime | None
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


class _MovesHeld(Func):
    """How many moves a run's log holds (0 for a log without a list of moves)."""

    output_field = IntegerField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        moves = "(%(expressions)s -> 'moves')"
        template = (
            f"CASE jsonb_typeof({moves}) WHEN 'array' THEN jsonb_array_length({moves}) ELSE 0 END"
        )
        return self.as_sql(compiler, connection, template=template, **extra)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        template = "COALESCE(json_array_length(%(expressions)s, '$.moves'), 0)"
        return self.as_sql(compiler, connection, template=template, **extra)


def json_text(value: object) -> str:
    """``value`` as JSON text, as the statements here send it (orjson: a batch's JSON is
    a good part of its CPU)."""
    return orjson.dumps(value).decode()


class _Appended(Expression):
    """A JSON list column (or, with ``key``, the list under that key of an object column)
    with ``values`` appended: the stored items are neither read nor sent again."""

    output_field = JSONField()
    target: Any
    """The column, resolved."""

    def __init__(self, column: str, values: list[Any], *, key: str | None = None) -> None:
        super().__init__()
        self.column, self.values, self.key = column, values, key

    def resolve_expression(self, query: Any = None, *args: Any, **kwargs: Any) -> Any:
        resolved = super().resolve_expression(query, *args, **kwargs)
        resolved.target = F(self.column).resolve_expression(query, *args, **kwargs)
        return resolved

    def values_params(self, connection: Any) -> list[Any]:
        """The parameters the appended values take, as JSON text: one list on
        PostgreSQL, one value each on SQLite."""
        if connection.vendor == "postgresql":
            return [json_text(self.values)]
        return [json_text(value) for value in self.values]

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.target)
        encoded = self.values_params(connection)
        if self.key is None:
            return f"COALESCE({column}, '[]'::jsonb) || %s::jsonb", [*params, *encoded]
        held = f"COALESCE({column} -> '{self.key}', '[]'::jsonb)"
        return f"jsonb_build_object('{self.key}', {held} || %s::jsonb)", [*params, *encoded]

    def as_sqlite(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.target)
        held = f"COALESCE({column}, '[]')"
        if self.key is not None:
            held = f"COALESCE(json_extract({column}, '$.{self.key}'), '[]')"
        encoded = self.values_params(connection)
        # json_insert appends at '[#]' pair by pair, left to right.
        pairs = "".join(", '$[#]', json(%s)" for _ in encoded)
        appended = f"json_insert({held}{pairs})" if encoded else f"json({held})"
        if self.key is not None:
            appended = f"json_object('{self.key}', {appended})"
        return appended, [*params, *encoded]


_HEAD_COLUMNS = ("status", "started_at", "finished_at", "challenge_id", "score", "ineligible",
                 "position")  # fmt: skip
_STANDING_COLUMNS = ("move_results",)


def _head_query(run_id: UUID, player_id: int, *, standing: bool, locked: bool) -> Any:
    runs = Run.objects.filter(pk=run_id, player_id=player_id).order_by()
    if locked:
        # The run's row only: every run of a challenge shares its challenge's row.
        runs = runs.select_for_update(of=("self",))
    annotations: dict[str, Any] = {
        "received": _MovesHeld("log"),
        "tray": F("challenge__tray"),
        "well": F("challenge__well"),
        "rules_version": F("challenge__rules_version"),
    }
    columns = [*_HEAD_COLUMNS]
    if standing:
        others = Run.objects.filter(
            challenge_id=OuterRef("challenge_id"),
            player_id=OuterRef("player_id"),
            status=Run.Status.FINISHED,
        ).exclude(pk=OuterRef("pk"))
        best = others.order_by().values("player_id").annotate(best=Max("score")).values("best")
        entered = Entry.objects.filter(
            challenge_id=OuterRef("challenge_id"), player_id=OuterRef("player_id")
        )
        annotations.update(best_before=Subquery(best), submitted=Exists(entered))
        columns += _STANDING_COLUMNS
    return runs.annotate(**annotations).values_list(*columns, *annotations)


# Sentinels no constant of the queries equals (compiled_queries.py).
_SENTINELS = {"run_id": uuid.UUID(int=0x5E471E1), "player_id": -7_331}
_HEADS = {
    (standing, locked): CompiledQuery(
        lambda run_id, player_id, s=standing, lk=locked: _head_query(
            run_id, player_id, standing=s, locked=lk
        ),
        **_SENTINELS,
    )
    for standing in (False, True)
    for locked in (False, True)
}


def run_head(*, run_id: UUID, player_id: int, standing: bool, locked: bool) -> RunHead | None:
    """The head of the player's run ``run_id``, or None if they have no such run;
    ``locked`` (in a transaction): the run's row is locked until it ends."""
    row = _HEADS[standing, locked].row(run_id=run_id, player_id=player_id)
    if row is None:
        return None
    values = dict(zip(_HEAD_COLUMNS, row, strict=False))
    rest = list(row[len(_HEAD_COLUMNS) :])
    move_results = rest.pop(0) if standing else None
    received, tray, well, rules_version = rest[:4]
    head = RunHead(
        **values,
        received=received,
        tray=tray,
        well=well,
        rules_version=rules_version,
        move_results=move_results,
    )
    if standing:
        best_before, submitted = rest[4:]
        head = RunHead(
            **{**vars(head), "standing": ChallengeStanding(best_before, bool(submitted))}
        )
    return head


@dataclass(frozen=True)
class _Append:
    """One append: the run, the count of moves its head held, what to write."""

    run_id: UUID
    player_id: int
    held: int
    moves: list[Any]
    arrivals: list[int]
    results: list[dict[str, Any]]
    fields: dict[str, Any]

    def shape(self) -> tuple[object, ...]:
        # A field set to None is written as NULL, with no parameter: its own statement.
        fields = tuple((name, value is None) for name, value in self.fields.items())
        return (connection.alias, connection.vendor, fields, len(self.moves),
                len(self.arrivals), len(self.results))  # fmt: skip

    def queryset(self) -> Any:
        return (
            Run.objects.filter(pk=self.run_id, player_id=self.player_id, status=Run.Status.STARTED)
            .alias(held=_MovesHeld("log"))
            .filter(held=self.held)
        )

    def values(self) -> dict[str, Any]:
        return {
            "log": _Appended("log", self.moves, key="moves"),
            "arrivals": _Appended("arrivals", self.arrivals),
            "move_results": _Appended("move_results", self.results),
            **self.fields,
        }

    def params(self) -> list[Any]:
        """The statement's parameters: the three lists' (as ``_Appended`` sends them),
        the fields' (JSON as text, the rest through their ``get_db_prep_save``), then
        the condition's."""
        params: list[Any] = []
        for expression in self.values().values():
            if isinstance(expression, _Appended):
                params += expression.values_params(connection)
        for name, value in self.fields.items():
            field: Any = Run._meta.get_field(name)
            if value is None:
                continue  # the ORM writes "= NULL", with no parameter
            if isinstance(field, JSONField):
                params.append(json_text(value))
            else:
                params.append(field.get_db_prep_save(value, connection))
        primary: Any = Run._meta.pk
        params += [primary.get_db_prep_value(self.run_id, connection), self.player_id,
                   Run.Status.STARTED.value, self.held]  # fmt: skip
        return params

    def compiled(self, params: list[Any]) -> str | None:
        """The ORM's UPDATE for this shape, if its parameters are ``params`` in order."""
        query = self.queryset().query.chain(UpdateQuery)
        query.add_update_values(self.values())
        sql, compiled = query.get_compiler(connection.alias).as_sql()
        same = len(compiled) == len(params) and all(
            _plain(mine) == _plain(theirs) for mine, theirs in zip(params, compiled, strict=True)
        )
        return sql if same else None


# The append's statement by its shape (the fields set, the lists' lengths), compiled by
# the ORM once: building an UPDATE cost the ORM twice the CPU of the rest of a batch.
_APPEND_SQL: dict[tuple[object, ...], str | None] = {}

# What a Run returned by a batch holds; the rest loads if ever read.
_RUN_FIELDS = ("id", "player_id", "challenge_id", "started_at", "finished_at", "status",
               "score", "error", "ineligible")  # fmt: skip


def run_moves_append(
    *,
    run_id: UUID,
    player_id: int,
    head: RunHead,
    moves: list[Any],
    arrivals: list[int],
    results: list[dict[str, Any]],
    fields: dict[str, Any],
) -> RunPlayed | None:
    """Append ``moves`` (trimmed; stored as jsonb takes them), their arrivals and results
    to the run's row and set ``fields``. Only if the run is still played and still holds
    the moves its head was read with: None, having written nothing, when another request
    got there first. Nothing to write (a resend), no statement.

    Returns the run as the batch leaves it: the head's fields, then the changed ones (a
    finish's also with all its ``move_results``); the fields not read (the log, its
    arrivals...) load if ever used. A rejected run, rare, is read whole.

    The ORM's statement, compiled once per shape; its parameters are given in the order
    the ORM gave them, checked when it is compiled (a statement whose parameters come
    out in another order is left to the ORM every time)."""
    if moves or fields:
        stored = moves_storable(moves)[1]
        append = _Append(run_id, player_id, head.received, stored, arrivals, results, fields)
        params = append.params()
        shape = append.shape()
        sql = _APPEND_SQL.get(shape, "")
        if sql == "":
            sql = _APPEND_SQL[shape] = append.compiled(params)
        if sql is None:
            written = append.queryset().update(**append.values())
        else:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                written = cursor.rowcount
        if written != 1:
            return None
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
    made = Run.from_db(connection.alias, list(_RUN_FIELDS), [values[n] for n in _RUN_FIELDS])
    if head.standing is not None:
        made.move_results = [*(head.move_results or []), *results]
    elif made.status == Run.Status.REJECTED:
        made = Run.objects.select_related("challenge").get(pk=run_id)
    return RunPlayed(run=made, received=head.received + len(results), standing=head.standing)


def _plain(param: Any) -> Any:
    """A parameter as a value: JSON text read, psycopg's JSON wrapper taken off (and
    its value as JSON reads it back: a tuple is a list)."""
    if hasattr(param, "obj"):
        return orjson.loads(json_text(param.obj))
    if isinstance(param, str) and param[:1] in ("[", "{"):
        return orjson.loads(param)
    return param


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
