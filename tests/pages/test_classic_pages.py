"""The classic game's pages: the game page (offered in the menu and on the home page,
resuming the game being played), the record and a finished game's replay."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from challenges.classic import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _config(html: str) -> dict[str, object]:
    found = re.search(r'<script id="classic-config" type="application/json">(.*?)</script>', html)
    assert found is not None
    return dict(json.loads(found.group(1)))


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_menu_and_the_home_page_offer_the_classic_game(client: Client) -> None:
    home = client.get(reverse("challenges:home")).content.decode()
    assert home.count(f'href="{reverse("challenges:classic")}"') >= 2, "menu and home page"


def test_a_visitor_gets_the_choice_of_a_new_game(client: Client) -> None:
    response = client.get(reverse("challenges:classic"))
    html = response.content.decode()
    assert response.status_code == 200
    config = _config(html)
    assert config["current"] is None and config["guest"] is True
    assert 'name="strength" value="hard"' in html and 'name="length" value="to_400"' in html


def test_the_page_resumes_the_game_being_played() -> None:
    player = UserFactory()
    game = services.classic_game_start(
        player_ids=[player.pk], computers=2, strength="medium", rounds=None
    )
    config = _config(_client(player).get(reverse("challenges:classic")).content.decode())
    assert config["current"] == str(game["id"])
    assert config["guest"] is False


def test_the_record_lists_the_games_and_links_each_finished_one_to_its_replay() -> None:
    player = UserFactory()
    client = _client(player)
    game = services.classic_game_start(
        player_ids=[player.pk], computers=1, strength="hard", rounds=1
    )
    services.classic_game_resign(game_id=game["id"], player_id=player.pk)
    html = client.get(reverse("challenges:classic-record")).content.decode()
    replay = reverse("challenges:classic-replay", args=[game["id"]])
    assert f'href="{replay}"' in html
    assert "Resigned" in html
    page = client.get(replay)
    assert page.status_code == 200
    assert 'id="classic-replay"' in page.content.decode()


def test_another_player_s_replay_is_not_found() -> None:
    owner = UserFactory()
    game = services.classic_game_start(
        player_ids=[owner.pk], computers=1, strength="easy", rounds=1
    )
    stranger = _client(UserFactory())
    response = stranger.get(reverse("challenges:classic-replay", args=[game["id"]]))
    assert response.status_code == 404
    assert 'id="classic-replay"' not in response.content.decode()
