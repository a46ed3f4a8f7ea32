"""The beat task against a real Celery worker on a real Redis broker.

The worker is a separate ``celery -A config worker`` process (prefork, 3 children)
on a queue of its own, pointed at this test's PostgreSQL database; tasks really
travel through Redis and really run at the same time.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from challenges.models import Challenge, OutboxTask
from challenges.schedule.services import challenge_ensure
from challenges.slots import slot_number
from challenges.tasks import challenge_par_solve, challenges_ensure_upcoming, challenges_par_missing
from config.celery import app
from tests.celery_worker import returned
from triominos import solver_solve

ROOT = Path(__file__).resolve().parents[2]
TASK = "challenges.tasks.challenges_ensure_upcoming"
DRAIN = "challenges.tasks.outbox_drain"


@pytest.fixture
def worker_settings() -> dict[str, Any]:
    return {"concurrency": 3}


def _slots_now() -> set[int]:
    current = slot_number(at=timezone.now())
    return {current, current + 1}


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_beat_task_run_twice_and_concurrently_makes_one_challenge_per_slot(
    worker_queue: str,
) -> None:
    expected_before = _slots_now()
    first = returned(
        challenges_ensure_upcoming.apply_async(queue=worker_queue, ignore_result=False).id,
        timeout=90,
    )
    second = returned(
        challenges_ensure_upcoming.apply_async(queue=worker_queue, ignore_result=False).id,
        timeout=30,
    )
    assert set(first) == set(second) == expected_before or set(second) == _slots_now()
    assert Challenge.objects.count() == 2

    # Now a thundering herd on an empty table: eight deliveries at once, three at a time.
    made = list(Challenge.objects.values_list("number", "tray", "well"))
    Challenge.objects.all().delete()
    results = [
        challenges_ensure_upcoming.apply_async(queue=worker_queue, ignore_result=False)
        for _ in range(8)
    ]
    answers = [tuple(returned(result.id, timeout=60)) for result in results]
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


def _par_awaited(challenge_id: int) -> Challenge:
    deadline = time.monotonic() + 90
    while (stored := Challenge.objects.get(pk=challenge_id)).par is None:
        assert time.monotonic() < deadline, "the worker never stored the par"
        time.sleep(0.2)
    return stored


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_challenge_made_gets_its_par_when_a_worker_drains_the_outbox(
    par_worker_queue: str, settings: Any
) -> None:
    settings.PAR_SOLVE = "celery"
    number = slot_number(at=timezone.now()) + 3
    made = challenge_ensure(number=number)  # its outbox row commits with it
    assert OutboxTask.objects.filter(key=f"par:{made.pk}").exists()
    app.send_task(DRAIN, queue=par_worker_queue)  # what the beat sends every few seconds
    stored = _par_awaited(made.pk)
    expected = solver_solve(tray=made.tray, well=made.well, max_nodes=PAR_NODES)
    assert (stored.par, stored.par_log) == (expected.score, expected.log)
    assert stored.par_claimed_at is None
    deadline = time.monotonic() + 30
    while OutboxTask.objects.exists():
        assert time.monotonic() < deadline, "the drained row was not deleted"
        time.sleep(0.2)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_par_task_sent_three_times_at_once_solves_once(par_worker_queue: str) -> None:
    challenge = challenge_ensure(number=slot_number(at=timezone.now()) + 4)
    for _ in range(3):
        challenge_par_solve.apply_async(
            kwargs={"challenge_id": challenge.pk}, queue=par_worker_queue
        )
    stored = _par_awaited(challenge.pk)
    solved_at = stored.par_solved_at
    # A fourth, and three drains of the outbox's row, once the three are done.
    challenge_par_solve.apply_async(kwargs={"challenge_id": challenge.pk}, queue=par_worker_queue)
    for _ in range(3):
        app.send_task(DRAIN, queue=par_worker_queue)
    deadline = time.monotonic() + 60
    while OutboxTask.objects.exists():
        assert time.monotonic() < deadline, "the outbox was not drained"
        time.sleep(0.2)
    again = Challenge.objects.get(pk=challenge.pk)
    assert (again.par, again.par_solved_at) == (stored.par, solved_at)  # solved once


def test_the_par_tasks_are_registered_and_the_make_up_is_on_the_beat() -> None:
    app.loader.import_default_modules()
    assert "challenges.tasks.challenge_par_solve" in app.tasks
    assert "challenges.tasks.challenges_par_missing" in app.tasks
    beat = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert "challenges.tasks.challenges_par_missing" in beat
    assert DRAIN in app.tasks and DRAIN in beat


@pytest.mark.django_db
def test_the_make_up_task_body_solves_missing_pars_without_a_worker(settings: Any) -> None:
    settings.PAR_SOLVER_NODES = 2_000
    challenges_ensure_upcoming()
    solved = challenges_par_missing()
    assert sorted(solved) == sorted(_slots_now())
    assert challenges_par_missing() == []
