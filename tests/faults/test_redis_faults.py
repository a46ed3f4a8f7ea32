"""Redis fails, the site does not: a real redis-server that each test stops, pauses and restarts.

Each test runs its own redis-server on a free port and points the cache at it through
the production backend (config.resilient_cache). A player plays through the API and the
pages while Redis is down or frozen: every answer is 2xx within a second, nothing
committed is lost, and once Redis is back the cache serves the right board.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.models import LimitCount
from challenges.models import Challenge, Entry, Run
from config import resilient_cache
from config.near_cache import NEAR_SECONDS
from config.throttling import AtomicScopedRateThrottle
from tests.conftest import service_missing
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.processes import RedisServer

pytestmark = pytest.mark.django_db

WITHIN_SECONDS = 1.0
# The breaker's interval (the caches below): then the next call tries Redis again.
CIRCUIT_OPEN_SECONDS = 1.0
# The process keeps a board page it read for a moment: past both, a read goes to Redis.
_BACK_AFTER = max(CIRCUIT_OPEN_SECONDS, NEAR_SECONDS) + 0.1


@pytest.fixture
def redis_process() -> Iterator[RedisServer]:
    try:
        redis = RedisServer()
    except FileNotFoundError as missing:
        service_missing(str(missing))
    redis.start()
    caches = {
        "default": settings.CACHES["default"],  # the near level, as the site runs
        "shared": {
            "BACKEND": "config.resilient_cache.ResilientRedisCache",
            "LOCATION": redis.url(0),
            "OPTIONS": {
                "socket_connect_timeout": 0.2,
                "socket_timeout": 0.2,
                "circuit_open_seconds": CIRCUIT_OPEN_SECONDS,
            },
        },
        "limits": {
            "BACKEND": "config.resilient_cache.ResilientRedisCache",
            "LOCATION": redis.url(1),
            "OPTIONS": {
                "socket_connect_timeout": 0.2,
                "socket_timeout": 0.2,
                "circuit_open_seconds": CIRCUIT_OPEN_SECONDS,
                "fallback": "database",
            },
        },
    }
    resilient_cache.CACHE_HEALTH.__init__()  # type: ignore[misc]
    try:
        with override_settings(CACHES=caches):
            cache.clear()
            yield redis
    finally:
        redis.stop()
        resilient_cache.CACHE_HEALTH.__init__()  # type: ignore[misc]


@pytest.fixture
def challenge() -> Challenge:
    return ChallengeFactory()


def _timed(call: Any, *args: Any, **kwargs: Any) -> Any:
    started = time.monotonic()
    response = call(*args, **kwargs)
    elapsed = time.monotonic() - started
    assert elapsed < WITHIN_SECONDS, f"{args[0] if args else call}: {elapsed:.2f} s"
    return response


def _play_and_submit(player: Any, challenge: Challenge) -> dict[str, Any]:
    """A player's whole path through the API: start, moves while playing, finish, submit,
    rank (in real time: the first two moves go as a batch, the last with finish)."""
    api = APIClient()
    api.force_login(player)
    started = _timed(api.post, f"/api/challenges/{challenge.pk}/runs/")
    assert started.status_code == 201, started.content
    run_id = started.json()["id"]
    log = challenge_log(challenge, moves=3, start_ms=10, step_ms=300)
    batch = {"from": 0, "moves": log["moves"][:2]}
    sent = _timed(api.post, f"/api/runs/{run_id}/moves/", batch, format="json")
    assert (sent.status_code, sent.json()["received"]) == (200, 2), sent.content
    rest = {"from": 2, "moves": log["moves"][2:]}
    finished = _timed(api.post, f"/api/runs/{run_id}/finish/", rest, format="json")
    assert finished.status_code == 200, finished.content
    assert (finished.json()["valid"], finished.json()["eligible"]) == (True, True)
    submitted = _timed(api.post, f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201, submitted.content
    me = _timed(api.get, f"/api/challenges/{challenge.pk}/leaderboard/me/")
    assert me.status_code == 200
    return {"run": run_id, "score": finished.json()["score"], "me": me.json()}


def _every_read_answers(challenge: Challenge, player: Any) -> None:
    anonymous = APIClient()
    signed_in = APIClient()
    signed_in.force_login(player)
    for client, path in [
        (anonymous, "/api/challenges/current/"),
        (anonymous, f"/api/challenges/{challenge.pk}/"),
        (anonymous, "/api/challenges/"),
        (anonymous, f"/api/challenges/{challenge.pk}/leaderboard/"),
        (anonymous, f"/api/challenges/{challenge.pk}/histogram/"),
        (signed_in, f"/api/challenges/{challenge.pk}/leaderboard/me/"),
        (anonymous, "/"),
        (anonymous, "/play/"),
        (anonymous, "/how-to-play/"),
        (anonymous, f"/challenges/{challenge.pk}/"),
        (anonymous, "/challenges/"),
        (signed_in, "/"),
        (signed_in, "/play/"),
        (anonymous, "/accounts/login/"),
        (anonymous, "/accounts/signup/"),
    ]:
        response = _timed(client.get, path)
        assert 200 <= response.status_code < 300, (path, response.status_code)


def _board_scores(challenge: Challenge) -> list[int]:
    body = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    return [row["score"] for row in body["results"]]


def test_redis_stopped_a_player_plays_submits_and_every_page_answers(
    redis_process: RedisServer, challenge: Challenge
) -> None:
    EntryFactory(challenge=challenge, score=5)
    assert _board_scores(challenge) == [5]  # cached in Redis now
    redis_process.stop()

    player = UserFactory()
    result = _play_and_submit(player, challenge)
    assert result["me"]["score"] == result["score"]
    assert Entry.objects.filter(player=player, challenge=challenge).count() == 1
    assert Run.objects.get(pk=result["run"]).status == Run.Status.FINISHED
    _every_read_answers(challenge, player)
    assert sorted(_board_scores(challenge), reverse=True) == sorted(
        [5, result["score"]], reverse=True
    )
    health = APIClient().get("/healthz").json()
    assert health["database"] == "ok"
    assert health["cache"]["redis_up"] is False
    assert health["cache"]["outages"] == 1
    assert health["cache"]["fallbacks"] > 0

    # Back up (empty, as a restarted Redis is): the board is the database's.
    redis_process.start()
    time.sleep(_BACK_AFTER)  # the next read of the board asks Redis again
    assert sorted(_board_scores(challenge), reverse=True) == sorted(
        [5, result["score"]], reverse=True
    )
    assert APIClient().get("/healthz").json()["cache"]["redis_up"] is True


def test_redis_paused_costs_one_timeout_per_interval_not_one_per_request(
    redis_process: RedisServer, challenge: Challenge
) -> None:
    EntryFactory(challenge=challenge, score=5)
    assert _board_scores(challenge) == [5]
    redis_process.pause()

    player = UserFactory()
    failed_before = resilient_cache.CACHE_HEALTH.failed_calls
    started = time.monotonic()
    result = _play_and_submit(player, challenge)
    _every_read_answers(challenge, player)
    elapsed = time.monotonic() - started
    # Twenty-odd requests, each touching the cache several times: with the breaker
    # open after the first timeout, Redis is tried once per interval, not per call.
    # (Counted, not timed: a loaded machine makes requests slow, not timeouts more.)
    open_seconds = float(caches["shared"].open_seconds)  # type: ignore[attr-defined]
    failed = resilient_cache.CACHE_HEALTH.failed_calls - failed_before
    assert 1 <= failed <= 2 + elapsed / open_seconds, (failed, elapsed)
    assert resilient_cache.CACHE_HEALTH.outages == 1

    # The submit's new board is served while Redis is frozen...
    assert sorted(_board_scores(challenge), reverse=True) == sorted(
        [5, result["score"]], reverse=True
    )
    # ...and after it thaws with its old keys intact, the board is still the new one:
    # the version lives in the database, so the pre-pause page cannot come back.
    redis_process.resume()
    time.sleep(_BACK_AFTER)
    assert sorted(_board_scores(challenge), reverse=True) == sorted(
        [5, result["score"]], reverse=True
    )
    assert resilient_cache.CACHE_HEALTH.redis_up


def test_throttles_keep_counting_in_the_database_while_redis_is_down(
    redis_process: RedisServer, challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The limit counts per fixed one-minute window. On a slow machine 35 requests can
    # straddle a window's edge, and then all of them pass, rightly; so the throttle's
    # clock stands still in the middle of one window, and the test is about the
    # fallback's counting alone.
    mid_window = (time.time() // 60) * 60 + 30
    monkeypatch.setattr(AtomicScopedRateThrottle, "timer", lambda self: mid_window)
    redis_process.stop()
    api = APIClient()
    api.force_login(UserFactory())
    codes = [api.post(f"/api/challenges/{challenge.pk}/runs/").status_code for _ in range(35)]
    # RUN_START_THROTTLE is 30/min: the database fallback still stops the 31st, and
    # the count is a row every process sees, not a per-process entry a flood can evict.
    assert codes.count(201) == 30
    assert set(codes[30:]) == {429}
    assert LimitCount.objects.filter(hits=35).count() == 1


def test_healthz_without_redis_names_the_cache_it_uses() -> None:
    with override_settings(
        CACHES={
            "default": settings.CACHES["default"],
            "shared": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        }
    ):
        body = APIClient().get("/healthz").json()
    assert body == {
        "database": "ok",
        "cache": {"backend": "django.core.cache.backends.locmem.LocMemCache"},
    }
