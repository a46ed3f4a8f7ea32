"""Fixtures of the domain tests: a real Celery worker for those that need one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.conf import settings

from config.celery import app
from tests.celery_worker import celery_worker
from tests.conftest import service_missing


def _broker_needed() -> None:
    """Skips (fails in CI) a test that needs a worker where there is no Redis broker."""
    if not settings.REDIS_URL:
        service_missing("needs Redis: set REDIS_URL")
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        service_missing(f"Redis unreachable at {settings.REDIS_URL}: {error}")
    if app.conf.task_always_eager:
        service_missing("Celery is eager (no broker configured)")


@pytest.fixture
def worker_settings() -> dict[str, Any]:
    """What ``worker_queue``'s worker is started with (``celery_worker``'s keywords:
    concurrency, pool, settings); a module overrides this fixture to name its own."""
    return {}


@pytest.fixture
def worker_queue(postgres: None, worker_settings: dict[str, Any]) -> Iterator[str]:
    """The queue of a real worker (tests/celery_worker.py) on this test's PostgreSQL
    database and Redis, started for the test and stopped after it."""
    _broker_needed()
    with celery_worker(redis_url=settings.REDIS_URL, **worker_settings) as (queue, _):
        yield queue
