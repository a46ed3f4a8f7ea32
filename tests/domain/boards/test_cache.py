"""The leaderboard cache: reads stay until a bump (in the database), then recompute."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import transaction

from challenges.boards.cache import (
    leaderboard_cache_bump,
    leaderboard_cache_key,
    leaderboard_cache_peek,
    leaderboard_cache_version,
    leaderboard_cached,
)
from tests.factories import ChallengeFactory

pytestmark = pytest.mark.django_db


def test_a_cached_read_is_computed_once_per_version() -> None:
    challenge = ChallengeFactory()
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert leaderboard_cached(challenge, "answer", compute) == 1
    assert leaderboard_cached(challenge, "answer", compute) == 1
    before = leaderboard_cache_version(challenge=challenge)
    leaderboard_cache_bump(challenge=challenge)
    assert leaderboard_cache_version(challenge=challenge) != before
    assert leaderboard_cached(challenge, "answer", compute) == 2
    assert len(calls) == 2


def test_each_challenge_has_its_own_version() -> None:
    first = ChallengeFactory()
    second = ChallengeFactory(number=first.number - 1)
    assert first.pk != second.pk
    untouched = leaderboard_cache_version(challenge=second)
    leaderboard_cache_bump(challenge=first)
    assert leaderboard_cache_version(challenge=second) == untouched


def test_a_bump_rolled_back_with_its_transaction_changes_nothing() -> None:
    challenge = ChallengeFactory()
    before = leaderboard_cache_version(challenge=challenge)
    with pytest.raises(RuntimeError), transaction.atomic():
        leaderboard_cache_bump(challenge=challenge)
        raise RuntimeError("the submit failed")
    assert leaderboard_cache_version(challenge=challenge) == before


def test_the_version_survives_losing_the_cache() -> None:
    # The version is the database's: a flushed or restarted cache cannot bring back an
    # older board under the current key.
    challenge = ChallengeFactory()
    leaderboard_cache_bump(challenge=challenge)
    bumped = leaderboard_cache_version(challenge=challenge)
    cache.clear()
    assert leaderboard_cache_version(challenge=challenge) == bumped


def test_a_peeked_page_is_kept_near_under_its_version_only() -> None:
    # The process keeps what it read, under the same key: the version still read from
    # the database decides which copy is asked for, so a bump is seen at once.
    challenge = ChallengeFactory()
    key = leaderboard_cache_key(challenge=challenge, name="page")
    cache.set(key, b"the page at v0")
    assert leaderboard_cache_peek(challenge=challenge, name="page") == b"the page at v0"
    caches["shared"].delete(key)  # gone from Redis (another process's delete, an expiry)
    assert leaderboard_cache_peek(challenge=challenge, name="page") == b"the page at v0"
    leaderboard_cache_bump(challenge=challenge)
    assert leaderboard_cache_peek(challenge=challenge, name="page") is None
    cache.set(leaderboard_cache_key(challenge=challenge, name="page"), b"the page at v1")
    assert leaderboard_cache_peek(challenge=challenge, name="page") == b"the page at v1"


def test_only_bytes_are_kept_near() -> None:
    # Anything else would be one object shared by every reader of the process.
    challenge = ChallengeFactory()
    key = leaderboard_cache_key(challenge=challenge, name="rows")
    cache.set(key, ["a", "list"])
    assert leaderboard_cache_peek(challenge=challenge, name="rows") == ["a", "list"]
    caches["shared"].delete(key)
    assert leaderboard_cache_peek(challenge=challenge, name="rows") is None
