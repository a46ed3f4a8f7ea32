"""A guest's pages: no player page, the offer to keep the run after signing up, and
the replay of its own run."""

from __future__ import annotations

import pytest
from django.test import Client

from challenges.models import Challenge
from challenges.play.services import run_start
from challenges.players.services import guest_create, guest_runs_claim
from tests.factories import UserFactory, challenge_log
from tests.playing import run_played

pytestmark = pytest.mark.django_db


def test_guests_have_no_player_page(challenge: Challenge) -> None:
    guest = guest_create()
    assert Client().get(f"/players/{guest.user.username}/").status_code == 404


def test_after_signing_up_the_play_page_offers_the_guests_run(challenge: Challenge) -> None:
    guest = guest_create()
    run = run_played(
        run_start(player_id=guest.user.pk, challenge_id=challenge.pk),
        challenge_log(challenge, moves=4),
    )
    player = UserFactory()
    guest_runs_claim(guest_id=guest.pk, player_id=player.pk)
    client = Client()
    client.force_login(player)
    html = client.get(f"/play/?run={run.pk}").content.decode()
    assert 'data-testid="keep-run"' in html
    response = client.post(f"/play/keep/{run.pk}/")
    assert response.status_code == 302
    assert response["Location"] == f"/challenges/{challenge.pk}/?page=mine#you"
    assert challenge.entries.get().run_id == run.pk
    assert 'data-testid="keep-run"' not in client.get(f"/play/?run={run.pk}").content.decode()


def test_the_keep_offer_is_only_for_ones_own_run(challenge: Challenge) -> None:
    someone = UserFactory()
    run = run_played(
        run_start(player_id=someone.pk, challenge_id=challenge.pk),
        challenge_log(challenge, moves=4),
    )
    client = Client()
    client.force_login(UserFactory())
    assert 'data-testid="keep-run"' not in client.get(f"/play/?run={run.pk}").content.decode()
    assert client.post(f"/play/keep/{run.pk}/").status_code == 404
    assert 'data-testid="keep-run"' not in client.get("/play/?run=nonsense").content.decode()


def test_a_visitor_who_played_as_a_guest_is_offered_to_keep_their_best_run(
    challenge: Challenge,
) -> None:
    from challenges.models import Guest

    client = Client()
    assert client.post("/api/guest/").status_code == 201
    guest = Guest.objects.select_related("user").get()
    assert 'data-testid="home-guest-run"' not in client.get("/").content.decode()
    runs = [
        run_played(
            run_start(player_id=guest.user.pk, challenge_id=challenge.pk),
            challenge_log(challenge, moves=moves),
        )
        for moves in (3, 6)
    ]
    best = max(runs, key=lambda run: run.score or 0)
    html = client.get("/").content.decode()
    assert 'data-testid="home-guest-run"' in html
    assert f'href="/accounts/signup/?next=/play/%3Frun%3D{best.pk}"' in html
    assert f'<strong class="num">{best.score}</strong>' in html


def test_a_guest_watches_the_replay_of_its_own_run_and_nobody_else_does(
    challenge: Challenge,
) -> None:
    from challenges.models import Guest

    client = Client()
    assert client.post("/api/guest/").status_code == 201
    guest = Guest.objects.select_related("user").get()
    run = run_played(
        run_start(player_id=guest.user.pk, challenge_id=challenge.pk),
        challenge_log(challenge, moves=4),
    )
    response = client.get(f"/runs/{run.pk}/replay/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your run" in html
    assert guest.user.username not in html, "a guest's stand-in name shows nowhere"
    assert Client().get(f"/runs/{run.pk}/replay/").status_code == 404
