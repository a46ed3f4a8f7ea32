"""Witnessed runs: moves reach the server while the run is played, and only a
run the server watched at a person's pace reaches a leaderboard.

The server's clock is the test's (``server_clock``): it moves on as a player's seconds
would, and every run here is played as a browser plays it (``tests.playing``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from challenges.engine import RULESET
from challenges.models import Challenge, Entry, Run
from tests.factories import UserFactory, challenge_log, challenge_log_score
from tests.playing import ServerClock, api_played

pytestmark = pytest.mark.django_db


def _start(api: APIClient, challenge: Challenge) -> str:
    response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 201, response.json()
    return str(response.json()["id"])


def _moves(api: APIClient, run_id: str, start: int, moves: list[dict[str, Any]]) -> Any:
    return api.post(f"/api/runs/{run_id}/moves/", {"from": start, "moves": moves}, format="json")


def _human_log(challenge: Challenge, moves: int = 24) -> dict[str, Any]:
    # A move every 1.1-ish seconds, as a person plays.
    return challenge_log(challenge, moves=moves, start_ms=1800, step_ms=1100)


def _client_for(user: Any) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


# --- the must-shows --------------------------------------------------------------------


def test_a_human_paced_run_sent_in_batches_is_eligible_and_submits(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = _human_log(challenge)
    finished = api_played(player_client, run_id, log, server_clock)
    assert finished.status_code == 200, finished.json()
    body = finished.json()
    assert (body["valid"], body["eligible"], body["received"]) == (True, True, 24)
    assert "ineligible" not in body
    assert body["score"] == challenge_log_score(challenge, log)
    submitted = player_client.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201
    assert (submitted.json()["status"], submitted.json()["reasons"]) == ("live", [])
    run = Run.objects.get(pk=run_id)
    # Every move was stamped on arrival, within the window of its own time.
    assert len(run.arrivals) == 24
    assert all(
        0 <= arrived - move["t"] <= RULESET.witness_window_ms
        for arrived, move in zip(run.arrivals, log["moves"], strict=True)
    )


def test_the_same_log_sent_all_at_once_after_60_s_is_not_eligible(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = _human_log(challenge)
    server_clock.advance(ms=60_000)
    finished = player_client.post(f"/api/runs/{run_id}/finish/", log, format="json")
    assert finished.status_code == 200
    body = finished.json()
    assert (body["valid"], body["eligible"]) == (True, False)
    assert body["ineligible"]["code"] == "not_witnessed"
    assert body["ineligible"]["move"] == 0
    assert "reached the server" in body["ineligible"]["detail"]
    refused = player_client.post(f"/api/runs/{run_id}/submit/")
    assert refused.status_code == 400
    # The player reads the whole reason with its figures: the first move, played at
    # 1.8 s, arrived with the rest at 60 s, 58.2 s late for a 10 s window.
    why = (
        "move 1 (at 1.8 seconds into the run) reached the server 58.2 seconds later; "
        "a move must arrive within 10 seconds"
    )
    assert refused.json() == {
        "code": "not_witnessed",
        "detail": f"This run cannot enter the leaderboard: {why}. "
        "It counts as practice in your history.",
        "ineligible": {
            "code": "not_witnessed",
            "move": 0,
            "t_ms": 1800,
            "late_ms": 58_200,
            "window_ms": RULESET.witness_window_ms,
            "detail": why,
        },
    }
    assert not Entry.objects.exists()
    # Still a valid run of the player's own history, with its score.
    mine = player_client.get(f"/api/runs/{run_id}/").json()
    assert (mine["valid"], mine["eligible"], mine["score"]) == (True, False, body["score"])


def test_a_log_with_every_t_at_zero_is_not_eligible(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = challenge_log(challenge, moves=20, start_ms=0, step_ms=0)
    finished = player_client.post(f"/api/runs/{run_id}/finish/", log, format="json")
    body = finished.json()
    assert (finished.status_code, body["valid"], body["eligible"]) == (200, True, False)
    assert body["ineligible"]["code"] == "too_fast"
    refused = player_client.post(f"/api/runs/{run_id}/submit/")
    assert refused.status_code == 400
    why = "move 2 was placed 0 ms after move 1; placements are at least 200 ms apart"
    assert refused.json() == {
        "code": "too_fast",
        "detail": f"This run cannot enter the leaderboard: {why}. "
        "It counts as practice in your history.",
        "ineligible": {
            "code": "too_fast",
            "move": 1,
            "gap_ms": 0,
            "previous_move": 0,
            "floor_ms": 200,
            "detail": why,
        },
    }


def test_a_precomputed_run_finished_at_once_is_not_eligible(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    """The script of the issue: search offline, then claim human times at once. The
    server's clock has not reached those times, so the log is not even valid."""
    run_id = _start(player_client, challenge)
    server_clock.advance(ms=40)
    finished = player_client.post(
        f"/api/runs/{run_id}/finish/", _human_log(challenge), format="json"
    )
    assert finished.status_code == 422
    assert finished.json()["error"]["code"] == "time_over"


