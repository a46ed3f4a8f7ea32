"""The store the limits count in (throttles and log-in lock-outs): a cache alias of
their own, ``"limits"``, that no cached read can evict.

With Redis it is a ``ResilientRedisCache`` on a database of its own
(``LIMITS_REDIS_URL``), whose fallback while Redis is down is this module's
``DatabaseLimitStore``; without Redis it is that store directly. A per-process LRU
would not do: 300 cached reads evicted a lock-out, and each web process would count on
its own. The store is a table (``accounts.LimitCount``) with one atomic upsert per
count, so every process and host sees the same counts, and nothing but expiry removes
one.

It implements what the limits use: ``window_count`` (count one, say how many), ``incr``
and ``decr`` (give one back), ``get``, ``add``, ``set``, ``delete``, ``has_key`` and
``clear``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.db import connections

TABLE = "limit_counts"
# Expired rows are swept now and then by a count, so the table holds about one window.
SWEEP_ONE_IN = 500


class DatabaseLimitStore(BaseCache):
    def __init__(self, location: str = "", params: dict[str, Any] | None = None) -> None:
        super().__init__(params or {})
        self.alias = location or "default"

    def _cursor(self) -> Any:
        return connections[self.alias].cursor()

    def _expiry(self, timeout: Any) -> float:
        seconds = self.get_backend_timeout(timeout)
        return float("inf") if seconds is None else time.time() + max(0.0, float(seconds))

    def window_count(self, key: Any, timeout: int, version: Any = None) -> int:
        """Add one to ``key`` (made with ``timeout`` seconds to live if missing or
        expired) and return its new value: one statement, atomic in the database."""
        name = self.make_and_validate_key(key, version=version)
        now = time.time()
        with self._cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (key, hits, expires_at) VALUES (%s, 1, %s) "
                f"ON CONFLICT (key) DO UPDATE SET "
                f"hits = CASE WHEN {TABLE}.expires_at <= %s THEN 1 ELSE {TABLE}.hits + 1 END, "
                f"expires_at = CASE WHEN {TABLE}.expires_at <= %s "
                f"THEN excluded.expires_at ELSE {TABLE}.expires_at END "
                f"RETURNING hits",
                [name, now + timeout, now, now],
            )
            count = int(cursor.fetchone()[0])
            if random.randrange(SWEEP_ONE_IN) == 0:  # a sweep, not a secret
                cursor.execute(f"DELETE FROM {TABLE} WHERE expires_at <= %s", [now])
        return count

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        name = self.make_and_validate_key(key, version=version)
        now = time.time()
        with self._cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (key, hits, expires_at) VALUES (%s, %s, %s) "
                f"ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, "
                f"expires_at = excluded.expires_at WHERE {TABLE}.expires_at <= %s",
                [name, int(value), min(self._expiry(timeout), 1e15), now],
            )
            return bool(cursor.rowcount)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        name = self.make_and_validate_key(key, version=version)
        with self._cursor() as cursor:
            cursor.execute(
                f"SELECT hits FROM {TABLE} WHERE key = %s AND expires_at > %s", [name, time.time()]
            )
            row = cursor.fetchone()
        return default if row is None else int(row[0])

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        name = self.make_and_validate_key(key, version=version)
        with self._cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (key, hits, expires_at) VALUES (%s, %s, %s) "
                f"ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, "
                f"expires_at = excluded.expires_at",
                [name, int(value), min(self._expiry(timeout), 1e15)],
            )

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        name = self.make_and_validate_key(key, version=version)
        with self._cursor() as cursor:
            cursor.execute(
                f"UPDATE {TABLE} SET hits = hits + %s WHERE key = %s AND expires_at > %s "
                f"RETURNING hits",
                [delta, name, time.time()],
            )
            row = cursor.fetchone()
        if row is None:
            raise ValueError(f"Key '{key}' not found")
        return int(row[0])

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        name = self.make_and_validate_key(key, version=version)
        with self._cursor() as cursor:
            cursor.execute(
                f"UPDATE {TABLE} SET expires_at = %s WHERE key = %s AND expires_at > %s",
                [min(self._expiry(timeout), 1e15), name, time.time()],
            )
            return bool(cursor.rowcount)

    def delete(self, key: Any, version: Any = None) -> bool:
        name = self.make_and_validate_key(key, version=version)
        with self._cursor() as cursor:
            cursor.execute(f"DELETE FROM {TABLE} WHERE key = %s", [name])
            return bool(cursor.rowcount)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self.get(key, None, version) is not None

    def clear(self) -> None:
        with self._cursor() as cursor:
            cursor.execute(f"DELETE FROM {TABLE}")
