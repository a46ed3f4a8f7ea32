"""The leaderboard cache: hot reads of a challenge's board, kept in the Django cache.

Every cached read of a challenge lives under the challenge's board version, a counter in
its database row that a submit or a void increments in its own transaction. Once that
commits, every older read is stale at once and a player sees their row the moment they
submit; the old keys simply expire. The version lives in the database, not in Redis,
so a bump can never be lost to a Redis outage: nothing cached before, during or after
one is served stale. Losing the cache (Redis restarted) only costs recomputing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db.models import F

from challenges.models import Challenge

T = TypeVar("T")
_MISSING = object()


def _cache_namespace(challenge: Challenge) -> str:
    # created_at tells a recreated row (a test database, a restore) from the old one.
    stamp = int(challenge.created_at.timestamp() * 1_000_000) if challenge.created_at else 0
    return f"leaderboard:{challenge.pk}:{stamp}"


class _RequestVersions(threading.local):
    """The versions read during the current web request (None outside one)."""

    read: dict[int, str] | None = None


_request_versions = _RequestVersions()


def _request_began(**kwargs: Any) -> None:
    _request_versions.read = {}


def _request_ended(**kwargs: Any) -> None:
    _request_versions.read = None


# A page asks for its board's version several times (rows, histogram, rank, pieces
# of the page): within one request the first answer is as fresh as the next, unless
# the request itself changes the board, and then the bump forgets it. Outside a
# request (tasks, commands, tests that call the domain) nothing is remembered.
request_started.connect(_request_began, dispatch_uid="leaderboard_versions_began")
request_finished.connect(_request_ended, dispatch_uid="leaderboard_versions_ended")


def leaderboard_cache_version(*, challenge: Challenge) -> str:
    """The board's current version, read from the database (one indexed row), once
    per web request."""
    read = _request_versions.read
    if read is not None and challenge.pk in read:
        return read[challenge.pk]
    number = (
        Challenge.objects.filter(pk=challenge.pk).values_list("board_version", flat=True).first()
    )
    version = f"v{number}"
    if read is not None:
        read[challenge.pk] = version
    return version


def leaderboard_version_loaded(*, challenge: Challenge) -> None:
    """``challenge`` was just read from the database in this web request: its board
    version is as fresh as a read of the version would be, so the request's board
    reads need not read it again. (A bump later in the request forgets it.)"""
    read = _request_versions.read
    if read is not None:
        read[challenge.pk] = f"v{challenge.board_version}"


def leaderboard_cache_bump(*, challenge: Challenge) -> None:
    """Make every cached read of this challenge's board stale once the caller commits.

    Call it inside the transaction that changes the board.
    """
    Challenge.objects.filter(pk=challenge.pk).update(board_version=F("board_version") + 1)
    leaderboard_versions_forget()


def leaderboard_versions_forget() -> None:
    """Forget the versions this request read: for a caller that bumped a board's
    version in its own SQL (the submit's one statement, ``moderation/entry_writes.py``)."""
    if _request_versions.read is not None:
        _request_versions.read.clear()


def leaderboard_fragment_key(*, challenge: Challenge, parts: Sequence[object]) -> str:
    """The key of a cached piece of a rendered board page (the rows, the histogram):
    the board's current version and whatever else the piece shows (``parts``: the
    page, the viewer, the language...). A submit makes every such piece stale at once."""
    version = leaderboard_cache_version(challenge=challenge)
    return ":".join([_cache_namespace(challenge), version, *map(str, parts)])


def leaderboard_cache_key(*, challenge: Challenge, name: str, version: str | None = None) -> str:
    """The cache key of the read ``name`` of this challenge's board at its current
    version (or ``version``)."""
    version = version or leaderboard_cache_version(challenge=challenge)
    return f"{_cache_namespace(challenge)}:{version}:{name}"


def leaderboard_cache_peek(*, challenge: Challenge, name: str) -> Any | None:
    """The read ``name`` if it is cached at the board's current version, else None
    (nothing cached here is None)."""
    return cache.get(leaderboard_cache_key(challenge=challenge, name=name))


def leaderboard_cached(
    challenge: Challenge,
    name: str,
    compute: Callable[[], T],
    version: str | None = None,
    *,
    missed: bool = False,
) -> T:
    """``compute()``, cached under this challenge's current version (or ``version``);
    ``missed`` when the caller has just found it missing (no second look)."""
    key = leaderboard_cache_key(challenge=challenge, name=name, version=version)
    value = _MISSING if missed else cache.get(key, _MISSING)
    if value is _MISSING:
        value = compute()
        cache.set(key, value, timeout=settings.LEADERBOARD_CACHE_SECONDS)
    return cast(T, value)
