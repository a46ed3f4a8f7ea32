"""The cached bytes this process read last, kept in its own memory for a few seconds.

A cached read whose key names all its bytes depend on (a board page's key holds the
board's version, which every submit bumps in the database) is the same bytes for as
long as the key is asked. Fetching them again from Redis on every read was a large part
of a cached board read's CPU (docs/performance.md). A near copy is only ever found by its
whole key, so the caller still reads the version first: it can be no staler than the
Redis copy it came from, and it lives ``seconds`` past that at most.

Bytes only: they cannot be changed by the code that reads them. The copies are bounded
by their total size; the oldest go first.
"""

from __future__ import annotations

import threading
import time
import weakref
from typing import Any

from django.core.cache import cache

# Long enough that the busiest URLs are fetched once a worker and key in a while; short
# enough that a copy outlives the shared cache's by nothing a reader would notice.
NEAR_SECONDS = 2.0


class NearCopies:
    def __init__(self, *, max_bytes: int, seconds: float = NEAR_SECONDS) -> None:
        self.seconds = seconds
        self.max_bytes = max_bytes
        self._copies: dict[str, tuple[float, bytes]] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        _every.add(self)

    def get(self, key: str) -> bytes | None:
        copy = self._copies.get(key)
        if copy is None or copy[0] <= time.monotonic():
            return None
        return copy[1]

    def read(self, key: str) -> Any | None:
        """The near copy under ``key``, else the shared cache's value (None if absent),
        kept near when it is bytes."""
        near = self.get(key)
        if near is not None:
            return near
        value = cache.get(key)
        if isinstance(value, bytes):
            self.keep(key, value)
        return value

    def keep(self, key: str, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            self._forget(key)
            self._copies[key] = (time.monotonic() + self.seconds, value)
            self._bytes += len(value)
            while self._bytes > self.max_bytes:
                self._forget(next(iter(self._copies)))  # the oldest kept

    def clear(self) -> None:
        with self._lock:
            self._copies.clear()
            self._bytes = 0

    def _forget(self, key: str) -> None:
        old = self._copies.pop(key, None)
        if old is not None:
            self._bytes -= len(old[1])


_every: weakref.WeakSet[NearCopies] = weakref.WeakSet()


def near_copies_clear() -> None:
    """Forget every near copy of the process: for a cache emptied under a recreated
    database (a test's), where a new board may have an old one's number and date."""
    for copies in list(_every):
        copies.clear()
