"""A challenge's row by its number, read with SQL compiled once per process.

Every read of a board, of the current challenge or of one challenge starts with this
row (it 404s an unknown number and carries the board's version, which keys every
cached read). Building the statement with the ORM cost four times what the database
takes to answer it: measured in-process on the load machine, a cached board read spent
more than half its CPU compiling ``Challenge.objects.filter(pk=n).first()``. So the
ORM compiles that statement once, and each read runs it and converts the values with
the converters the ORM itself chose (JSON, times on SQLite): the same statement and
the same ``Challenge``, on every database.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connections

from challenges.models import Challenge


@cache
def _compiled(alias: str) -> tuple[str, list[str], dict[int, tuple[list[Any], Any]]]:
    compiler = Challenge.objects.filter(pk=0).query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    if list(params) != [0]:  # pragma: no cover - the ORM's statement changed shape
        raise RuntimeError(f"unexpected parameters for the challenge's row: {params!r}")
    columns = [column for column, _, _ in compiler.select]
    return sql, [column.target.attname for column in columns], compiler.get_converters(columns)


def challenge_row(*, number: int, using: str = "default") -> Challenge | None:
    """The challenge numbered ``number``, as ``Challenge.objects.filter(pk=number).first()``."""
    sql, attnames, converters = _compiled(using)
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, [number])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for position, (functions, expression) in converters.items():
        value = values[position]
        for function in functions:
            value = function(value, expression, connection)
        values[position] = value
    return Challenge.from_db(using, attnames, values)
