"""Through a real nginx (the deploy snippets) in front of the live server: a flood of
cached reads does not reset a log-in lock-out, with Redis up and with Redis down, and
nginx names no version.

The limits count in their own store (config.limit_store): their own Redis database,
and the database while Redis is down. Before, they shared the cache with the boards;
with Redis down that was a per-process LRU of 300 entries, which 900 reads emptied.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import override_settings

from config import resilient_cache
from tests.conftest import service_missing
from tests.factories import PASSWORD, ChallengeFactory, EntryFactory, UserFactory
from tests.faults.test_nginx_edges import nginx  # noqa: F401 (a fixture)
from tests.processes import RedisServer

pytestmark = pytest.mark.django_db(transaction=True)

# Reads that emptied the old stores: the local-memory cache (300 entries) with Redis
# up in development, the per-process fallback with Redis down.
FLOOD = {"redis up": 400, "redis down": 900}


def _redis_caches(redis: RedisServer) -> dict[str, Any]:
    options = {"socket_connect_timeout": 0.2, "socket_timeout": 0.2, "circuit_open_seconds": 1.0}
    return {
        "default": {
            "BACKEND": "config.resilient_cache.ResilientRedisCache",
            "LOCATION": redis.url(0),
            "OPTIONS": options,
        },
        "limits": {
            "BACKEND": "config.resilient_cache.ResilientRedisCache",
            "LOCATION": redis.url(1),
            "OPTIONS": {**options, "fallback": "database"},
        },
    }


@pytest.fixture(params=["redis up", "redis down"])
def redis_state(request: pytest.FixtureRequest) -> Iterator[str]:
    try:
        redis = RedisServer()
    except FileNotFoundError as missing:
        service_missing(str(missing))
    redis.start()
    resilient_cache.CACHE_HEALTH.__init__()  # type: ignore[misc]
    try:
        with override_settings(CACHES=_redis_caches(redis)):
            if request.param == "redis down":
                redis.stop()
            yield str(request.param)
    finally:
        redis.stop()
        resilient_cache.CACHE_HEALTH.__init__()  # type: ignore[misc]


def _call(
    port: int, method: str, path: str, body: dict[str, str] | None = None
) -> tuple[int, dict[str, Any], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        raw = response.read()
        data = json.loads(raw) if raw.startswith((b"{", b"[")) else {}
        return response.status, data, response.getheader("Server", "")
    finally:
        connection.close()


def test_a_flood_of_reads_through_nginx_does_not_reset_a_lockout(
    nginx: int,  # noqa: F811
    redis_state: str,
    settings: Any,
) -> None:
    settings.NUM_PROXIES = 1
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    challenge = ChallengeFactory()
    EntryFactory(challenge=challenge)
    wrong = {"username": user.username, "password": "wrong"}
    for _ in range(3):
        status, body, _ = _call(nginx, "POST", "/api/auth/token/", wrong)
        assert (status, body.get("code")) == (400, "invalid_credentials"), body
    right = {"username": user.username, "password": PASSWORD}
    status, body, _ = _call(nginx, "POST", "/api/auth/token/", right)
    assert (status, body.get("code")) == (429, "too_many_failed_logins"), body
    for n in range(FLOOD[redis_state]):
        status, _, _ = _call(nginx, "GET", f"/api/challenges/{challenge.pk}/leaderboard/?q={n}")
        assert status == 200
    status, body, _ = _call(nginx, "POST", "/api/auth/token/", right)
    assert (status, body.get("code")) == (429, "too_many_failed_logins"), (redis_state, body)
    assert resilient_cache.CACHE_HEALTH.redis_up is (redis_state == "redis up")


def test_nginx_names_no_version(nginx: int) -> None:  # noqa: F811
    ChallengeFactory()
    _, _, server = _call(nginx, "GET", "/api/challenges/current/")
    assert server == "nginx"
