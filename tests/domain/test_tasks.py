"""The beat task against a real Celery worker on a real Redis broker.

The worker is a separate ``celery -A config worker`` process (prefork, 3 children)
on a queue of its own, pointed at this test's PostgreSQL database; tasks really
travel through Redis and really run at the same time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from challenges.models import Challenge
from challenges.schedule.services import challenge_ensure
from challenges.slots import slot_number
from challenges.tasks import challenge_par_solve, challenges_ensure_upcoming, challenges_par_missing
from config.celery import app
from tests.conftest import service_missing
from triominos import solver_solve

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
    current = slot_number(at=timezone.now())
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


# --- par ---------------------------------------------------------------------------------

PAR_NODES = 20_000


@pytest.fixture
def par_worker_queue(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[str]:
    """A real worker with a small solver budget, and this process publishing to its
    queue (``send_task`` without a route goes to the default queue)."""
    monkeypatch.setenv("PAR_SOLVER_NODES", str(PAR_NODES))
    queue: str = request.getfixturevalue("worker_queue")
    default = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        yield queue
    finally:
        app.conf.task_default_queue = default


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_challenge_made_gets_its_par_from_the_worker(
    par_worker_queue: str, settings: Any
) -> None:
    settings.PAR_SOLVE = "celery"
    number = slot_number(at=timezone.now()) + 3
    made = challenge_ensure(number=number)  # commits: the task is sent now
    deadline = time.monotonic() + 90
    while Challenge.objects.get(pk=made.pk).par is None:
        assert time.monotonic() < deadline, "the worker never stored the par"
        time.sleep(0.2)
    stored = Challenge.objects.get(pk=made.pk)
    expected = solver_solve(tray=made.tray, well=made.well, max_nodes=PAR_NODES)
    assert (stored.par, stored.par_log) == (expected.score, expected.log)
    assert stored.par_claimed_at is None


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_par_task_sent_three_times_at_once_solves_once(par_worker_queue: str) -> None:
    challenge = challenge_ensure(number=slot_number(at=timezone.now()) + 4)
    results = [
        challenge_par_solve.apply_async(
            kwargs={"challenge_id": challenge.pk}, queue=par_worker_queue
        )
        for _ in range(3)
    ]
    answers = [result.get(timeout=90) for result in results]
    stored = Challenge.objects.get(pk=challenge.pk)
    assert stored.par is not None
    # One claimed and solved; the others found the claim (None) or the par stored.
    assert answers.count(stored.par) >= 1
    assert set(answers) <= {stored.par, None}
    solved_at = stored.par_solved_at
    assert (
        challenge_par_solve.apply_async(
            kwargs={"challenge_id": challenge.pk}, queue=par_worker_queue
        ).get(timeout=30)
        == stored.par
    )
    assert Challenge.objects.get(pk=challenge.pk).par_solved_at == solved_at


def test_the_par_tasks_are_registered_and_the_make_up_is_on_the_beat() -> None:
    app.loader.import_default_modules()
    assert "challenges.tasks.challenge_par_solve" in app.tasks
    assert "challenges.tasks.challenges_par_missing" in app.tasks
    beat = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert "challenges.tasks.challenges_par_missing" in beat


@pytest.mark.django_db
def test_the_make_up_task_body_solves_missing_pars_without_a_worker(settings: Any) -> None:
    settings.PAR_SOLVER_NODES = 2_000
    challenges_ensure_upcoming()
    solved = challenges_par_missing()
    assert sorted(solved) == sorted(_slots_now())
    assert challenges_par_missing() == []
