from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.factories import PASSWORD, ChallengeFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    cache.clear()  # the auth throttle counts in the cache
    yield
    cache.clear()


def test_token_for_good_credentials_lets_a_script_start_a_run() -> None:
    user = UserFactory(username="ada")
    ChallengeFactory()
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert response.json()["username"] == "ada"
    # Only a hash is kept, so each call makes a new token; the first keeps working.
    again = client.post(
        "/api/auth/token/", {"username": "ada", "password": PASSWORD}, format="json"
    ).json()["token"]
    assert again != token
    assert user.api_tokens.count() == 2
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    current = script.get("/api/challenges/current/").json()
    started = script.post(f"/api/challenges/{current['id']}/runs/")
    assert started.status_code == 201
    assert user.runs.count() == 1


@pytest.mark.parametrize(
    "body",
    [{"username": "ada", "password": "wrong"}, {"username": "nobody", "password": PASSWORD}],
)
def test_token_refuses_bad_credentials(body: dict[str, str]) -> None:
    UserFactory(username="ada")
    response = APIClient().post("/api/auth/token/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Unable to log in with that username and password.",
        "code": "invalid_credentials",
    }


def test_token_needs_both_fields() -> None:
    response = APIClient().post("/api/auth/token/", {"username": "ada"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "password: This field is required."
    assert response.json()["errors"] == {"password": ["This field is required."]}


def test_a_bad_token_is_refused_in_json() -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nope")
    response = client.get("/api/challenges/current/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"] == "Invalid token."


def test_register_creates_the_account_and_returns_a_token() -> None:
    response = APIClient().post(
        "/api/auth/register/",
        {"username": "grace", "password": "tri-omino hexagons 42"},
        format="json",
    )
    assert response.status_code == 201
    user = get_user_model().objects.get(username="grace")
    assert user.check_password("tri-omino hexagons 42")
    token = user.api_tokens.get()
    assert response.json()["token"].startswith(token.prefix)
    assert token.digest == hashlib.sha256(response.json()["token"].encode()).hexdigest()


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short", "too short"),
        ("password123", "too common"),
        ("84736291055", "entirely numeric"),
        ("grace-hopper", "too similar"),
    ],
)
def test_register_applies_the_password_validators(password: str, message: str) -> None:
    response = APIClient().post(
        "/api/auth/register/", {"username": "grace-hopper", "password": password}, format="json"
    )
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert response.json()["detail"].startswith("password: ")
    assert not get_user_model().objects.filter(username="grace-hopper").exists()


@pytest.mark.parametrize("username", ["ada", "ADA", "bad name!", "", "x" * 151])
def test_register_refuses_taken_or_invalid_usernames(username: str) -> None:
    UserFactory(username="ada")
    response = APIClient().post(
        "/api/auth/register/",
        {"username": username, "password": "a fine long passphrase"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("username: ")


def test_auth_endpoints_are_throttled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {**SimpleRateThrottle.THROTTLE_RATES, "auth": "2/min"}
    )
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/token/", {"username": "x", "password": "y"}, format="json"
        ).status_code
        for _ in range(3)
    ]
    assert statuses == [400, 400, 429]
    refused = client.post("/api/auth/register/", {"username": "x", "password": "y"}, format="json")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert refused.json()["detail"].startswith("Too many requests")


PASSPHRASE = "a fine long passphrase"


def _register(username: str, password: str = PASSPHRASE, client: APIClient | None = None) -> Any:
    body = {"username": username, "password": password}
    return (client or APIClient()).post("/api/auth/register/", body, format="json")


@pytest.mark.parametrize("username", [".", "..", "a.b", "two words", "ad@m", "--", "_", "a/b"])
def test_register_takes_letters_digits_and_dashes_only(username: str) -> None:
    response = _register(username)
    assert response.status_code == 400
    assert response.json()["detail"].startswith("username: ")
    assert not get_user_model().objects.filter(username=username).exists()


def test_register_folds_compatibility_forms_and_case() -> None:
    made = _register("\uff41\uff44\uff41\uff12")
    assert made.status_code == 201
    assert made.json()["username"] == "ada2"  # the full-width spelling, NFKC-folded
    assert _register("ADA2").status_code == 400
    assert _register("Zo\u00eb_9-x").status_code == 201


def test_register_is_limited_per_address_and_day_counting_accounts_made(settings) -> None:
    settings.SIGNUPS_PER_DAY_LIMIT = 2
    client = APIClient(REMOTE_ADDR="192.0.2.77")
    assert _register("first", client=client).status_code == 201
    # An account not made (a weak password) does not count.
    assert _register("second", password="short", client=client).status_code == 400
    assert _register("second", client=client).status_code == 201
    refused = _register("third", client=client)
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_signups"
    assert not get_user_model().objects.filter(username="third").exists()
