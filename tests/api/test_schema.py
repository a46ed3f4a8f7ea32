from __future__ import annotations

import pytest
import yaml
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/auth/token/": {"post"},
    "/api/auth/register/": {"post"},
    "/api/challenges/": {"get"},
    "/api/challenges/current/": {"get"},
    "/api/challenges/{challenge_id}/": {"get"},
    "/api/challenges/{challenge_id}/runs/": {"post"},
    "/api/challenges/{challenge_id}/archive-rank/": {"post"},
    "/api/challenges/{challenge_id}/leaderboard/": {"get"},
    "/api/challenges/{challenge_id}/leaderboard/me/": {"get"},
    "/api/challenges/{challenge_id}/histogram/": {"get"},
    "/api/runs/{run_id}/": {"get"},
    "/api/runs/{run_id}/clock/": {"post"},
    "/api/runs/{run_id}/moves/": {"post"},
    "/api/runs/{run_id}/finish/": {"post"},
    "/api/runs/{run_id}/submit/": {"post"},
    "/api/runs/{run_id}/analysis/": {"get"},
    "/api/runs/{run_id}/report/": {"post"},
    "/api/runs/{run_id}/standing/": {"get"},
    "/api/challenges/{challenge_id}/leaderboard/following/": {"get"},
    "/api/boards/{period}/": {"get"},
    "/api/players/{username}/": {"get"},
    "/api/players/{username}/follow/": {"post", "delete"},
    "/api/guest/": {"post"},
    "/api/puzzles/": {"get"},
    "/api/puzzles/today/": {"get"},
    "/api/puzzles/today/solve/": {"post"},
    "/api/puzzles/{number}/": {"get"},
    "/api/puzzles/{number}/solve/": {"post"},
    "/api/classic/games/": {"post"},
    "/api/classic/record/": {"get"},
    "/api/classic/games/{game_id}/": {"get"},
    "/api/classic/games/{game_id}/move/": {"post"},
    "/api/classic/games/{game_id}/draw/": {"post"},
    "/api/classic/games/{game_id}/pass/": {"post"},
    "/api/classic/games/{game_id}/resign/": {"post"},
    "/api/classic/games/{game_id}/replay/": {"get"},
    "/api/tables/": {"post"},
    "/api/tables/open/": {"get"},
    "/api/tables/record/": {"get"},
    "/api/tables/{table_id}/": {"get"},
    "/api/tables/{table_id}/events/": {"get"},
    "/api/tables/{table_id}/join/": {"post"},
    "/api/tables/{table_id}/move/": {"post"},
    "/api/tables/{table_id}/draw/": {"post"},
    "/api/tables/{table_id}/pass/": {"post"},
    "/api/tables/{table_id}/resign/": {"post"},
    "/api/tables/{table_id}/claim/": {"post"},
    "/api/tables/{table_id}/react/": {"post"},
    "/api/pairing/": {"get", "post", "delete"},
    "/api/reminders/": {"get"},
    "/api/reminders/subscription/": {"put"},
    "/api/reminders/unsubscribe/": {"post"},
}


def test_the_schema_describes_every_endpoint_of_the_api(api_client: APIClient) -> None:
    response = api_client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["description"].startswith("A shared Tri-Ominos challenge every 8 hours")
    documented = {path: set(ops) - {"parameters"} for path, ops in schema["paths"].items()}
    assert documented == PATHS
    finish = schema["paths"]["/api/runs/{run_id}/finish/"]["post"]
    assert {"200", "400", "409", "413", "422"} <= set(finish["responses"])
    assert "RunLog" in finish["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    guest = schema["paths"]["/api/guest/"]["post"]
    assert {"200", "201", "409", "429"} <= set(guest["responses"])
    start = schema["paths"]["/api/challenges/{challenge_id}/runs/"]["post"]
    assert {"guestCookie": []} in start["security"], "a guest may start a run"
    move = schema["paths"]["/api/classic/games/{game_id}/move/"]["post"]
    assert {"200", "400", "404", "409", "422"} <= set(move["responses"])
    assert {"guestCookie": []} in move["security"], "a guest plays classic games"
    board = schema["components"]["schemas"]["LeaderboardPage"]["properties"]
    assert {"challenge", "count", "results", "next", "previous"} <= set(board)


def test_the_docs_page_uses_local_static_files(api_client: APIClient) -> None:
    response = api_client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/" in html
