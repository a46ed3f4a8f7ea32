"""The site's cache in two levels: the bytes this process read last, kept in its own
memory for a few seconds, in front of the shared cache (Redis).

A cached read whose key names all its bytes depend on (a board page's key holds the
board's version, which every submit bumps in the database; a shared page's key holds
everything it shows) is the same bytes for as long as the key is asked. Fetching them
again from Redis on every read was a large part of a cached board read's CPU
(docs/performance.md). Such keys are named in the settings (``KEY_PREFIXES``); no caller
knows this level exists. A near copy is only ever found by its whole key, so it can be
no staler than the shared copy it came from, and it lives ``SECONDS`` past that at most.

Bytes only: they cannot be changed by the code that reads them. The copies are bounded
by their total size (``MAX_BYTES``); the oldest go first.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

# Long enough that the busiest URLs are fetched once a worker and key in a while; short
# enough that a copy outlives the shared cache's by nothing a reader would notice.
NEAR_SECONDS = 2.0


class NearCopies:
    """Bytes by key, each for ``seconds``, never more than ``max_bytes`` in all."""

    def __init__(self, *, max_bytes: int, seconds: float = NEAR_SECONDS) -> None:
        self.seconds = seconds
        self.max_bytes = max_bytes
        self._copies: dict[str, tuple[float, bytes]] = {}
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        copy = self._copies.get(key)
        if copy is None or copy[0] <= time.monotonic():
            return None
        return copy[1]

    def keep(self, key: str, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            self.forget(key)
            self._copies[key] = (time.monotonic() + self.seconds, value)
            self._bytes += len(value)
            while self._bytes > self.max_bytes:
                self.forget(next(iter(self._copies)))  # the oldest kept

    def forget(self, key: str) -> None:
        old = self._copies.pop(key, None)
        if old is not None:
            self._bytes -= len(old[1])

    def clear(self) -> None:
        with self._lock:
            self._copies.clear()
            self._bytes = 0


# One set of copies per process and location: Django builds a backend per thread.
_near: dict[str, NearCopies] = {}
_near_lock = threading.Lock()


class NearCache(BaseCache):
    """``LOCATION``: the alias of the shared cache behind. ``OPTIONS``: ``KEY_PREFIXES``,
    the keys whose bytes are kept near; ``MAX_BYTES``; ``SECONDS``."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS", {}))
        super().__init__({**params, "OPTIONS": {}})
        self.shared_alias = location
        self.prefixes = tuple(options.get("KEY_PREFIXES", ()))
        with _near_lock:
            self.near = _near.setdefault(
                location,
                NearCopies(
                    max_bytes=int(options.get("MAX_BYTES", 16 * 1024 * 1024)),
                    seconds=float(options.get("SECONDS", NEAR_SECONDS)),
                ),
            )

    @property
    def shared(self) -> BaseCache:
        return caches[self.shared_alias]

    def _near_key(self, key: Any, version: Any) -> str | None:
        if not isinstance(key, str) or not key.startswith(self.prefixes):
            return None
        return f"{version}:{key}" if version is not None else key

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        near_key = self._near_key(key, version)
        if near_key is not None:
            copy = self.near.get(near_key)
            if copy is not None:
                return copy
        value = self.shared.get(key, default, version)
        if near_key is not None and isinstance(value, bytes):
            self.near.keep(near_key, value)
        return value

    def delete(self, key: Any, version: Any = None) -> bool:
        near_key = self._near_key(key, version)
        if near_key is not None:
            with self.near._lock:
                self.near.forget(near_key)
        return bool(self.shared.delete(key, version))

    def delete_many(self, keys: Any, version: Any = None) -> None:
        for key in keys:
            near_key = self._near_key(key, version)
            if near_key is not None:
                with self.near._lock:
                    self.near.forget(near_key)
        self.shared.delete_many(keys, version)

    def clear(self) -> None:
        self.near.clear()
        self.shared.clear()

    # The rest is the shared cache's.

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return bool(self.shared.add(key, value, timeout, version))

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self.shared.set(key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return bool(self.shared.touch(key, timeout, version))

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self.shared.get_many(keys, version)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return bool(self.shared.has_key(key, version))

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        return int(self.shared.incr(key, delta, version))

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self.shared.set_many(data, timeout, version)

    def close(self, **kwargs: Any) -> None:
        self.shared.close(**kwargs)
