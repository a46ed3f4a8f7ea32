from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from challenges.engine import RULESET
from challenges.models import Challenge, Run
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    challenge_log,
    challenge_log_score,
)
from tests.playing import ServerClock, api_played

pytestmark = pytest.mark.django_db


def _start(api: APIClient, challenge: Challenge) -> dict[str, Any]:
    response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def _finish(api: APIClient, run_id: str, log: object) -> Any:
    return api.post(f"/api/runs/{run_id}/finish/", log, format="json")


# --- start -----------------------------------------------------------------------------


def test_start_returns_the_tiles_and_the_server_clock(
    player_client: APIClient, challenge: Challenge
) -> None:
    before = timezone.now()
    body = _start(player_client, challenge)
    run = Run.objects.get(pk=body["id"])
    assert before <= run.started_at <= timezone.now()
    assert body["challenge"] == challenge.pk
    assert (body["tray"], body["well"]) == (challenge.tray, challenge.well)
    assert body["status"] == "started"
    assert (body["time_limit_ms"], body["grace_ms"]) == (
        RULESET.time_limit_ms,
        RULESET.finish_grace_ms,
    )
    assert body["deadline"] == run.deadline.isoformat().replace("+00:00", "Z")


def test_start_needs_a_login(api_client: APIClient, challenge: Challenge) -> None:
    response = api_client.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"] == "Authentication credentials were not provided."
    assert not Run.objects.exists()


def test_start_on_a_closed_challenge_is_a_conflict(
    player_client: APIClient, challenge: Challenge
) -> None:
    past = ChallengeFactory(number=challenge.number - 1)
    response = player_client.post(f"/api/challenges/{past.pk}/runs/")
    assert response.status_code == 409
    assert response.json()["code"] == "challenge_not_open"
    assert "closed" in response.json()["detail"]


def test_start_on_an_unknown_challenge_is_a_404(player_client: APIClient) -> None:
    response = player_client.post("/api/challenges/99999/runs/")
    assert response.status_code == 404
    assert "99999" in response.json()["detail"]


