"""Leaderboard reads and submits on one big challenge (PostgreSQL).

``make bench`` (``--benchmark-enable``) fills one challenge with 100,000 entries
(bulk insert; ``BENCH_ENTRIES`` overrides) and prints p50/p95 of: a leaderboard page
(first, middle, last; cold, i.e. right after a submit invalidated the cache, and
cached), a player's rank, and a submit. In the normal suite benchmarks are disabled,
so each runs as a cheap plain test on 2,000 entries that checks its answer. Nothing
here asserts a speed.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from challenges.boards.cache import leaderboard_cache_bump
from challenges.boards.leaderboards import LeaderboardPage, leaderboard_page
from challenges.boards.standing import PlayerRank, leaderboard_rank
from challenges.models import Challenge, Entry, Run
from challenges.moderation.entries import challenge_entry_stats_refresh, entry_submit
from tests.conftest import service_missing
from tests.factories import ChallengeFactory

PREFIX = "bench-"
BATCH = 5_000


def _benchmarking(config: pytest.Config) -> bool:
    # pyproject's addopts disable benchmarks; `make bench` passes --benchmark-enable.
    return bool(config.getoption("benchmark_enable")) or not config.getoption("benchmark_disable")


def _entries_wanted(config: pytest.Config) -> int:
    default = 100_000 if _benchmarking(config) else 2_000
    return int(os.environ.get("BENCH_ENTRIES", default))


def _rounds(config: pytest.Config, full: int) -> int:
    return full if _benchmarking(config) else 3


def _fill(challenge: Challenge, count: int) -> None:
    """``count`` players, each with one finished run and its entry (bulk inserts)."""
    users = get_user_model()
    rng = random.Random(7)
    start = challenge.opens_at + timedelta(minutes=1)
    for first in range(0, count, BATCH):
        numbers = range(first, min(count, first + BATCH))
        players = users.objects.bulk_create(
            [users(username=f"{PREFIX}{n}", password="!") for n in numbers]
        )
        scores = [round(rng.gauss(150, 60)) for _ in numbers]
        moments = [start + timedelta(milliseconds=137 * n) for n in numbers]
        runs = Run.objects.bulk_create(
            [
                Run(
                    player=p,
                    challenge=challenge,
                    started_at=t,
                    finished_at=t,
                    status=Run.Status.FINISHED,
                    score=s,
                    log={"moves": []},
                )
                for p, s, t in zip(players, scores, moments, strict=True)
            ]
        )
        Entry.objects.bulk_create(
            [
                Entry(challenge=challenge, player=p, run=r, score=s, submitted_at=t)
                for p, r, s, t in zip(players, runs, scores, moments, strict=True)
            ]
        )
    challenge_entry_stats_refresh(challenge=challenge)  # bulk inserts skip it
    with connection.cursor() as cursor:
        # What autovacuum would do after a day of submits: fresh planner statistics.
        cursor.execute("ANALYZE challenges_entry, challenges_run, auth_user")


def _empty(challenge: Challenge) -> None:
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM challenges_entry WHERE challenge_id = %s", [challenge.pk])
        cursor.execute("DELETE FROM challenges_scorecount WHERE challenge_id = %s", [challenge.pk])
        cursor.execute("DELETE FROM challenges_run WHERE challenge_id = %s", [challenge.pk])
        cursor.execute("DELETE FROM auth_user WHERE username LIKE %s", [PREFIX + "%"])
        cursor.execute("DELETE FROM challenges_challenge WHERE number = %s", [challenge.pk])


@pytest.fixture(scope="module")
def board(
    request: pytest.FixtureRequest, django_db_setup: None, django_db_blocker: Any
) -> Iterator[Challenge]:
    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            service_missing("the leaderboard benchmark needs PostgreSQL (DATABASE_URL)")
        challenge = ChallengeFactory()
        wanted = _entries_wanted(request.config)
        began = time.perf_counter()
        _fill(challenge, wanted)
        took = time.perf_counter() - began
        print(f"\n[service bench] filled #{challenge.number}: {wanted:,} entries, {took:.1f} s")
        try:
            yield challenge
        finally:
            _empty(challenge)
            cache.clear()


def _percentiles(
    what: str, rounds: int, action: Callable[[], object], before: Callable[[], object] | None = None
) -> None:
    timings = []
    for _ in range(rounds):
        if before is not None:
            before()
        began = time.perf_counter()
        action()
        timings.append((time.perf_counter() - began) * 1000)
    timings.sort()
    p50 = statistics.median(timings)
    p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
    print(f"\n[service bench] {what}: p50 {p50:.2f} ms, p95 {p95:.2f} ms ({rounds} rounds)")


def _invalidate(challenge: Challenge) -> Callable[[], None]:
    return lambda: leaderboard_cache_bump(challenge=challenge)


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_leaderboard_page(
    board: Challenge, where: str, benchmark: Any, request: pytest.FixtureRequest
) -> None:
    count = Entry.objects.filter(challenge=board, voided_at__isnull=True).count()
    last = -(-count // 50)
    page = {"first": 1, "middle": last // 2, "last": last}[where]

    def read() -> LeaderboardPage:
        return leaderboard_page(challenge=board, page=page)

    rounds = _rounds(request.config, 60)
    _percentiles(f"page {page} of {last} ({where}), cold", rounds, read, before=_invalidate(board))
    _percentiles(f"page {page} of {last} ({where}), cached", rounds * 5, read)
    result = benchmark(read)
    expected_first_rank = (
        1 + Entry.objects.filter(challenge=board, score__gt=result.results[0].score).count()
    )
    assert result.results[0].rank == expected_first_rank
    assert len(result.results) == (count - 50 * (last - 1) if where == "last" else 50)


@pytest.mark.django_db
def test_player_rank(board: Challenge, benchmark: Any, request: pytest.FixtureRequest) -> None:
    entries = list(
        Entry.objects.filter(challenge=board).order_by("?").select_related("player")[:50]
    )
    players = iter(entries * 1000)

    def rank() -> PlayerRank | None:
        return leaderboard_rank(challenge=board, player=next(players).player)

    _percentiles("a player's rank (rank, percentile, page)", _rounds(request.config, 200), rank)
    entry = entries[0]
    standing = benchmark(lambda: leaderboard_rank(challenge=board, player=entry.player))
    assert standing is not None
    assert standing.rank == 1 + Entry.objects.filter(challenge=board, score__gt=entry.score).count()


@pytest.mark.django_db
def test_submit(board: Challenge, benchmark: Any, request: pytest.FixtureRequest) -> None:
    users = get_user_model()
    now = timezone.now()
    made = iter(range(10**9))

    def finished_run() -> Run:
        player = users.objects.create(username=f"{PREFIX}submit-{next(made)}", password="!")
        return Run.objects.create(
            player=player, challenge=board, started_at=now, finished_at=now,
            status=Run.Status.FINISHED, score=random.randint(0, 300), log={"moves": []},
        )  # fmt: skip

    pending: list[Run] = []
    _percentiles(
        "a submit (insert + rank of the new entry)",
        _rounds(request.config, 100),
        lambda: (
            entry_submit(run_id=pending[-1].pk, player_id=pending[-1].player_id, now=now),
            leaderboard_rank(challenge=board, player=pending[-1].player),
        ),
        before=lambda: pending.append(finished_run()),
    )
    run = finished_run()
    entry = benchmark.pedantic(
        lambda: entry_submit(run_id=run.pk, player_id=run.player_id, now=now),
        rounds=1,
        iterations=1,
    )
    assert entry.score == run.score
    assert Entry.objects.filter(challenge=board, player=run.player).count() == 1
