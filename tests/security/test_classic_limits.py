"""Classic games are capped and removed: a player keeps a few unfinished games, the
guests made on one network a few more together; games nobody touched for days go (beat
task and command); purging a guest takes its games and the computers' seats."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.classic import services
from challenges.models import ClassicGame, ClassicSeat, Guest
from challenges.players.services import guests_unclaimed_purge
from challenges.tasks import classic_games_expire_abandoned
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

START = "/api/classic/games/"


@pytest.fixture(autouse=True)
def _fresh_limits() -> None:
    caches["limits"].clear()


def _start(client: APIClient, **extra: Any) -> Any:
    return client.post(START, {"strength": "easy", "length": "one_round"}, format="json", **extra)


def _guest(address: str) -> APIClient:
    client = APIClient(REMOTE_ADDR=address)
    assert client.post("/api/guest/").status_code == 201
    return client


def test_a_player_keeps_a_few_unfinished_games_and_resigning_one_makes_room(
    player_client: APIClient,
) -> None:
    started = [_start(player_client) for _ in range(5)]
    assert [response.status_code for response in started] == [201] * 5
    refused = _start(player_client, HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 409
    assert refused.json()["code"] == "too_many_open_games"
    assert "5" in refused.json()["detail"] and "unfinished" not in refused.json()["detail"]
    assert ClassicGame.objects.count() == 5
    game_id = started[0].json()["id"]
    assert player_client.post(f"{START}{game_id}/resign/").status_code == 200
    assert _start(player_client).status_code == 201


def test_guests_of_one_network_share_a_cap_others_do_not(settings: Any) -> None:
    settings.CLASSIC_GUEST_OPEN_GAMES_LIMIT = 3
    guests = [_guest("198.51.100.7") for _ in range(3)]
    assert [_start(guest).status_code for guest in guests] == [201, 201, 201]
    refused = _start(_guest("198.51.100.7"))
    assert (refused.status_code, refused.json()["code"]) == (409, "too_many_guest_games")
    assert refused.json()["detail"]
    # Another network's guest, and a player on the same one, play on.
    assert _start(_guest("203.0.113.9")).status_code == 201
    player = APIClient(REMOTE_ADDR="198.51.100.7")
    player.force_authenticate(UserFactory())
    assert _start(player).status_code == 201


def _abandon(game_id: str, days: float) -> None:
    ClassicGame.objects.filter(pk=game_id).update(updated_at=timezone.now() - timedelta(days=days))


def test_games_untouched_for_a_week_are_removed_by_the_beat_and_the_command(
    player_client: APIClient,
) -> None:
    old, recent, finished, other = (_start(player_client).json()["id"] for _ in range(4))
    assert player_client.post(f"{START}{finished}/resign/").status_code == 200
    for game_id in (old, finished, other):
        _abandon(game_id, days=8)
    _abandon(recent, days=6)

    assert classic_games_expire_abandoned() == 2

    assert set(ClassicGame.objects.values_list("pk", flat=True)) == {
        ClassicGame.objects.get(pk=recent).pk,
        ClassicGame.objects.get(pk=finished).pk,
    }
    assert not ClassicSeat.objects.filter(game_id__in=[old, other]).exists()
    _abandon(recent, days=8)
    out = StringIO()
    call_command("classic_games_expire", stdout=out)
    assert out.getvalue().startswith("1 unfinished classic games")
    assert list(ClassicGame.objects.values_list("status", flat=True)) == ["resigned"]
    assert classic_games_expire_abandoned() == 0


def test_purging_a_guest_takes_its_games_and_the_computers_seats() -> None:
    guest = _guest("192.0.2.44")
    solo = _start(guest).json()["id"]
    stand_in = Guest.objects.get().user_id
    person = UserFactory()
    shared = services.classic_game_start(
        player_ids=[stand_in, person.pk], computers=1, strength="easy", rounds=1
    )["id"]
    Guest.objects.update(created_at=timezone.now() - timedelta(days=8))

    assert guests_unclaimed_purge() == 1

    assert not ClassicGame.objects.filter(pk=solo).exists()
    assert not ClassicSeat.objects.filter(game_id=solo).exists()
    # A table shared with a person stays theirs; only the guest's seat went.
    kept = ClassicGame.objects.get(pk=shared)
    assert sorted(kept.seats.values_list("seat", flat=True)) == [1, 2]
    assert kept.seats.get(seat=1).player_id == person.pk
