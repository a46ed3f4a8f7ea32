"""ORM queries compiled once per process, for the reads every request makes.

Compiling a queryset into SQL costs the ORM far more CPU than the database takes to
answer a one-row read, and the hottest reads are one-row reads (docs/performance.md).

``CompiledQuery`` builds the queryset once, with a sentinel value standing in for each
parameter, lets the ORM compile it, and remembers which parameter each sentinel became.
Each read then runs that SQL with the real values and converts the row with the
converters the ORM itself chose (JSON, times on SQLite). The statement is the ORM's
own, from the models' fields and managers (a live entry is still ``Entry.LIVE``), so
it cannot drift from the queryset it stands for; a test holds each equal to its ORM
twin. Where a sentinel does not come through compiling as itself (a time, on a
database that passes times as text), the query simply runs through the ORM.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class _Statement:
    sql: str
    params: tuple[str | None, ...]
    """For each parameter, the name of the argument it takes, or None (a constant)."""
    constants: tuple[Any, ...]
    attnames: tuple[str, ...]
    converters: dict[int, tuple[list[Any], Any]]
    annotations: tuple[tuple[int, str], ...] = ()
    """Each annotation's column and name: ``first()`` sets it on the instance, as the
    ORM's ``first()`` does."""
    joined: _Joined | None = None
    """A ``select_related`` query's row layout, as the ORM's own iterable reads it."""


@dataclass(frozen=True)
class _Joined:
    """Where the model's own columns lie in a joined row, and the ORM's populators of
    the related objects (``ModelIterable``'s, made once)."""

    start: int
    end: int
    attnames: list[str]
    populators: list[Any]
    annotations: dict[str, int]


