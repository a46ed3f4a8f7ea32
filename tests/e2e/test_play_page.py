"""The play page as the server renders it (Django's test client, no browser): what a
visitor and a player see before any JavaScript runs, and the settings play.js reads."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import resolve

from challenges.models import Challenge, Run
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _config(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', html)
    assert match, "the page carries play.js's settings"
    config: dict[str, Any] = json.loads(match.group(1))
    return config


def test_a_visitor_sees_the_open_challenge_a_guest_start_and_a_way_to_sign_up(
    client: Client,
) -> None:
    response = client.get("/play/")
    assert response.status_code == 200
    challenge = Challenge.objects.get()
    html = response.content.decode()
    assert f"#{challenge.number}" in html
    assert challenge.closes_at.isoformat()[:19] in html
    assert 'href="/accounts/signup/?next=/play/"' in html
    assert 'href="/accounts/login/?next=/play/"' in html
    # A visitor plays at once, as a guest.
    assert 'id="start-button"' in html
    config = _config(html)
    assert config["authenticated"] is False
    assert config["guest"] is True
    assert resolve(config["urls"]["guest"]).url_name == "api-guest"
    assert response.cookies["csrftoken"].value, "play.js needs the CSRF cookie for its POSTs"


def test_a_player_gets_the_start_button_and_working_api_urls(client: Client) -> None:
    client.force_login(UserFactory())
    html = client.get("/play/").content.decode()
    assert 'id="start-button"' in html
    config = _config(html)
    challenge = Challenge.objects.get()
    assert config["authenticated"] is True
    assert config["challengeId"] == challenge.pk
    assert config["timeLimitMs"] == 120_000
    resolved = {
        name: resolve(
            url.replace(config["runIdSlot"], "6f1c0a52-0c36-4a4e-9f55-2f4b0d1d7c11").split("?")[0]
        )
        for name, url in config["urls"].items()
    }
    assert config["urls"]["login"].endswith("?next=/play/")
    assert config["guest"] is False
    assert resolved["login"].url_name == "login"
    assert resolved["start"].url_name == "api-run-start"
    assert resolved["moves"].url_name == "api-run-moves"
    assert resolved["finish"].url_name == "api-run-finish"
    assert resolved["submit"].url_name == "api-run-submit"
    assert resolved["run"].url_name == "api-run"
    assert resolved["leaderboard"].url_name == "leaderboard"


def test_the_page_shows_the_players_best_run_and_entry(client: Client) -> None:
    from challenges.moderation.entries import entry_submit
    from challenges.play.services import run_start
    from challenges.schedule.services import challenge_current_ensure
    from tests.factories import challenge_log
    from tests.playing import run_played

    player = UserFactory()
    client.force_login(player)
    challenge = challenge_current_ensure()
    run = run_start(player_id=player.pk, challenge_id=challenge.pk)
    # Played as a person plays, its moves sent in batches: a run the board can take.
    run = run_played(run, challenge_log(challenge, moves=4))
    assert run.status == Run.Status.FINISHED
    html = client.get("/play/").content.decode()
    assert f'Your best run so far: <strong class="num">{run.score}</strong>' in html
    entry_submit(run_id=run.pk, player_id=run.player_id)
    html = client.get("/play/").content.decode()
    assert 'id="intro-entry"' in html
    assert 'rank <strong class="num">1</strong> of 1' in html


def test_only_get_and_head(client: Client) -> None:
    assert client.post("/play/").status_code == 405
