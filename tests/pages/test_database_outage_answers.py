"""What the site answers while every query fails as with the database away (in process).

The real PostgreSQL stopped and started is tests/faults/test_database_outage.py; here
each query raises the error a lost connection raises, so the rules are checked one by
one: the API's 503 JSON, the page's 503 in the reader's language, which reads get a
copy and which do not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from rest_framework.test import APIClient

from challenges.models import Challenge

pytestmark = pytest.mark.django_db


def _lost_connection(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


@pytest.fixture
def database_away() -> Iterator[None]:
    with connection.execute_wrapper(_lost_connection):
        yield


def test_the_api_answers_503_json_with_retry_after(challenge: Challenge, player: Any) -> None:
    api = APIClient()
    api.force_authenticate(player)
    with connection.execute_wrapper(_lost_connection):
        response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert response.json()["detail"]
    assert int(response["Retry-After"]) > 0


def test_a_page_answers_a_short_503_in_the_readers_language(database_away: None) -> None:
    response = Client().get("/play/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 503
    assert response["Retry-After"]
    text = response.content.decode()
    assert "Gleich wieder da" in text and 'http-equiv="refresh"' in text


def test_a_public_read_answers_from_its_last_copy_and_only_while_the_database_is_away(
    challenge: Challenge,
) -> None:
    path = f"/api/challenges/{challenge.pk}/leaderboard/"
    fresh = Client().get(path)
    assert fresh.status_code == 200 and "X-Served-From" not in fresh
    with connection.execute_wrapper(_lost_connection):
        copy = Client().get(path)
        other_page = Client().get(f"{path}?page=2")
        junk = Client().get(f"{path}?utm=1")
    assert copy.status_code == 200 and copy["X-Served-From"] == "copy"
    assert copy.content == fresh.content
    assert other_page.status_code == 503  # never read: no copy of it
    assert junk.status_code == 503  # a made-up parameter is no copy's key


def test_a_signed_in_players_read_is_not_copied_for_others(
    challenge: Challenge, player: Any
) -> None:
    signed_in = Client()
    signed_in.force_login(player)
    assert signed_in.get("/challenges/").status_code == 200
    with connection.execute_wrapper(_lost_connection):
        assert Client().get("/challenges/").status_code == 503
