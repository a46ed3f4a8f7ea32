"""The leaderboard cache: reads stay until a bump, then recompute."""

from __future__ import annotations

import pytest

from challenges.leaderboard_cache import (
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
