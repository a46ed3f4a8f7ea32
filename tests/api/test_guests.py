"""Playing without an account through the API: the guest's cookie, a real
witnessed run, submit refused until an account claims the run, throttles as a player's."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from challenges.models import Challenge, Guest, Run
from challenges.views.guest_cookie import GUEST_COOKIE
from tests.factories import UserFactory, challenge_log
from tests.playing import ServerClock, api_played

pytestmark = pytest.mark.django_db


def _guest_client() -> APIClient:
    client = APIClient()
    response = client.post("/api/guest/")
    assert response.status_code == 201, response.content
    assert response.json()["guest"] is True
    cookie = response.cookies[GUEST_COOKIE]
    assert cookie["httponly"] and cookie["max-age"] == 7 * 24 * 3600
    return client


def test_a_guest_keeps_one_identity_across_requests() -> None:
    client = _guest_client()
    again = client.post("/api/guest/")
    assert again.status_code == 200
    assert GUEST_COOKIE not in again.cookies, "the same guest: no new cookie"
    assert Guest.objects.count() == 1


def test_a_guest_plays_a_witnessed_run_and_is_told_to_sign_up_to_submit(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    client = _guest_client()
    started = client.post(f"/api/challenges/{challenge.pk}/runs/")
    assert started.status_code == 201
    run_id = started.json()["id"]
    finished = api_played(client, run_id, challenge_log(challenge, moves=6), server_clock)
    assert finished.status_code == 200
    assert finished.json()["valid"] and finished.json()["eligible"]
    assert client.get(f"/api/runs/{run_id}/").status_code == 200
    refused = client.post(f"/api/runs/{run_id}/submit/")
    assert refused.status_code == 403
    assert refused.json()["code"] == "sign_up_to_submit"
    assert not challenge.entries.exists()


def test_the_guest_is_nobody_to_the_other_endpoints(challenge: Challenge) -> None:
    client = _guest_client()
    mine = client.get(f"/api/challenges/{challenge.pk}/leaderboard/me/")
    assert mine.status_code in (401, 403)


def test_a_made_up_or_changed_cookie_is_no_guest(challenge: Challenge) -> None:
    client = APIClient()
    client.cookies[GUEST_COOKIE] = "1f0e2d3c-0000-4000-8000-000000000000:forged:sig"
    assert client.post(f"/api/challenges/{challenge.pk}/runs/").status_code in (401, 403)
    assert not Run.objects.exists()


def test_a_guests_unsafe_requests_need_the_csrf_token(challenge: Challenge) -> None:
    checked = APIClient(enforce_csrf_checks=True)
    made = checked.post("/api/guest/")
    assert (made.status_code, made.json()["code"]) == (403, "csrf_failed"), "not from elsewhere"
    assert "CSRF" in made.json()["detail"]
    assert not Guest.objects.exists()
    checked.cookies[GUEST_COOKIE] = _guest_client().cookies[GUEST_COOKIE].value
    refused = checked.post(f"/api/challenges/{challenge.pk}/runs/")
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert "CSRF" in refused.json()["detail"]


def test_every_csrf_refusal_has_one_code(challenge: Challenge) -> None:
    """The middleware's refusal (a path no view takes), the session's (a view) and the
    guest's (``/api/guest/``, the run endpoints) all answer ``403 csrf_failed``."""
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(UserFactory())
    answers = {
        "middleware": session.post("/api/nowhere/"),
        "session": session.post(f"/api/challenges/{challenge.pk}/runs/"),
        "new guest": APIClient(enforce_csrf_checks=True).post("/api/guest/"),
    }
    codes = {name: (answer.status_code, answer.json()["code"]) for name, answer in answers.items()}
    assert codes == dict.fromkeys(answers, (403, "csrf_failed"))
    details = {answer.json()["detail"] for answer in answers.values()}
    assert len(details) == 1, details


def test_a_player_needs_no_guest(player_client: APIClient) -> None:
    refused = player_client.post("/api/guest/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "already_logged_in"


def test_guests_are_throttled_as_players_are(
    challenge: Challenge, throttle_window_held: None
) -> None:
    cache.clear()
    client = _guest_client()
    codes = [client.post(f"/api/challenges/{challenge.pk}/runs/").status_code for _ in range(31)]
    assert codes.count(201) == 30, "RUN_START_THROTTLE: 30 a minute, as for a player"
    assert codes[-1] == 429


def test_new_guests_per_address_are_limited(throttle_window_held: None) -> None:
    cache.clear()
    codes = [APIClient().post("/api/guest/").status_code for _ in range(31)]
    assert codes.count(201) == 30 and codes[-1] == 429


def test_signing_up_claims_the_guests_run_for_the_new_account(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    client = _guest_client()
    run_id = client.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    api_played(client, run_id, challenge_log(challenge, moves=6), server_clock)
    signed_up = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "password1": "a long pass phrase 7",
            "password2": "a long pass phrase 7",
        },
    )
    assert signed_up.status_code == 302
    assert signed_up.cookies[GUEST_COOKIE].value == "", "the spent cookie is dropped"
    run = Run.objects.select_related("player").get(pk=run_id)
    assert run.player.username == "newcomer"
    submitted = client.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201
    board = client.get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert [row["player"] for row in board["results"]] == ["newcomer"]


def test_logging_in_claims_too(challenge: Challenge, server_clock: ServerClock) -> None:
    player = UserFactory()
    player.set_password("another pass phrase 9")
    player.save()
    client = _guest_client()
    run_id = client.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    logged_in = client.post(
        "/accounts/login/", {"username": player.username, "password": "another pass phrase 9"}
    )
    assert logged_in.status_code == 302
    assert Run.objects.get(pk=run_id).player_id == player.pk