# --- the moves endpoint ----------------------------------------------------------------


def test_a_batch_answers_what_the_server_holds_and_resending_it_is_harmless(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    moves = _human_log(challenge, moves=6)["moves"]
    server_clock.advance(ms=moves[2]["t"] + 300)
    first = _moves(player_client, run_id, 0, moves[:3])
    assert first.status_code == 200
    assert first.json() == {
        "received": 3,
        "score": first.json()["score"],
        "valid": True,
        "eligible": True,
    }
    server_clock.advance(ms=2_000)
    again = _moves(player_client, run_id, 0, moves[:3])
    assert again.json()["received"] == 3
    run = Run.objects.get(pk=run_id)
    arrived = list(run.arrivals)
    # Overlapping batches (a retry carrying the next moves) take only the new ones.
    server_clock.advance(ms=moves[5]["t"] - moves[2]["t"])
    overlapping = _moves(player_client, run_id, 1, moves[1:6])
    assert overlapping.json()["received"] == 6
    run.refresh_from_db()
    assert run.arrivals[:3] == arrived
    assert run.held_moves == moves


def test_a_gap_or_a_changed_move_is_a_409_with_the_count_held(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    moves = _human_log(challenge, moves=5)["moves"]
    server_clock.advance(ms=moves[4]["t"] + 200)
    assert _moves(player_client, run_id, 0, moves[:2]).status_code == 200
    gap = _moves(player_client, run_id, 3, moves[3:])
    assert gap.status_code == 409
    assert (gap.json()["code"], gap.json()["received"]) == ("moves_conflict", 2)
    assert "send the moves from index 2" in gap.json()["detail"]
    rewritten = [{**moves[1], "t": moves[1]["t"] + 1}, *moves[2:]]
    changed = _moves(player_client, run_id, 1, rewritten)
    assert changed.status_code == 409
    assert changed.json()["received"] == 2
    assert "Move 1 differs" in changed.json()["detail"]
    assert Run.objects.get(pk=run_id).status == Run.Status.STARTED


def test_an_illegal_move_in_a_batch_rejects_the_run_with_a_422(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    moves = _human_log(challenge, moves=3)["moves"]
    bad = {**moves[0], "t": moves[2]["t"] + 500}  # the first tile again
    server_clock.advance(ms=bad["t"] + 200)
    response = _moves(player_client, run_id, 0, [*moves, bad])
    assert response.status_code == 422
    body = response.json()
    assert (body["valid"], body["error"]["move"]) == (False, 3)
    assert body["error"]["code"] in {"tile_not_in_tray", "cell_occupied"}
    assert Run.objects.get(pk=run_id).status == Run.Status.REJECTED
    after = _moves(player_client, run_id, 4, [])
    assert (after.status_code, after.json()["code"]) == (409, "run_finished")


def test_finish_checks_that_the_held_moves_are_an_unchanged_prefix(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = _human_log(challenge, moves=8)
    moves = log["moves"]
    server_clock.advance(ms=moves[3]["t"] + 300)
    assert _moves(player_client, run_id, 0, moves[:4]).status_code == 200
    server_clock.advance(ms=moves[7]["t"] - moves[3]["t"])
    other = challenge_log(challenge, moves=8, start_ms=1800, step_ms=1100, variant=5)["moves"]
    assert other[:4] != moves[:4]
    conflict = player_client.post(f"/api/runs/{run_id}/finish/", {"moves": other}, format="json")
    assert (conflict.status_code, conflict.json()["received"]) == (409, 4)
    # The whole log, held prefix included, finishes it; so would {"from": 4, ...}.
    finished = player_client.post(f"/api/runs/{run_id}/finish/", log, format="json")
    assert (finished.status_code, finished.json()["received"]) == (200, 8)
    assert finished.json()["eligible"] is True


@pytest.mark.parametrize(
    "body",
    [{"moves": []}, {"from": -1, "moves": []}, {"from": True, "moves": []}, {"from": 0}, [1]],
)
def test_a_batch_that_is_not_a_batch_is_a_400_and_the_run_stays_open(
    player_client: APIClient, challenge: Challenge, body: object
) -> None:
    run_id = _start(player_client, challenge)
    response = player_client.post(f"/api/runs/{run_id}/moves/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["detail"]
    assert Run.objects.get(pk=run_id).status == Run.Status.STARTED


def test_moves_of_someone_elses_run_are_a_404(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)
    stranger = _client_for(UserFactory())
    response = _moves(stranger, run_id, 0, [])
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_a_body_over_64_kb_is_a_json_413_and_the_run_stays_open(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)
    huge = {"from": 0, "moves": [{"t": 0, "type": "draw", "pad": "x" * 70_000}]}
    response = _moves(player_client, run_id, 0, huge["moves"])
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert "65536 bytes" in response.json()["detail"]
    assert Run.objects.get(pk=run_id).status == Run.Status.STARTED


def test_a_stored_log_keeps_only_the_fields_of_the_rules(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    moves = _human_log(challenge, moves=3)["moves"]
    padded = [{**move, "note": "y" * 20_000, "extra": [1, 2, 3]} for move in moves]
    server_clock.advance(ms=moves[2]["t"] + 100)
    assert _moves(player_client, run_id, 0, padded).status_code == 200
    run = Run.objects.get(pk=run_id)
    assert run.held_moves == moves
    assert len(str(run.log)) < 400


def test_a_player_starts_at_most_300_runs_of_a_challenge(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    Run.objects.bulk_create(
        Run(player=player, challenge=challenge, started_at=challenge.opens_at) for _ in range(299)
    )
    assert player_client.post(f"/api/challenges/{challenge.pk}/runs/").status_code == 201
    refused = player_client.post(f"/api/challenges/{challenge.pk}/runs/")
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_runs"
    assert "300 runs" in refused.json()["detail"]
    assert Run.objects.filter(player=player).count() == 300


# --- a copied log is held --------------------------------------------------------------


def test_a_copied_log_is_held_off_the_board_until_a_moderator_approves_it(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    original, copier = UserFactory(), UserFactory()
    first, second = _client_for(original), _client_for(copier)
    log = _human_log(challenge)
    first_run = _start(first, challenge)
    assert api_played(first, first_run, log, server_clock).status_code == 200
    assert first.post(f"/api/runs/{first_run}/submit/").json()["status"] == "live"

    # The copy replays the same places and draws, each a little later: witnessed and
    # paced, so only the sameness gives it away.
    copied_run = _start(second, challenge)
    later = {"moves": [{**move, "t": move["t"] + 137} for move in log["moves"]]}
    assert api_played(second, copied_run, later, server_clock).json()["eligible"] is True
    submitted = second.post(f"/api/runs/{copied_run}/submit/")
    assert submitted.status_code == 201
    assert (submitted.json()["status"], submitted.json()["reasons"]) == (
        "held",
        ["checked_by_a_person"],
    )
    assert Entry.objects.get(pk=submitted.json()["id"]).hold_reasons == ["duplicate_log"]
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert [row["player"] for row in board["results"]] == [original.username]
    assert board["count"] == 1
    me = second.get(f"/api/challenges/{challenge.pk}/leaderboard/me/").json()
    # Under review: no would-be rank.
    assert (me["status"], me["reasons"], me["rank"]) == ("held", ["checked_by_a_person"], None)

    # The review queue lists it with its reason and replay; one click approves it.
    staff = Client()
    staff.force_login(UserFactory(username="moderator", is_staff=True, is_superuser=True))
    queue = staff.get("/admin/challenges/heldentry/").content.decode()
    assert copier.username in queue
    assert "The same moves as an earlier entry" in queue
    assert f"/runs/{copied_run}/replay/" in queue
    assert f"/heldentry/{Entry.objects.get(player=copier).pk}/approve/" in queue
    held = Entry.objects.get(player=copier)
    approved = staff.post(f"/admin/challenges/heldentry/{held.pk}/approve/")
    assert approved.status_code == 302
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert sorted(row["player"] for row in board["results"]) == sorted(
        [original.username, copier.username]
    )
    decision = held.decisions.get()
    assert (decision.verdict, decision.decided_by.username) == ("approve", "moderator")
    assert (
        f"/heldentry/{held.pk}/approve/"
        not in staff.get("/admin/challenges/heldentry/").content.decode()
    )


def test_a_decision_is_only_taken_by_post(challenge: Challenge) -> None:
    staff = Client()
    staff.force_login(UserFactory(username="moderator", is_staff=True, is_superuser=True))
    assert staff.get("/admin/challenges/heldentry/1/approve/").status_code == 405


# --- at the close ----------------------------------------------------------------------


def test_a_run_finished_between_the_close_and_the_results_counts_but_stays_private(
    player_client: APIClient, player: Any, challenge: Challenge, server_clock: ServerClock
) -> None:
    # Start 20 s before the close; play on past it.
    server_clock.set(max(server_clock.now(), challenge.closes_at - timedelta(seconds=20)))
    run_id = _start(player_client, challenge)
    finished = api_played(player_client, run_id, _human_log(challenge, moves=40), server_clock)
    assert challenge.closes_at < server_clock.now() < challenge.results_at
    assert finished.json()["eligible"] is True
    assert player_client.post(f"/api/runs/{run_id}/submit/").status_code == 201

    stranger = _client_for(UserFactory())
    assert player_client.get(f"/api/runs/{run_id}/").status_code == 200
    assert stranger.get(f"/api/runs/{run_id}/").status_code == 404
    assert APIClient().get(f"/api/runs/{run_id}/").status_code == 404
    assert Client().get(f"/runs/{run_id}/replay/").status_code == 404

    server_clock.set(challenge.results_at)
    assert stranger.get(f"/api/runs/{run_id}/").status_code == 200
    assert Client().get(f"/runs/{run_id}/replay/").status_code == 200


def test_a_submit_after_the_results_is_refused(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    server_clock.set(max(server_clock.now(), challenge.closes_at - timedelta(seconds=30)))
    run_id = _start(player_client, challenge)
    finished = api_played(player_client, run_id, _human_log(challenge, moves=12), server_clock)
    assert finished.json()["eligible"] is True
    server_clock.set(challenge.results_at + timedelta(milliseconds=1))
    refused = player_client.post(f"/api/runs/{run_id}/submit/")
    assert (refused.status_code, refused.json()["code"]) == (409, "entries_closed")