def test_start_is_throttled_per_player_with_a_clear_429(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "run_start": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    hasty, other = APIClient(), APIClient()
    hasty.force_authenticate(UserFactory())
    other.force_authenticate(UserFactory())
    url = f"/api/challenges/{challenge.pk}/runs/"
    assert [hasty.post(url).status_code for _ in range(4)] == [201, 201, 201, 429]
    refused = hasty.post(url)
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "throttled"
    assert body["detail"].startswith("Too many requests; try again in ")
    assert body["wait"] > 0
    assert other.post(url).status_code == 201
    assert Run.objects.count() == 4


# --- finish ----------------------------------------------------------------------------


def test_finish_replays_and_answers_the_score(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)["id"]
    log = challenge_log(challenge, moves=9, start_ms=900, step_ms=800)
    response = api_played(player_client, run_id, log, server_clock)
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["id"] == run_id
    assert body["score"] == challenge_log_score(challenge, log)
    assert len(body["moves"]) == 9
    assert all(set(move) == {"points", "bonus"} for move in body["moves"])
    assert sum(move["points"] for move in body["moves"]) == body["score"]
    assert (body["status"], body["best_score"], body["submitted"]) == (
        "finished",
        body["score"],
        False,
    )
    assert (body["eligible"], body["received"]) == (True, 9)


def test_a_rule_breaking_log_is_422_and_the_run_kept_rejected(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)["id"]
    log = challenge_log(challenge, moves=3, start_ms=0, step_ms=1)
    first = log["moves"][0]
    log["moves"].append({**first, "t": 10})  # the first tile again, on an occupied cell
    response = _finish(player_client, run_id, log)
    assert response.status_code == 422
    body = response.json()
    assert body["valid"] is False
    assert body["error"]["move"] == 3
    assert body["error"]["code"] in {"tile_not_in_tray", "cell_occupied"}
    assert body["error"]["detail"]
    # Move 4 to a player (the index is 3); the reason in the reader's words.
    assert body["detail"] == f"Run rejected at move 4: {body['error']['detail']}."
    run = Run.objects.get(pk=run_id)
    assert run.status == Run.Status.REJECTED
    # The record keeps the engine's own English sentence.
    assert run.error == {**body["error"], "detail": run.error["detail"]}
    assert run.log == log


def test_a_move_later_than_the_server_clock_is_refused(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)["id"]
    log = challenge_log(challenge, moves=2, start_ms=0, step_ms=60_000)
    response = _finish(player_client, run_id, log)
    assert response.status_code == 422
    assert response.json()["error"] == {**response.json()["error"], "move": 1, "code": "time_over"}


# (An empty body is not a log at all: a 400 that keeps the run open, test_edges.py.)
@pytest.mark.parametrize("body", [[], "moves", 7, {"moves": {}}, {"no": "moves"}])
def test_a_body_that_is_not_a_log_is_400_and_kept(
    player_client: APIClient, challenge: Challenge, body: object
) -> None:
    run_id = _start(player_client, challenge)["id"]
    response = _finish(player_client, run_id, body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_log"
    assert response.json()["detail"] == "Run rejected: what was sent is not a run log."
    assert Run.objects.get(pk=run_id).status == Run.Status.REJECTED


def test_finish_twice_is_a_conflict(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)["id"]
    log = challenge_log(challenge, moves=2, step_ms=900)
    assert api_played(player_client, run_id, log, server_clock).status_code == 200
    again = _finish(player_client, run_id, challenge_log(challenge, moves=4, step_ms=900))
    assert again.status_code == 409
    assert again.json()["code"] == "run_finished"
    assert len(Run.objects.get(pk=run_id).move_results) == 2


def test_finish_after_the_deadline_is_refused_clearly(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    late = timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms + 1000)
    run = RunFactory(player=player, challenge=challenge, started_at=timezone.now() - late)
    response = _finish(player_client, str(run.pk), challenge_log(challenge, moves=3))
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "deadline_passed"
    assert body["detail"].startswith("Too late: this run started at ")
    assert (body["status"], body["valid"]) == ("rejected", False)
    run.refresh_from_db()
    assert run.status == Run.Status.REJECTED
    assert run.error is not None and run.error["code"] == "deadline_passed"


def test_a_finish_of_an_expired_run_answers_with_that_run(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    late = timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms + 1000)
    run = RunFactory(
        player=player,
        challenge=challenge,
        started_at=timezone.now() - late,
        status=Run.Status.EXPIRED,
    )
    response = _finish(player_client, str(run.pk), challenge_log(challenge, moves=3))
    assert response.status_code == 409
    body = response.json()
    assert (body["code"], body["id"], body["status"]) == ("deadline_passed", str(run.pk), "expired")


def test_another_players_run_is_not_found(api_client: APIClient, challenge: Challenge) -> None:
    run = RunFactory(challenge=challenge)
    api_client.force_authenticate(UserFactory())
    response = _finish(api_client, str(run.pk), challenge_log(challenge, moves=1))
    assert response.status_code == 404
    assert response.json()["detail"] == "You have no run with this id."
    assert Run.objects.get(pk=run.pk).status == Run.Status.STARTED


def test_finish_needs_a_login(api_client: APIClient, challenge: Challenge) -> None:
    run = RunFactory(challenge=challenge)
    response = _finish(api_client, str(run.pk), {"moves": []})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert "detail" in response.json()


# --- detail ----------------------------------------------------------------------------


def test_the_owner_sees_their_run(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)["id"]
    log = challenge_log(challenge, moves=5, step_ms=1200)
    api_played(player_client, run_id, log, server_clock)
    body = player_client.get(f"/api/runs/{run_id}/").json()
    assert body["id"] == run_id
    assert (body["status"], body["valid"], body["submitted"]) == ("finished", True, False)
    assert (body["eligible"], body["ineligible"]) == (True, None)
    assert body["log"] == log
    assert len(body["moves"]) == 5
    assert (body["tray"], body["well"]) == (challenge.tray, challenge.well)


def test_others_see_a_submitted_run_only_once_its_results_are_out(
    api_client: APIClient, challenge: Challenge
) -> None:
    open_entry = EntryFactory(challenge=challenge)
    assert api_client.get(f"/api/runs/{open_entry.run_id}/").status_code == 404
    past = ChallengeFactory(number=challenge.number - 1)  # its results_at is long gone
    closed_entry = EntryFactory(challenge=past)
    body = api_client.get(f"/api/runs/{closed_entry.run_id}/").json()
    assert body["player"] == closed_entry.player.username
    assert body["submitted"] is True
    assert body["tray"] == past.tray
    unsubmitted = RunFactory(challenge=past, finished=True)
    response = api_client.get(f"/api/runs/{unsubmitted.pk}/")
    assert response.status_code == 404
    assert response.json()["detail"] == "No run with this id is visible to you."


def test_a_malformed_run_id_is_a_json_404(api_client: APIClient) -> None:
    response = api_client.get("/api/runs/not-a-uuid/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_start_brings_the_ghosts_the_run_races(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    first = _start(player_client, challenge)["ghosts"]
    assert first["best"] is None and first["other"] is None
    Challenge.objects.filter(pk=challenge.pk).update(par=400)
    best = RunFactory(challenge=challenge, player=player, finished=True)
    ghosts = _start(player_client, challenge)["ghosts"]
    assert ghosts["best"]["score"] == best.score
    assert ghosts["best"]["scores"][-1] == best.score
    assert len(ghosts["best"]["scores"]) == RULESET.time_limit_ms // 1000 + 1
    assert [(m["medal"], m["score"]) for m in ghosts["medals"]] == [
        ("bronze", 200),
        ("silver", 300),
        ("gold", 360),
    ]
    # Scores only: no move, tile or cell of any run while the challenge is open.
    assert set(ghosts["best"]) == {"kind", "player", "score", "scores"}
    assert ghosts["other"] is None
