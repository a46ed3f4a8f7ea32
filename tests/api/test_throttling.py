"""API limits count atomically: requests that arrive together cannot pass a limit.

Real threads against the limits' store (its database table here, Redis in CI)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from config.throttling import AtomicScopedRateThrottle

pytestmark = pytest.mark.django_db


def _request(player_id: int) -> Request:
    request = Request(APIRequestFactory().post("/api/challenges/1/runs/"))
    request.user = SimpleNamespace(is_authenticated=True, pk=player_id)  # type: ignore[assignment]
    return request


@pytest.fixture
def _threads_can_count(settings: Any) -> None:
    """SQLite's in-memory test database takes no writes from two threads at once (a file
    waits for its lock; the shared in-memory one fails): there, the threads count in
    local memory, which is as atomic. PostgreSQL and Redis are tested as they are."""
    if connection.vendor == "sqlite" and settings.CACHES["limits"]["BACKEND"].endswith(
        "DatabaseLimitStore"
    ):
        settings.CACHES = {
            **settings.CACHES,
            "limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        }


@pytest.mark.usefixtures("_threads_can_count")
def test_thirty_five_at_once_pass_a_thirty_a_minute_limit_thirty_times() -> None:
    cache.clear()
    view = SimpleNamespace(throttle_scope="run_start")  # 30/min in the settings
    start = threading.Barrier(35)
    verdicts: list[bool] = []
    lock = threading.Lock()

    # All 35 in the middle of one window: on a loaded machine the threads' real times
    # could straddle a minute and count in two windows.
    mid_window = (time.time() // 60) * 60 + 30

    def knock() -> None:
        throttle = AtomicScopedRateThrottle()
        throttle.timer = lambda: mid_window  # type: ignore[method-assign]
        start.wait()
        try:
            allowed = throttle.allow_request(_request(7), view)
        finally:
            connection.close()  # this thread's own connection (PostgreSQL)
        with lock:
            verdicts.append(allowed)

    threads = [threading.Thread(target=knock) for _ in range(35)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert verdicts.count(True) == 30
    assert verdicts.count(False) == 5


def test_each_player_has_their_own_count_and_a_wait_within_the_window() -> None:
    cache.clear()
    view = SimpleNamespace(throttle_scope="run_start")
    for _ in range(30):
        assert AtomicScopedRateThrottle().allow_request(_request(1), view)
    refused = AtomicScopedRateThrottle()
    assert not refused.allow_request(_request(1), view)
    assert 0 < refused.wait() <= 60
    assert AtomicScopedRateThrottle().allow_request(_request(2), view)
