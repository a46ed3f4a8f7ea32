"""The replay page: who may see which run, and the data the viewer steps through."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from uuid import uuid4

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.models import Challenge, Run
from challenges.moderation.entries import entry_void
from challenges.play.services import run_finish, run_start
from challenges.slots import slot_number
from tests.factories import (
    ChallengeFactory,
    RunFactory,
    UserFactory,
    challenge_log,
    submitted_run,
)

pytestmark = pytest.mark.django_db


def _closed_challenge() -> Challenge:
    return ChallengeFactory(number=slot_number(at=timezone.now()) - 1)


def _get(run_id: object, viewer: object | None = None) -> object:
    browser = Client()
    if viewer is not None:
        browser.force_login(viewer)
    return browser.get(reverse("challenges:replay", args=[run_id]))


def _replay_data(response: object) -> dict[str, object]:
    body = response.content.decode()  # type: ignore[attr-defined]
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', body, re.S
    )
    assert found, "the page carries no replay data"
    return json.loads(found.group(1))


def test_anyone_replays_a_submitted_run_of_a_closed_challenge() -> None:
    run = submitted_run(_closed_challenge(), moves=12)
    for viewer in (None, UserFactory(), run.player):
        response = _get(run.id, viewer)
        assert response.status_code == 200
    data = _replay_data(_get(run.id))
    assert data["moves"] == run.log["moves"]
    assert data["results"] == run.move_results
    assert len(data["moves"]) == 12
    assert data["score"] == run.score == sum(r["points"] for r in data["results"])
    assert data["tray"] == run.challenge.tray
    assert data["well"] == run.challenge.well
    assert data["submitted"] is True
    assert data["player"] == run.player.username


def test_an_open_challenges_run_is_the_owners_alone(challenge: Challenge) -> None:
    run = submitted_run(challenge, moves=12)
    assert _get(run.id, run.player).status_code == 200
    assert "Only you can see this run" in _get(run.id, run.player).content.decode()
    assert _get(run.id, UserFactory()).status_code == 404
    hidden = _get(run.id)
    assert hidden.status_code == 404
    # The 404 page must not leak the secret tiles.
    assert run.challenge.tray[0] not in hidden.content.decode()


def test_an_unsubmitted_run_stays_private_after_closing() -> None:
    challenge = _closed_challenge()
    run = RunFactory(challenge=challenge, finished=True, started_at=challenge.opens_at)
    assert _get(run.id, UserFactory()).status_code == 404
    owner_view = _get(run.id, run.player)
    assert owner_view.status_code == 200
    assert "not submitted" in owner_view.content.decode()


def test_a_rejected_run_replays_its_valid_prefix_and_shows_the_error(challenge: Challenge) -> None:
    player = UserFactory()
    log = challenge_log(challenge, moves=6)
    log["moves"][4] = {**log["moves"][4], "t": 0}  # time runs backwards at move 5
    run = run_start(player_id=player.pk, challenge_id=challenge.pk)
    run = run_finish(
        run_id=run.pk, player_id=run.player_id, log=log, now=run.started_at + timedelta(seconds=30)
    ).run
    assert run.status == Run.Status.REJECTED

    response = _get(run.id, player)
    assert response.status_code == 200
    data = _replay_data(response)
    assert len(data["moves"]) == len(data["results"]) == 4
    assert data["moves"] == log["moves"][:4]
    assert data["error"]["code"] == "time_not_monotonic"
    body = response.content.decode()
    assert "Move 5 was refused" in body
    assert "time_not_monotonic" in body


def test_a_run_never_finished_has_nothing_to_replay(challenge: Challenge) -> None:
    run = RunFactory(challenge=challenge)
    response = _get(run.id, run.player)
    assert response.status_code == 200
    body = response.content.decode()
    assert "never finished" in body
    assert 'id="replay-data"' not in body


def test_an_unknown_run_is_not_found() -> None:
    response = _get(uuid4())
    assert response.status_code == 404
    assert "No tile fits here" in response.content.decode()


def test_a_voided_entrys_run_is_hidden_from_others() -> None:
    run = submitted_run(_closed_challenge(), moves=12)
    entry_void(entry_id=run.entry.pk, reason="test")
    assert _get(run.id, UserFactory()).status_code == 404
    assert _get(run.id, run.player).status_code == 200
