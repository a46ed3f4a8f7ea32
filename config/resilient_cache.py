"""A Redis cache that never takes the site down with it.

Redis holds nothing that the database cannot rebuild (DESIGN.md), so when it is down or
slow a request should carry on without it, not fail or wait. This backend is Django's
RedisCache with three additions:

- **Short timeouts** (the settings give the pool ``socket_connect_timeout`` and
  ``socket_timeout`` of 200 ms, and redis-py retries nothing by default).
- **A circuit breaker.** The first failure opens the circuit for ``OPEN_SECONDS``;
  while it is open no request touches Redis, so a paused Redis (SIGSTOP) costs one
  timeout per interval and process, not one per request. After the interval one request
  tries Redis again and closes the circuit when it answers.
- **A fallback.** While the circuit is open every operation goes to a local memory
  cache of this process, where cached reads miss once and are recomputed from the
  database. The limits' store (the ``"limits"`` alias) falls back to the database
  instead (``OPTIONS["fallback"] = "database"``, config.limit_store): a per-process LRU
  could be emptied by a flood of cached reads, and failing open would hand an attacker
  the log-in form whenever Redis is down.

The leaderboard keys are versioned by a counter in the database (challenges/boards/cache.py),
so nothing cached before or during an outage can be served stale after it.

One warning is logged when an outage starts and one line when it ends; the counters in
``CACHE_HEALTH`` are the metric (``/healthz`` shows them).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from config.limit_store import DatabaseLimitStore

logger = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class CacheHealth:
    """What the breaker has seen in this process: the metric an operator reads."""

    outages: int = 0
    fallbacks: int = 0
    failed_calls: int = 0
    """Calls that reached for Redis and failed (each cost up to one timeout)."""
    open_since: float | None = None
    retry_at: float = 0.0
    """While open, no process thread touches Redis before this (monotonic) time."""

    @property
    def redis_up(self) -> bool:
        return self.open_since is None


CACHE_HEALTH = CacheHealth()
_health_lock = threading.Lock()


class _ReusedClientRedisCacheClient(RedisCacheClient):
    """Django's client builds a new ``redis.Redis`` (and its table of ~170 response
    callbacks) for every cache call: a third of a millisecond a request on the hot
    paths. A ``Redis`` object is thread-safe over its pool, so keep one per pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            made = self._client(connection_pool=pool)  # type: ignore[attr-defined]
            client = self._clients.setdefault(id(pool), made)
        return client


class ResilientRedisCache(RedisCache):
    OPEN_SECONDS = 5.0

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS", {}))
        self.open_seconds = float(options.pop("circuit_open_seconds", self.OPEN_SECONDS))
        fallback = options.pop("fallback", "memory")
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = _ReusedClientRedisCacheClient
        self._fallback: BaseCache
        if fallback == "database":
            self._fallback = DatabaseLimitStore("default", {"TIMEOUT": self.default_timeout})
        else:
            # One name, so every thread's instance in this process shares the same store.
            self._fallback = LocMemCache(
                "resilient-redis-fallback", {"TIMEOUT": self.default_timeout}
            )
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)

    def _call(self, redis_call: Callable[[], T], fallback_call: Callable[[], T]) -> T:
        if CACHE_HEALTH.open_since is not None and not self._probe_turn():
            CACHE_HEALTH.fallbacks += 1
            return fallback_call()
        try:
            result = redis_call()
        except self._errors as error:
            self._trip(error)
            CACHE_HEALTH.fallbacks += 1
            return fallback_call()
        if CACHE_HEALTH.open_since is not None:
            self._recover()
        return result

    def _probe_turn(self) -> bool:
        """While open: True for the one call per interval that tries Redis again."""
        with _health_lock:
            now = time.monotonic()
            if now < CACHE_HEALTH.retry_at:
                return False
            CACHE_HEALTH.retry_at = now + self.open_seconds
            return True

    def _trip(self, error: BaseException) -> None:
        with _health_lock:
            CACHE_HEALTH.failed_calls += 1
            CACHE_HEALTH.retry_at = time.monotonic() + self.open_seconds
            if CACHE_HEALTH.open_since is None:
                CACHE_HEALTH.open_since = time.time()
                CACHE_HEALTH.outages += 1
                logger.warning(
                    "Redis cache unreachable (%s: %s); serving from the database and a "
                    "per-process cache, retrying every %.0f s",
                    type(error).__name__,
                    error,
                    self.open_seconds,
                )

    def _recover(self) -> None:
        with _health_lock:
            if CACHE_HEALTH.open_since is None:
                return
            down_for = time.time() - CACHE_HEALTH.open_since
            CACHE_HEALTH.open_since = None
            logger.warning("Redis cache reachable again after %.1f s", down_for)

    # Every public operation of the cache API, each with its fallback twin.

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._call(
            lambda: super(ResilientRedisCache, self).add(key, value, timeout, version),
            lambda: self._fallback.add(key, value, timeout, version),
        )

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._call(
            lambda: super(ResilientRedisCache, self).get(key, default, version),
            lambda: self._fallback.get(key, default, version),
        )

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._call(
            lambda: super(ResilientRedisCache, self).set(key, value, timeout, version),
            lambda: self._fallback.set(key, value, timeout, version),
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._call(
            lambda: super(ResilientRedisCache, self).touch(key, timeout, version),
            lambda: self._fallback.touch(key, timeout, version),
        )

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._call(
            lambda: super(ResilientRedisCache, self).delete(key, version),
            lambda: self._fallback.delete(key, version),
        )

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._call(
            lambda: super(ResilientRedisCache, self).get_many(keys, version),
            lambda: self._fallback.get_many(keys, version),
        )

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._call(
            lambda: super(ResilientRedisCache, self).has_key(key, version),
            lambda: self._fallback.has_key(key, version),
        )

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        return self._call(
            lambda: super(ResilientRedisCache, self).incr(key, delta, version),
            lambda: self._fallback.incr(key, delta, version),
        )

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self._call(
            lambda: super(ResilientRedisCache, self).set_many(data, timeout, version),
            lambda: self._fallback.set_many(data, timeout, version),
        )

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._call(
            lambda: super(ResilientRedisCache, self).delete_many(keys, version),
            lambda: self._fallback.delete_many(keys, version),
        )

    def clear(self) -> None:
        self._fallback.clear()
        self._call(lambda: super(ResilientRedisCache, self).clear(), lambda: None)

    def window_count(self, key: Any, timeout: int, version: Any = None) -> int:
        """Add one to the counter ``key`` (made at 0 with ``timeout`` seconds to live if
        missing) and return its new value, in one round trip to Redis: the throttles
        count each request with it (config.throttling)."""

        def on_redis() -> int:
            name = self.make_and_validate_key(key, version=version)
            client = self._cache.get_client(name, write=True)
            pipe = client.pipeline(transaction=False)
            pipe.set(name, 0, ex=timeout, nx=True)
            pipe.incr(name)
            return int(pipe.execute()[1])

        def on_fallback() -> int:
            if isinstance(self._fallback, DatabaseLimitStore):
                return self._fallback.window_count(key, timeout, version)
            return window_count_local(self._fallback, key, timeout)

        return self._call(on_redis, on_fallback)


def window_count_local(cache: Any, key: Any, timeout: int) -> int:
    cache.add(key, 0, timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr: this request opens it anew
        cache.add(key, 1, timeout)
        return 1
