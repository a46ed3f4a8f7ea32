"""A real Celery worker for the tests and benchmarks that need one: ``celery -A config
worker`` on a queue of its own, pointed at the test's database and Redis, with the
settings the test names. The fixture ``worker_queue`` (tests/domain/conftest.py) starts
one for a test; a module overrides ``worker_settings`` to name its settings."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from celery.backends.redis import RedisBackend
from celery.states import READY_STATES, SUCCESS
from django.conf import settings as django_settings
from django.db import connection

from config.celery import app

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The URL of the database this process uses (the test database, when in a test)."""
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"


@contextmanager
def celery_worker(
    *, redis_url: str, concurrency: int = 2, pool: str = "prefork", **settings: str
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A worker taking this queue's tasks (the queue's name, and the process)."""
    queue = f"tod-test-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        # The site keeps no results; a test's worker does, for the test to read.
        "CELERY_RESULT_BACKEND": redis_url,
        **settings,
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}"]
    command += [f"--concurrency={concurrency}", "-Q", queue, "-n", f"{queue}@%h"]
    command += ["--loglevel=WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat"]
    worker = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        yield queue, worker
    finally:
        worker.terminate()
        try:
            output, _ = worker.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            output, _ = worker.communicate()
        if b"Traceback" in output:
            sys.stderr.write(output.decode(errors="replace"))


def returned(task_id: str, *, timeout: float) -> Any:
    """What the worker's task returned, read from the test worker's result store."""
    backend = RedisBackend(app=app, url=django_settings.REDIS_URL)
    deadline = time.monotonic() + timeout
    while (meta := backend.get_task_meta(task_id))["status"] not in READY_STATES:
        assert time.monotonic() < deadline, f"no result from the worker within {timeout} s"
        time.sleep(0.1)
    assert meta["status"] == SUCCESS, meta
    return meta["result"]
