"""A dealt run's clock starts at the player's first touch (POST /api/runs/{id}/clock/):
the deal shows first, and reading it costs no time, while the moves are still witnessed
from the clock's start."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.engine import RULESET
from challenges.models import Challenge, Run
from challenges.play.services import runs_expire
from tests.factories import UserFactory, challenge_log
from tests.playing import ServerClock, api_played

pytestmark = pytest.mark.django_db

READING_MS = 60_000


def _start(api: APIClient, challenge: Challenge) -> str:
    response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 201, response.json()
    return str(response.json()["id"])


def _human_log(challenge: Challenge) -> dict[str, Any]:
    return challenge_log(challenge, moves=12, start_ms=1800, step_ms=1100)


def test_a_run_read_for_a_minute_then_played_from_the_first_touch_is_eligible(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    server_clock.advance(ms=READING_MS)
    touched = player_client.post(f"/api/runs/{run_id}/clock/")
    assert touched.status_code == 200, touched.json()
    run = Run.objects.get(pk=run_id)
    assert run.started_at == server_clock.now()
    assert touched.json()["deadline"].startswith(run.deadline.isoformat()[:19])

    finished = api_played(player_client, run_id, _human_log(challenge), server_clock)
    assert finished.status_code == 200, finished.json()
    assert (finished.json()["valid"], finished.json()["eligible"]) == (True, True)


def test_without_the_clock_start_the_same_reading_costs_the_run_its_eligibility(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    """The control: the minute of reading counts against a run whose clock was not
    started, so the test above shows the endpoint, not a lenient server."""
    run_id = _start(player_client, challenge)
    server_clock.advance(ms=READING_MS)
    log = _human_log(challenge)
    moves = player_client.post(
        f"/api/runs/{run_id}/moves/", {"from": 0, "moves": log["moves"][:1]}, format="json"
    )
    assert moves.status_code == 200
    assert moves.json()["eligible"] is False


def test_the_clock_starts_once_only_before_any_move(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    assert player_client.post(f"/api/runs/{run_id}/clock/").status_code == 200
    log = _human_log(challenge)
    server_clock.advance(ms=2_000)
    sent = player_client.post(
        f"/api/runs/{run_id}/moves/", {"from": 0, "moves": log["moves"][:1]}, format="json"
    )
    assert sent.status_code == 200
    again = player_client.post(f"/api/runs/{run_id}/clock/")
    assert again.status_code == 409
    assert again.json()["code"] == "clock_running" and again.json()["detail"]


def test_a_dealt_run_expired_while_read_is_taken_back_into_play(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    server_clock.advance(ms=RULESET.time_limit_ms + RULESET.finish_grace_ms + 1_000)
    assert runs_expire() == 1
    touched = player_client.post(f"/api/runs/{run_id}/clock/")
    assert touched.status_code == 200, touched.json()
    assert touched.json()["status"] == Run.Status.STARTED
    finished = api_played(player_client, run_id, _human_log(challenge), server_clock)
    assert finished.status_code == 200 and finished.json()["eligible"] is True


def test_no_clock_for_another_players_run_a_finished_run_or_a_closed_challenge(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    other = APIClient()
    other.force_authenticate(UserFactory())
    theirs = other.post(f"/api/runs/{run_id}/clock/")
    assert theirs.status_code == 404 and theirs.json()["code"] == "not_found"

    finished = player_client.post(f"/api/runs/{run_id}/finish/", {"moves": []}, format="json")
    assert finished.status_code == 200
    late = player_client.post(f"/api/runs/{run_id}/clock/")
    assert late.status_code == 409 and late.json()["code"] == "run_finished"

    dealt = _start(player_client, challenge)
    server_clock.set(challenge.closes_at + timedelta(seconds=1))
    closed = player_client.post(f"/api/runs/{dealt}/clock/")
    assert closed.status_code == 409 and closed.json()["code"] == "challenge_not_open"
