"""The beat task against a real Celery worker on a real Redis broker.

The worker is a separate ``celery -A config worker`` process (prefork, 3 children)
on a queue of its own, pointed at this test's PostgreSQL database; tasks really
travel through Redis and really run at the same time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from challenges import schedule
from challenges.models import Challenge
from challenges.tasks import challenges_ensure_upcoming
from config.celery import app
from tests.conftest import service_missing

ROOT = Path(__file__).resolve().parents[2]
TASK = "challenges.tasks.challenges_ensure_upcoming"


def _database_url() -> str:
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"


@pytest.fixture
def worker_queue(postgres: None) -> Iterator[str]:
    if not settings.REDIS_URL:
        service_missing("needs Redis: set REDIS_URL")
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        service_missing(f"Redis unreachable at {settings.REDIS_URL}: {error}")
    if app.conf.task_always_eager:
        service_missing("Celery is eager (no broker configured)")
    queue = f"tod-test-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            "--concurrency=3",
            "-Q",
            queue,
            "-n",
            f"{queue}@%h",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        yield queue
    finally:
        worker.terminate()
        try:
            output, _ = worker.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            output, _ = worker.communicate()
        if b"Traceback" in output:
            sys.stderr.write(output.decode(errors="replace"))


def _slots_now() -> set[int]:
    current = schedule.slot_number(at=timezone.now())
    return {current, current + 1}


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_beat_task_run_twice_and_concurrently_makes_one_challenge_per_slot(
    worker_queue: str,
) -> None:
    expected_before = _slots_now()
    first = challenges_ensure_upcoming.apply_async(queue=worker_queue).get(timeout=90)
    second = challenges_ensure_upcoming.apply_async(queue=worker_queue).get(timeout=30)
    assert set(first) == set(second) == expected_before or set(second) == _slots_now()
    assert Challenge.objects.count() == 2

    # Now a thundering herd on an empty table: eight deliveries at once, three at a time.
    made = list(Challenge.objects.values_list("number", "tray", "well"))
    Challenge.objects.all().delete()
    results = [challenges_ensure_upcoming.apply_async(queue=worker_queue) for _ in range(8)]
    answers = [tuple(result.get(timeout=60)) for result in results]
    assert len(set(answers)) == 1
    numbers = Counter(Challenge.objects.values_list("number", flat=True))
    assert set(numbers) == set(answers[0])
    assert all(count == 1 for count in numbers.values())
    # The tiles are a function of the slot: the remade rows equal the first ones.
    remade = list(Challenge.objects.values_list("number", "tray", "well"))
    assert sorted(remade) == sorted(made) or set(answers[0]) != {n for n, *_ in made}


def test_the_task_is_on_the_beat_schedule() -> None:
    entries = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert TASK in entries
    app.loader.import_default_modules()
    assert TASK in app.tasks


@pytest.mark.django_db
def test_the_task_body_is_idempotent_without_a_worker() -> None:
    assert challenges_ensure_upcoming() == challenges_ensure_upcoming()
    assert set(Challenge.objects.values_list("number", flat=True)) <= _slots_now() | {
        min(_slots_now()) - 1
    }
    assert Challenge.objects.count() == 2
