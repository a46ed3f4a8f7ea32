"""The reads and the write of a request whose API token the cache does not hold, in
plain SQL on PostgreSQL: every active token misses the cache once a minute (its time to
live) and is touched once a minute, and the ORM's work to build these statements cost
more than the database takes to answer them. Other databases (SQLite, in the quick test
runs) take the ORM: the same statements.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import Q

from accounts.models import ApiToken

# What a request needs of the token's user (as token_cache keeps); the rest loads if read.
USER_FIELDS = ("id", "username", "is_active", "is_staff", "is_superuser")


def user_loaded(values: Mapping[str, Any]) -> User:
    """The user as loaded with only ``values`` (of ``USER_FIELDS``, given in the model's
    order); any other field is read from the database when used."""
    user_model = get_user_model()
    names = [f.attname for f in user_model._meta.concrete_fields if f.attname in values]
    return user_model.from_db(DEFAULT_DB_ALIAS, names, [values[name] for name in names])


@cache
def _select_sql() -> str:
    q = connection.ops.quote_name
    users = get_user_model()._meta
    user_fields = {f.attname: f for f in users.concrete_fields}
    token_columns = [f"t.{q(str(f.column))}" for f in ApiToken._meta.concrete_fields]
    user_columns = [f"u.{q(str(user_fields[name].column))}" for name in USER_FIELDS]
    return (
        f"SELECT {', '.join(token_columns + user_columns)} FROM {q(ApiToken._meta.db_table)} t"
        f" JOIN {q(users.db_table)} u ON u.{q(str(user_fields['id'].column))} = t.{q('user_id')}"
        f" WHERE t.{q('prefix')} = %s"
    )


def tokens_by_prefix(*, prefix: str) -> list[ApiToken]:
    """The tokens whose secrets start with ``prefix``, each with its user."""
    if connection.vendor != "postgresql":
        return list(ApiToken.objects.select_related("user").filter(prefix=prefix))
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(), [prefix])
        rows = cursor.fetchall()
    token_names = [f.attname for f in ApiToken._meta.concrete_fields]
    found = []
    for row in rows:
        token = ApiToken.from_db(DEFAULT_DB_ALIAS, token_names, row[: len(token_names)])
        token.user = user_loaded(dict(zip(USER_FIELDS, row[len(token_names) :], strict=True)))
        found.append(token)
    return found


def token_touch(*, token_id: int, now: datetime, interval: timedelta) -> None:
    """Set the token's ``last_used_at`` to ``now`` unless it was set within ``interval``."""
    if connection.vendor != "postgresql":
        stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - interval)
        ApiToken.objects.filter(stale, pk=token_id).update(last_used_at=now)
        return
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {q(ApiToken._meta.db_table)} SET {q('last_used_at')} = %s"
            f" WHERE {q('id')} = %s AND ({q('last_used_at')} IS NULL OR {q('last_used_at')} < %s)",
            [now, token_id, now - interval],
        )
