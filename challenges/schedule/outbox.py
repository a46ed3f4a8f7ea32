"""The outbox: work a request asks for, written as a row, done later by a drainer.

``outbox_add`` is one INSERT (nothing if the same work is already waiting), meant to
run in the transaction of the row that needs the work. ``outbox_drain`` takes waiting
rows, claims each for ``CLAIM_SECONDS`` (a drainer that dies mid-job leaves a claim
that runs out, and another drainer takes the row again), does the job and deletes the
row. A job that fails is tried again later, after a pause that grows with its attempts.

Who drains: the beat's ``challenges.tasks.outbox_drain`` every ``OUTBOX_DRAIN_SECONDS``
on a Celery worker; without a worker (the embedded default) this process's background
thread, nudged after each commit that added a row. No request ever waits for either.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q

from challenges.errors import service_now
from challenges.models import OutboxTask
from challenges.schedule.background import background_run

logger = logging.getLogger(__name__)

CLAIM_SECONDS = 15 * 60
RETRY_BASE_SECONDS = 30

# The jobs by name; each is safe to run twice or at once (the rows are "at least once").
OutboxJob = Callable[..., object]
_JOBS: dict[str, OutboxJob] = {}


def outbox_job(name: str) -> Callable[[OutboxJob], OutboxJob]:
    """Register the function the outbox runs for rows named ``name``."""

    def register(job: OutboxJob) -> OutboxJob:
        _JOBS[name] = job
        return job

    return register


def outbox_add(*, name: str, key: str, kwargs: dict[str, Any]) -> None:
    """Ask for the job ``name`` with ``kwargs``, once per ``key`` while it waits. Call it
    inside the transaction that makes what the job needs: both commit, or neither."""
    OutboxTask.objects.bulk_create(
        [OutboxTask(name=name, key=key, kwargs=kwargs)], ignore_conflicts=True
    )
    if settings.PAR_SOLVE == "thread":
        # No worker in this deployment: this process drains, once the row is committed.
        transaction.on_commit(lambda: background_run(outbox_drain, name="outbox"))


def outbox_drain(*, limit: int = 10, now: datetime | None = None) -> int:
    """Do up to ``limit`` waiting jobs, oldest first; returns how many were done."""
    done = 0
    for _ in range(limit):
        task = _claim(now=service_now(now))
        if task is None:
            break
        job = _JOBS.get(task.name)
        try:
            if job is None:
                raise LookupError(f"no outbox job named {task.name!r}")
            job(**task.kwargs)
        except Exception:
            logger.exception("outbox job %s failed (attempt %s)", task, task.attempts)
            pause = RETRY_BASE_SECONDS * 2 ** min(task.attempts, 8)
            OutboxTask.objects.filter(pk=task.pk).update(
                claimed_until=service_now(now) + timedelta(seconds=pause)
            )
            continue
        OutboxTask.objects.filter(pk=task.pk).delete()
        done += 1
    return done


def _claim(*, now: datetime) -> OutboxTask | None:
    """The oldest row nobody holds, claimed for this drainer (None if there is none)."""
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    with transaction.atomic():
        rows = OutboxTask.objects.filter(free).order_by("pk")
        if connection.features.has_select_for_update_skip_locked:
            rows = rows.select_for_update(skip_locked=True)
        task = rows.first()
        if task is None:
            return None
        task.claimed_until = now + timedelta(seconds=CLAIM_SECONDS)
        task.attempts += 1
        task.save(update_fields=["claimed_until", "attempts"])
    return task
