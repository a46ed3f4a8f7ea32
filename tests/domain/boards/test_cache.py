"""The leaderboard cache: reads stay until a bump (in the database), then recompute."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import transaction

from challenges.boards.cache import (
    leaderboard_cache_bump,
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
