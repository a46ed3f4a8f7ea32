"""The leaderboard cache: hot reads of a challenge's board, kept in the Django cache.

Every cached read of a challenge lives under a per-challenge version token. A submit or
a void replaces the token after its transaction commits, so every older read goes
stale at once and a player sees their row the moment they submit; the old keys simply
expire. The database stays the truth: losing the cache (Redis restarted) only costs
recomputing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TypeVar, cast

from django.conf import settings
from django.core.cache import cache

from challenges.models import Challenge

T = TypeVar("T")
_MISSING = object()


def _cache_namespace(challenge: Challenge) -> str:
    # created_at tells a recreated row (a test database, a restore) from the old one.
    stamp = int(challenge.created_at.timestamp() * 1_000_000) if challenge.created_at else 0
    return f"leaderboard:{challenge.pk}:{stamp}"


def leaderboard_cache_version(*, challenge: Challenge) -> str:
    key = f"{_cache_namespace(challenge)}:version"
    version = cache.get(key)
    if version is None:
        cache.add(key, uuid.uuid4().hex, timeout=None)
        version = cache.get(key) or "uncached"
    return str(version)


def leaderboard_cache_bump(*, challenge: Challenge) -> None:
    """Make every cached read of this challenge's board stale (call after commit)."""
    cache.set(f"{_cache_namespace(challenge)}:version", uuid.uuid4().hex, timeout=None)


def leaderboard_cached(
    challenge: Challenge, name: str, compute: Callable[[], T], version: str | None = None
) -> T:
    """``compute()``, cached under this challenge's current version (or ``version``)."""
    version = version or leaderboard_cache_version(challenge=challenge)
    key = f"{_cache_namespace(challenge)}:{version}:{name}"
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = compute()
        cache.set(key, value, timeout=settings.LEADERBOARD_CACHE_SECONDS)
    return cast(T, value)
