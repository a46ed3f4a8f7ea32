"""Whatever a api_client sends, the API answers JSON with a detail, never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Run
from tests.factories import RunFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(player: Any, challenge: Challenge) -> Run:
    return RunFactory(player=player, challenge=challenge)


def _assert_json_error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = dict(response.json())
    assert isinstance(body["detail"], str) and body["detail"]
    return body


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"not json",
        b"\xff\xfe\x00",
        b'{"moves": [',
        b"[1, 2",
        b"NaN",
        b'{"moves": [{"t": Infinity, "type": "draw"}]}',
        b'"\\ud800"',
        b'{"moves": [{"t": "\\u0000\\udfff"}], "\\u0000": "\\ud800"}',
        b'{"moves": [{"t": 1e400, "type": "draw"}]}',
        b"[" * 20_000 + b"]" * 20_000,
    ],
)
def test_junk_bodies_are_4xx_json(player_client: APIClient, run: Run, raw: bytes) -> None:
    response = player_client.post(
        f"/api/runs/{run.pk}/finish/", raw, content_type="application/json"
    )
    assert 400 <= response.status_code < 500
    _assert_json_error(response, response.status_code)


@pytest.mark.parametrize(
    "log",
    [
        {"moves": [1, "two", None, [], {}]},
        {"moves": [{"t": "soon", "type": "draw"}]},
        {"moves": [{"t": True, "type": "draw"}]},
        {
            "moves": [
                {"t": 1, "type": "place", "tile": ["1", "2", "3"], "cell": "0,0", "rotation": 0}
            ]
        },
        {"moves": [{"t": 1, "type": "place", "tile": "1-2-3", "cell": [0, 0, 0], "rotation": 7}]},
        {"moves": [{"t": 10**30, "type": "draw"}]},
        {"moves": [{"t": 1, "type": "teleport"}]},
        {
            "moves": [
                {
                    "t": 1,
                    "type": "place",
                    "tile": "0-0-0",
                    "cell": [10**20, -(10**20)],
                    "rotation": 0,
                }
            ]
        },
    ],
)
def test_wrong_shapes_are_422_json(player_client: APIClient, run: Run, log: Any) -> None:
    response = player_client.post(f"/api/runs/{run.pk}/finish/", log, format="json")
    body = _assert_json_error(response, 422)
    assert body["valid"] is False
    assert body["error"]["move"] == 0


def test_ten_thousand_moves_are_refused_without_a_replay(
    player_client: APIClient, run: Run
) -> None:
    log = {"moves": [{"t": 5, "type": "draw"}] * 10_000}
    response = player_client.post(f"/api/runs/{run.pk}/finish/", log, format="json")
    body = _assert_json_error(response, 413)
    assert "at most" in body["detail"]
    assert Run.objects.get(pk=run.pk).status == Run.Status.STARTED  # never reached the game


def test_ten_thousand_tiny_moves_under_the_size_cap_are_422(
    player_client: APIClient, run: Run
) -> None:
    raw = json.dumps({"moves": [0] * 10_000}).encode()
    response = player_client.post(
        f"/api/runs/{run.pk}/finish/", raw, content_type="application/json"
    )
    body = _assert_json_error(response, 422)
    assert body["error"] == {**body["error"], "move": 0, "code": "malformed"}
    assert Run.objects.get(pk=run.pk).status == Run.Status.REJECTED


def test_a_form_body_is_415(player_client: APIClient, run: Run) -> None:
    response = player_client.post(f"/api/runs/{run.pk}/finish/", {"moves": "x"})
    _assert_json_error(response, 415)


def test_a_wrong_method_is_405(api_client: APIClient) -> None:
    body = _assert_json_error(api_client.delete("/api/challenges/current/"), 405)
    assert body["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "path", ["/api/", "/api/nothing/", "/api/auth/nope/", "/api/runs/123/finish/"]
)
def test_unknown_api_paths_are_json_404(api_client: APIClient, path: str) -> None:
    _assert_json_error(api_client.get(path), 404)


def test_a_missing_trailing_slash_is_pointed_out(api_client: APIClient) -> None:
    body = _assert_json_error(api_client.get("/api/challenges/current"), 404)
    assert "/api/challenges/current/" in body["detail"]


def test_a_huge_challenge_id_is_a_404_not_a_500(
    api_client: APIClient, player_client: APIClient
) -> None:
    _assert_json_error(api_client.get(f"/api/challenges/{10**30}/"), 404)
    _assert_json_error(player_client.post(f"/api/challenges/{10**30}/runs/"), 404)
