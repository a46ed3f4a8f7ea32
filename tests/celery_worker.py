"""A real Celery worker for the reminders' tests and benchmark: ``celery -A config
worker`` on a queue of its own, pointed at the test's database and Redis, with the
reminders' settings the test names (tests/domain/test_tasks.py starts its own the same
way)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[3]


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
    queue = f"tod-reminders-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
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
