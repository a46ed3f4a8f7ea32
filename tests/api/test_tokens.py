"""The token API (API.md "Authentication") over hashed tokens: the same fields, a new
token each call, and password guessing limited as on the log-in page."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.services import api_token_revoke
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOKEN = "/api/auth/token/"


def _token(client: APIClient, username: str, password: str = PASSWORD) -> Any:
    return client.post(TOKEN, {"username": username, "password": password}, format="json")


def _as(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def test_each_call_answers_the_same_fields_with_a_new_working_token() -> None:
    user = UserFactory(username="ada")
    client = APIClient()
    first, second = _token(client, "ada"), _token(client, "ada")
    assert first.status_code == second.status_code == 200
    assert set(first.json()) == {"token", "username"}
    assert first.json()["username"] == "ada"
    assert first.json()["token"] != second.json()["token"]
    for answer in (first, second):
        assert _as(answer.json()["token"]).get("/api/challenges/").wsgi_request.user == user
    assert list(ApiToken.objects.values_list("origin", flat=True)) == ["password"] * 2


def test_the_register_token_works_and_is_listed_by_prefix() -> None:
    response = APIClient().post(
        "/api/auth/register/",
        {"username": "grace", "password": "tri-omino hexagons 42"},
        format="json",
    )
    secret = response.json()["token"]
    token = ApiToken.objects.get(user__username="grace")
    assert secret.startswith(token.prefix)
    assert _as(secret).get("/api/challenges/").wsgi_request.user.username == "grace"


def test_a_script_that_logs_in_at_every_start_keeps_working(settings: Any) -> None:
    settings.API_TOKENS_PER_USER = 3
    UserFactory(username="ada")
    secrets = [_token(APIClient(), "ada").json()["token"] for _ in range(5)]
    assert ApiToken.objects.count() == 3
    assert _as(secrets[-1]).get("/api/challenges/").wsgi_request.user.is_authenticated
    assert _as(secrets[0]).get("/api/challenges/").status_code == 401


def test_a_revoked_token_gets_a_json_401() -> None:
    user = UserFactory()
    secret = _token(APIClient(), user.username).json()["token"]
    api_token_revoke(user=user, token_id=ApiToken.objects.get().pk)
    response = _as(secret).post("/api/challenges/1/runs/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json() == {"detail": "Invalid token.", "code": "authentication_failed"}


def test_failed_passwords_count_per_name_and_address_like_the_log_in_page(
    settings: Any,
) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    UserFactory(username="ada")
    attacker = APIClient(REMOTE_ADDR="203.0.113.5")
    assert [_token(attacker, "ada", "wrong").status_code for _ in range(3)] == [400] * 3
    refused = _token(attacker, "ada")  # even the right password, from there
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_failed_logins"
    assert not ApiToken.objects.exists()
    # The player, elsewhere, is not locked out.
    assert _token(APIClient(REMOTE_ADDR="198.51.100.7"), "ada").status_code == 200


def test_the_log_in_page_and_the_token_api_share_their_counts(settings: Any) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    UserFactory(username="ada")
    from django.test import Client

    page = Client(REMOTE_ADDR="203.0.113.6")
    page.post("/accounts/login/", {"username": "ada", "password": "wrong"})
    page.post("/accounts/login/", {"username": "ada", "password": "wrong"})
    assert _token(APIClient(REMOTE_ADDR="203.0.113.6"), "ada").status_code == 429


def test_right_passwords_do_not_use_up_the_limit(settings: Any) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    UserFactory(username="ada")
    client = APIClient(REMOTE_ADDR="203.0.113.8")
    assert [_token(client, "ada").status_code for _ in range(4)] == [200] * 4


def test_the_schema_still_names_the_token_scheme(api_client: APIClient) -> None:
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    assert schema["components"]["securitySchemes"]["tokenAuth"] == {
        "type": "apiKey",
        "in": "header",
        "name": "Authorization",
        "description": 'Token-based authentication with required prefix "Token"',
    }
