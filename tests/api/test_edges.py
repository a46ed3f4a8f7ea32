"""The edges an attacker probes: odd digits, forged cursors, empty or chunked bodies,
CSRF refusals on paths that match nothing. Each answer is JSON, never a 500, and
nothing is spent."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from challenges.models import Challenge, Run
from tests.factories import EntryFactory, RunFactory, UserFactory, challenge_log

pytestmark = pytest.mark.django_db

# Digits that str.isdigit accepts and int refuses or misreads: superscript two,
# full-width "12", Arabic-Indic three.


def _json_error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = dict(response.json())
    assert body["detail"] and body["code"]
    return body


@pytest.mark.parametrize("raw", ["²", "\uff11\uff12", "٣", "1²", "-1", "0", "1e3", "9" * 40])
@pytest.mark.parametrize("name", ["page", "size", "bins"])
def test_integer_parameters_take_ascii_digits_only(
    api_client: APIClient, challenge: Challenge, name: str, raw: str
) -> None:
    path = "histogram" if name == "bins" else "leaderboard"
    response = api_client.get(f"/api/challenges/{challenge.pk}/{path}/", {name: raw})
    body = _json_error(response, 400)
    assert name in body["errors"]


@pytest.mark.parametrize("raw", ["²", "\uff11\uff12", "-3", "x"])
def test_the_html_board_reads_an_odd_page_as_page_one(challenge: Challenge, raw: str) -> None:
    response = Client().get(f"/challenges/{challenge.pk}/", {"page": raw})
    assert response.status_code == 200


def _forged(direction: str, stamp: str) -> str:
    raw = json.dumps([direction, 10, stamp, 1], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    "cursor",
    [
        _forged("n", "2026-11-21T08:00:00+23:59"),  # an offset PostgreSQL refuses
        _forged("n", "2026-11-21T08:00:00Z"),  # well formed, but not ours
        "not-a-cursor",
    ],
)
def test_only_cursors_the_board_handed_out_are_read(
    api_client: APIClient, challenge: Challenge, cursor: str
) -> None:
    for score in (30, 20, 10):
        EntryFactory(challenge=challenge, score=score)
    response = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/", {"cursor": cursor})
    _json_error(response, 400)


def test_a_handed_out_cursor_still_pages(api_client: APIClient, challenge: Challenge) -> None:
    for score in (30, 20, 10):
        EntryFactory(challenge=challenge, score=score)
    first = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/", {"size": 2}).json()
    following = api_client.get(
        f"/api/challenges/{challenge.pk}/leaderboard/", {"cursor": first["next_cursor"]}
    )
    assert following.status_code == 200
    assert [row["score"] for row in following.json()["results"]] == [10]


@pytest.mark.parametrize("headers", [{}, {"HTTP_TRANSFER_ENCODING": "chunked"}])
def test_an_empty_or_chunked_finish_is_a_400_that_keeps_the_run(
    player_client: APIClient, player: Any, challenge: Challenge, headers: dict[str, str]
) -> None:
    run = RunFactory(player=player, challenge=challenge)
    response = player_client.generic(
        "POST", f"/api/runs/{run.pk}/finish/", b"", content_type="application/json", **headers
    )
    _json_error(response, 400)
    run.refresh_from_db()
    assert run.status == Run.Status.STARTED
    # The real log still finishes it (two placements at a person's pace, just made).
    log = challenge_log(challenge, moves=2, start_ms=0, step_ms=400)
    finished = player_client.post(f"/api/runs/{run.pk}/finish/", log, format="json")
    assert (finished.status_code, finished.json()["eligible"]) == (200, True)


@pytest.mark.parametrize("path", ["/api/nowhere/", "/api/runs", "/api/challenges/1/runs"])
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_csrf_refusal_under_the_api_is_json(path: str, method: str) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(UserFactory())
    response = getattr(browser, method)(path, "{}", content_type="application/json")
    body = _json_error(response, 403)
    assert body["code"] == "csrf_failed"


def test_a_csrf_refusal_on_a_page_is_the_sites_page() -> None:
    browser = Client(enforce_csrf_checks=True)
    response = browser.post("/accounts/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")


def test_a_path_with_an_encoded_newline_is_still_a_json_404(api_client: APIClient) -> None:
    response = api_client.post("/api/runs/%0Azy/submit/")
    assert response.status_code in (401, 403, 404)
    body = response.json()
    assert set(body) >= {"detail", "code"}
    anonymous_get = api_client.get("/api/nothing%0Ahere/")
    assert (anonymous_get.status_code, anonymous_get.json()["code"]) == (404, "not_found")
