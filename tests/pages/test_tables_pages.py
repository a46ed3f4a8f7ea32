"""The live tables' pages: the lobby (in the menu, for guests and players), a table
for a seat and for a spectator, a missing table, the record with its rating chart, and
the silver coins on the player page."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from challenges.tables import leaving, pairing, services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _config(html: str, name: str) -> dict[str, object]:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', html)
    assert found is not None
    return dict(json.loads(found.group(1)))


@pytest.mark.parametrize("language", ["en", "fr", "nl", "de"])
def test_the_lobby_is_in_the_menu_and_speaks_the_reader_s_language(
    client: Client, language: str
) -> None:
    response = client.get(reverse("challenges:tables"), HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'href="{reverse("challenges:tables")}"' in html
    assert f'lang="{language}"' in html
    config = _config(html, "tables-config")
    assert config["urls"]["create"] == "/api/tables/"  # type: ignore[index]
    assert not config["signedIn"]
    if language != "en":
        assert "Tables waiting for players" not in html


def test_a_table_page_serves_a_seat_and_a_spectator() -> None:
    ada, bob = UserFactory(), UserFactory()
    made = services.table_create(
        player_id=ada.pk, seats=2, computers=0, strength="easy", rounds=1, pace="live"
    )
    page = reverse("challenges:table", args=[made["id"]])
    seated = _client(ada).get(page)
    assert seated.status_code == 200
    config = _config(seated.content.decode(), "table-config")
    assert config["socket"] == f"/ws/tables/{made['id']}/"
    assert "good_game" in config["reactions"]  # type: ignore[operator]
    assert _client(bob).get(page).status_code == 200
    assert Client().get(page).status_code == 200


def test_a_missing_table_is_a_404_page(client: Client) -> None:
    missing = "00000000-0000-0000-0000-00000000000a"
    response = client.get(reverse("challenges:table", args=[missing]))
    assert response.status_code == 404
    assert "No such table" in response.content.decode()


def test_the_record_charts_the_rating_and_the_player_page_counts_coins() -> None:
    ada, bob = UserFactory(), UserFactory()
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1)
    pairing.pairing_wave()
    table_id = ada.table_seats.get().table_id
    leaving.table_resign(table_id=table_id, player_id=bob.pk)

    html = _client(ada).get(reverse("challenges:tables-record")).content.decode()
    assert 'data-testid="rating-chart"' in html and "<circle" in html
    assert 'data-testid="coins">2<' in html
    assert bob.username in html
    player = _client(bob).get(reverse("challenges:player", args=[ada.username])).content.decode()
    assert re.search(r'data-testid="silver-coins">2<', player)


def test_a_visitor_s_record_page_invites_them_to_play(client: Client) -> None:
    response = client.get(reverse("challenges:tables-record"))
    assert response.status_code == 200
    assert "Play at a live table" in response.content.decode()


def test_a_kept_player_page_shows_the_coins_of_a_table_won_since(client: Client) -> None:
    ada, bob = UserFactory(), UserFactory()
    page = reverse("challenges:player", args=[ada.username])
    assert re.search(r'data-testid="silver-coins">0<', client.get(page).content.decode())
    assert re.search(r'data-testid="silver-coins">0<', client.get(page).content.decode())
    pairing.pairing_join(player_id=ada.pk, seats=2, rounds=1)
    pairing.pairing_join(player_id=bob.pk, seats=2, rounds=1)
    pairing.pairing_wave()
    leaving.table_resign(table_id=ada.table_seats.get().table_id, player_id=bob.pk)
    assert re.search(r'data-testid="silver-coins">2<', client.get(page).content.decode())
