"""Abandoned runs expire, and old expired runs are purged; nothing a player needs goes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from challenges import tasks
from challenges.models import Challenge, Run
from challenges.play.services import runs_expire, runs_expired_purge
from tests.factories import EntryFactory, RunFactory, challenge_log

pytestmark = pytest.mark.django_db


def test_a_run_past_its_finish_time_expires_and_no_other(challenge: Challenge) -> None:
    now = timezone.now()
    abandoned = RunFactory(challenge=challenge, started_at=now - timedelta(seconds=131))
    still_open = RunFactory(challenge=challenge, started_at=now - timedelta(seconds=129))
    finished = RunFactory(challenge=challenge, finished=True, started_at=now - timedelta(hours=1))
    assert runs_expire(now=now) == 1
    statuses = {
        run.pk: Run.objects.get(pk=run.pk).status for run in (abandoned, still_open, finished)
    }
    assert statuses == {
        abandoned.pk: Run.Status.EXPIRED,
        still_open.pk: Run.Status.STARTED,
        finished.pk: Run.Status.FINISHED,
    }
    assert runs_expire(now=now) == 0  # safe to run twice


def test_finishing_an_expired_run_is_too_late_not_a_crash(
    player_client: APIClient, player: object, challenge: Challenge
) -> None:
    run = RunFactory(
        player=player, challenge=challenge, started_at=timezone.now() - timedelta(minutes=5)
    )
    runs_expire()
    log = challenge_log(challenge, moves=2, start_ms=0, step_ms=10)
    response = player_client.post(f"/api/runs/{run.pk}/finish/", log, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "deadline_passed"


def test_the_purge_keeps_recent_expired_runs_and_everything_else(challenge: Challenge) -> None:
    now = timezone.now()
    old = RunFactory(challenge=challenge, started_at=now - timedelta(days=8))
    recent = RunFactory(challenge=challenge, started_at=now - timedelta(days=2))
    entry = EntryFactory(challenge=challenge)
    runs_expire(now=now)
    assert runs_expired_purge(older_than=timedelta(days=7), now=now) == 1
    assert not Run.objects.filter(pk=old.pk).exists()
    assert Run.objects.get(pk=recent.pk).status == Run.Status.EXPIRED
    assert Run.objects.filter(pk=entry.run_id).exists()


def test_the_task_expires_and_purges(challenge: Challenge) -> None:
    now = timezone.now()
    RunFactory(challenge=challenge, started_at=now - timedelta(days=9))
    RunFactory(challenge=challenge, started_at=now - timedelta(minutes=3))
    first = tasks.runs_expire_abandoned()
    assert first == {"expired": 2, "purged": 1}
    assert tasks.runs_expire_abandoned() == {"expired": 0, "purged": 0}
