"""The analysis of a run (GET /api/runs/{id}/analysis/ and the replay viewer's data):
every move beside the best move of its position, the biggest misses first; its owner's
alone while the challenge is open, anyone's who may see the run once results are out."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge, Run
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, RunFactory, UserFactory, submitted_run
from triominos import analysis_biggest_misses, analysis_run

pytestmark = pytest.mark.django_db


def _as(user: Any | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _analysis(run: Run, user: Any | None) -> Any:
    return _as(user).get(f"/api/runs/{run.pk}/analysis/")


def test_the_owner_reads_every_move_beside_the_best_one_biggest_miss_first(
    challenge: Challenge,
) -> None:
    run = submitted_run(challenge, moves=30)
    response = _analysis(run, run.player)
    assert response.status_code == 200
    body = response.json()
    expected = analysis_run(tray=challenge.tray, well=challenge.well, log=run.log)
    assert body["run"] == str(run.pk)
    assert body["score"] == run.score
    assert len(body["moves"]) == len(run.log["moves"]) == 30
    assert body["moves"] == [move.to_json() for move in expected.moves]
    assert body["misses"] == [move.index for move in analysis_biggest_misses(expected)]
    missed = [body["moves"][i]["missed"] for i in body["misses"]]
    assert missed == sorted(missed, reverse=True) and all(m > 0 for m in missed)
    assert body["points_missed"] == sum(m["missed"] for m in body["moves"]) > 0
    biggest = body["moves"][body["misses"][0]]
    assert biggest["text"].startswith(biggest["best"]["tile"] + " at ")
    assert f"for {biggest['best_outcome']['points']:+d}" in biggest["text"]


def test_while_open_nobody_else_reads_it(challenge: Challenge) -> None:
    run = submitted_run(challenge, moves=30)
    assert _analysis(run, UserFactory()).status_code == 404
    assert _analysis(run, None).status_code == 404


def test_after_the_results_anyone_reads_a_submitted_runs_analysis() -> None:
    challenge = ChallengeFactory(number=slot_number(at=timezone.now()) - 2)
    run = submitted_run(challenge, moves=30)
    for viewer in (None, UserFactory(), run.player):
        assert _analysis(run, viewer).status_code == 200
    practice = RunFactory(challenge=challenge, finished=True, started_at=challenge.opens_at)
    assert _analysis(practice, UserFactory()).status_code == 404  # not submitted
    assert _analysis(practice, practice.player).status_code == 200


def test_only_a_finished_valid_run_has_one(challenge: Challenge) -> None:
    started = RunFactory(challenge=challenge)
    assert _analysis(started, started.player).status_code == 404
    rejected = RunFactory(
        challenge=challenge,
        status=Run.Status.REJECTED,
        log={"moves": []},
        error={"move": 0, "code": "malformed", "detail": "not a move"},
    )
    assert _analysis(rejected, rejected.player).status_code == 404
    missing = f"/api/runs/{'0' * 8}-0000-0000-0000-{'0' * 12}/analysis/"
    assert _as(UserFactory()).get(missing).status_code == 404


def _replay_data(body: str) -> dict[str, Any]:
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', body, re.S
    )
    assert found
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_replay_viewer_carries_the_analysis_for_whoever_sees_the_run(
    challenge: Challenge,
) -> None:
    run = submitted_run(challenge, moves=30)
    owner = Client()
    owner.force_login(run.player)
    body = owner.get(reverse("challenges:replay", args=[run.pk])).content.decode()
    data = _replay_data(body)
    assert data["analysis"]["misses"] == _analysis(run, run.player).json()["misses"]
    assert data["isOwner"] is True
    assert 'data-testid="replay-misses"' in body and 'id="replay-miss"' in body
    assert "points missed in all" in body


def test_a_rejected_run_replays_without_an_analysis(challenge: Challenge) -> None:
    run = RunFactory(
        challenge=challenge,
        status=Run.Status.REJECTED,
        finished_at=timezone.now(),
        log={"moves": []},
        move_results=[],
        error={"move": 0, "code": "malformed", "detail": "not a move"},
        score=0,
    )
    owner = Client()
    owner.force_login(run.player)
    body = owner.get(reverse("challenges:replay", args=[run.pk])).content.decode()
    assert _replay_data(body)["analysis"] is None
    assert 'data-testid="replay-misses"' not in body