class CompiledQuery:
    """``build(**sentinels)`` compiled once per database; run with real arguments.

    Each sentinel must be a value no constant of the query equals (e.g. a negative id,
    never 0 or 1, which equal False and True), of the type the real argument has."""

    def __init__(self, build: Callable[..., QuerySet[Any]], **sentinels: Any) -> None:
        self.build, self.sentinels = build, sentinels
        self._statements: dict[str, _Statement | None] = {}

    def _statement(self, alias: str) -> _Statement | None:
        if alias not in self._statements:
            queryset = self.build(**self.sentinels)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            names = tuple(self._name_of(param) for param in params)
            if set(self.sentinels) - set(names):
                self._statements[alias] = None  # the ORM's path, every time
                return None
            columns = [column for column, _, _ in compiler.select]
            joined = _joined(compiler, alias)
            attnames = tuple(getattr(getattr(c, "target", c), "attname", "") for c in columns)
            statement = _Statement(
                sql=sql,
                params=names,
                constants=tuple(params),
                attnames=attnames,
                converters=compiler.get_converters(columns),
                annotations=tuple(
                    (position, alias)
                    for position, ((_, _, alias), attname) in enumerate(
                        zip(compiler.select, attnames, strict=True)
                    )
                    if not attname and alias
                ),
                joined=joined,
            )
            self._statements[alias] = statement
        return self._statements[alias]

    def _name_of(self, param: Any) -> str | None:
        for name, sentinel in self.sentinels.items():
            # Equal, not identical: the database's driver may wrap a number (Int8).
            if param == sentinel:
                return name
        return None

    def _execute(
        self, statement: _Statement, sql_of: Callable[[str], str], using: str, **arguments: Any
    ) -> Any:
        params = _params(statement, arguments)
        connection = connections[using]
        with connection.cursor() as cursor:
            try:
                cursor.execute(sql_of(statement.sql), params)
            except OverflowError:
                # An integer beyond what the driver can send (SQLite: 64 bits) matches no
                # row; the ORM answers such a lookup with no rows too, never an error.
                return None
            return cursor.fetchone()

    def first(self, model: type[Model], *, using: str = "default", **arguments: Any) -> Any:
        """The first row, as the queryset's ``model`` instance, or None."""
        statement = self._statement(using)
        if statement is None:
            return self.build(**arguments).using(using).first()
        row = self._execute(statement, lambda sql: sql, using, **arguments)
        return None if row is None else self._instance(statement, model, row, using)

    def embedded(self, *, using: str = "default", **arguments: Any) -> tuple[str, list[Any]]:
        """The statement and its parameters, to be read inside a larger statement (a
        CTE); ``from_row`` reads its columns back. Only for a query that compiles with
        its sentinels (``ValueError`` otherwise: the caller has its ORM twin)."""
        statement = self._compiled(using)
        return statement.sql, _params(statement, arguments)

    def columns(self, *, using: str = "default") -> int:
        """How many columns the statement reads (an embedded one's share of a row)."""
        return len(self._compiled(using).attnames)

    def from_row(self, model: type[Model], row: Any, *, using: str = "default") -> Any:
        """The ``model`` instance an embedded statement's columns of a row stand for,
        as ``first()`` gives it (None when they are all NULL: no row was found)."""
        if all(value is None for value in row):
            return None
        return self._instance(self._compiled(using), model, row, using)

    def _compiled(self, using: str) -> _Statement:
        statement = self._statement(using)
        if statement is None:
            raise ValueError("this query does not compile with its sentinels here")
        return statement

    def _instance(self, statement: _Statement, model: type[Model], row: Any, using: str) -> Any:
        values = _converted(row, statement, connections[using])
        if statement.joined is not None:
            return _joined_instance(statement.joined, model, values, using)
        if not statement.annotations:
            return model.from_db(using, list(statement.attnames), values)
        fields = [n for n, name in enumerate(statement.attnames) if name]
        instance = model.from_db(
            using, [statement.attnames[n] for n in fields], [values[n] for n in fields]
        )
        for position, name in statement.annotations:
            setattr(instance, name, values[position])
        return instance

    def all(self, model: type[Model], *, using: str = "default", **arguments: Any) -> list[Any]:
        """Every row, as the queryset's ``model`` instances (a queryset with no
        annotations and no ``select_related``)."""
        statement = self._statement(using)
        if statement is None:
            return list(self.build(**arguments).using(using))
        assert not statement.annotations and statement.joined is None, "plain instances"
        params = _params(statement, arguments)
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            fetched = cursor.fetchall()
        attnames = list(statement.attnames)
        return [
            model.from_db(using, attnames, _converted(row, statement, connection))
            for row in fetched
        ]

    def row(self, *, using: str = "default", **arguments: Any) -> tuple[Any, ...] | None:
        """The one row of a ``values_list`` queryset (a read by its key), or None."""
        statement = self._statement(using)
        if statement is None:
            found: tuple[Any, ...] | None = self.build(**arguments).using(using).first()
            return found
        row = self._execute(statement, lambda sql: sql, using, **arguments)
        return None if row is None else tuple(_converted(row, statement, connections[using]))

    def rows(
        self, *, limit: int, offset: int = 0, using: str = "default", **arguments: Any
    ) -> list[tuple[Any, ...]]:
        """Rows ``offset`` to ``offset + limit`` of a ``values_list`` queryset (unsliced)."""
        statement = self._statement(using)
        if statement is None:
            return list(self.build(**arguments).using(using)[offset : offset + limit])
        params = _params(statement, arguments)
        connection = connections[using]
        if any(type(value) is int and not -(2**63) <= value < 2**63 for value in params):
            return []  # no row holds such an integer (see _execute)
        with connection.cursor() as cursor:
            if offset:
                cursor.execute(f"{statement.sql} LIMIT %s OFFSET %s", [*params, limit, offset])
            else:
                cursor.execute(f"{statement.sql} LIMIT %s", [*params, limit])
            fetched = cursor.fetchall()
        if not statement.converters:
            return [tuple(row) for row in fetched]
        return [tuple(_converted(row, statement, connection)) for row in fetched]

    def count(self, *, using: str = "default", **arguments: Any) -> int:
        """How many rows the queryset has."""
        statement = self._statement(using)
        if statement is None:
            return self.build(**arguments).using(using).count()
        row = self._execute(
            statement, lambda sql: f"SELECT COUNT(*) FROM ({sql}) counted", using, **arguments
        )
        return 0 if row is None else int(row[0])


def _params(statement: _Statement, arguments: dict[str, Any]) -> list[Any]:
    """The statement's parameters: each argument where its sentinel stood."""
    return [
        arguments[name] if name is not None else constant
        for name, constant in zip(statement.params, statement.constants, strict=True)
    ]


def _converted(row: Any, statement: _Statement, connection: Any) -> list[Any]:
    """A fetched row's values through the fields' own converters, as the ORM would."""
    values = list(row)
    for position, (functions, expression) in statement.converters.items():
        value = values[position]
        for function in functions:
            value = function(value, expression, connection)
        values[position] = value
    return values


def _joined(compiler: Any, alias: str) -> _Joined | None:
    """The layout of a ``select_related`` query's rows (None for a query of one table),
    read as Django's ``ModelIterable`` reads it."""
    info = compiler.klass_info
    if not info or not info.get("related_klass_infos"):
        return None
    fields = info["select_fields"]
    start, end = fields[0], fields[-1] + 1
    return _Joined(
        start=start,
        end=end,
        attnames=[column[0].target.attname for column in compiler.select[start:end]],
        # Django 5.2's three arguments (the stubs are a later release's).
        populators=get_related_populators(info, compiler.select, alias),  # type: ignore[call-arg]
        annotations=dict(compiler.annotation_col_map or {}),
    )


def _joined_instance(joined: _Joined, model: type[Model], values: list[Any], using: str) -> Any:
    instance = model.from_db(using, joined.attnames, values[joined.start : joined.end])
    for populator in joined.populators:
        populator.populate(values, instance)
    for name, position in joined.annotations.items():
        setattr(instance, name, values[position])
    return instance
