"""The leaderboard cache: hot reads of a challenge's board, kept in the Django cache.

Every cached read of a challenge lives under the challenge's board version, a counter in
its database row that a submit or a void increments in its own transaction. Once that
commits, every older read is stale at once and a player sees their row the moment they
submit; the old keys simply expire. The version lives in the database, not in Redis,
so a bump can never be lost to a Redis outage: nothing cached before, during or after
one is served stale. Losing the cache (Redis restarted) only costs recomputing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.db.models import F

from challenges.models import Challenge

T = TypeVar("T")
_MISSING = object()


def _cache_namespace(challenge: Challenge) -> str:
    # created_at tells a recreated row (a test database, a restore) from the old one.
    stamp = int(challenge.created_at.timestamp() * 1_000_000) if challenge.created_at else 0
    return f"leaderboard:{challenge.pk}:{stamp}"


def leaderboard_cache_version(*, challenge: Challenge) -> str:
    """The board's current version, read from the database (one indexed row)."""
    version = (
        Challenge.objects.filter(pk=challenge.pk).values_list("board_version", flat=True).first()
    )
    return f"v{version}"


def leaderboard_cache_bump(*, challenge: Challenge) -> None:
    """Make every cached read of this challenge's board stale once the caller commits.

    Call it inside the transaction that changes the board.
    """
    Challenge.objects.filter(pk=challenge.pk).update(board_version=F("board_version") + 1)


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
