"""The classic game's API: start, read, place, draw, pass, resign; the rules' refusals
(422 with their code), turns (409), finished games, resuming, guests and the record."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from challenges.classic import services
from challenges.models import ClassicGame
from tests.factories import UserFactory
from triominos import Placement
from triominos.classic import ClassicGame as Match
from triominos.classic import classic_replay, computers_play

pytestmark = pytest.mark.django_db


def _start(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post(
        "/api/classic/games/", {"strength": "easy", "length": "one_round", **body}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def _match(game_id: str) -> Match:
    row = ClassicGame.objects.get(pk=game_id)
    return classic_replay(
        players=row.seats.count(), seed=row.seed, rounds=row.rounds, log=list(row.log)
    )


def _placement_body(placement: Placement) -> dict[str, Any]:
    return {
        "tile": placement.tile.id,
        "cell": [placement.cell.row, placement.cell.col],
        "rotation": placement.rotation,
    }


def _turn(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    """The person's turn as a simple player takes it: the first placement that fits,
    else a draw, else a pass."""
    game_id = state["id"]
    match = _match(game_id)
    placements = match.legal_placements()
    base = f"/api/classic/games/{game_id}"
    body = {"version": state["version"]}
    if placements:
        response = client.post(
            f"{base}/move/", {**_placement_body(placements[0]), **body}, format="json"
        )
    elif state["can_draw"]:
        response = client.post(f"{base}/draw/", body, format="json")
    else:
        response = client.post(f"{base}/pass/", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def _play_out(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    for _ in range(500):
        if state["status"] != "playing":
            return state
        state = _turn(client, state)
    raise AssertionError("the game did not end")


def test_a_game_starts_at_the_person_s_turn_with_their_hand(player_client: APIClient) -> None:
    state = _start(player_client, computers=2, strength="hard")

    assert state["status"] == "playing" and state["you"] == 0 and state["turn"] == 0
    assert [seat["kind"] for seat in state["seats"]] == ["person", "computer", "computer"]
    assert {seat["strength"] for seat in state["seats"][1:]} == {"hard"}
    match = _match(state["id"])
    assert state["hand"] == [tile.id for tile in match.hand(0)]
    assert state["version"] == len(ClassicGame.objects.get(pk=state["id"]).log)
    # The computers' opening (if one opened) is among what the answer shows.
    assert state["new_events"][0]["event"] == "round_started"
    assert "hands" not in state["new_events"][0]
    assert len(state["new_events"][0]["hand"]) == 7


def test_an_illegal_placement_is_422_with_the_rule_s_code_and_changes_nothing(
    player_client: APIClient,
) -> None:
    state = _start(player_client)
    if not state["board"]:
        state = _turn(player_client, state)  # the person opens: play past it
        while state["turn"] != 0 or not state["board"]:
            state = _turn(player_client, state)
    match = _match(state["id"])
    board = match.board
    hand = match.hand(0)
    refused = None
    for cell in board.frontier():
        for tile in hand:
            for rotation in (0, 1, 2):
                placement = Placement(tile, cell, rotation)
                error = board.check(placement)
                if error is not None and error.code == "corner_mismatch":
                    refused = placement
    assert refused is not None

    response = player_client.post(
        f"/api/classic/games/{state['id']}/move/", _placement_body(refused), format="json"
    )

    assert response.status_code == 422
    assert response.json()["code"] == "corner_mismatch"
    assert response.json()["detail"]
    again = player_client.get(f"/api/classic/games/{state['id']}/").json()
    assert again["version"] == state["version"] and again["hand"] == state["hand"]


def test_a_tile_not_held_and_a_pass_too_soon_are_refused_with_their_codes(
    player_client: APIClient,
) -> None:
    state = _start(player_client)
    while not state["board"]:
        state = _turn(player_client, state)
    not_held = next(
        tile.id for tile in _match(state["id"]).board.tiles if tile.id not in state["hand"]
    )
    base = f"/api/classic/games/{state['id']}"

    held = player_client.post(
        f"{base}/move/", {"tile": not_held, "cell": [0, 1], "rotation": 0}, format="json"
    )
    passed = player_client.post(f"{base}/pass/", {}, format="json")

    assert (held.status_code, held.json()["code"]) == (422, "tile_not_in_hand")
    assert (passed.status_code, passed.json()["code"]) == (422, "pass_not_allowed")


def test_a_move_out_of_turn_is_409(player: User) -> None:
    # Two people at one table: the turn API carries them both.
    other = UserFactory()
    state = services.classic_game_start(
        player_ids=[player.pk, other.pk], computers=0, strength="easy", rounds=1
    )
    match = _match(state["id"])
    waiting = [player, other][1 - match.current_player]  # type: ignore[operator]
    client = APIClient()
    client.force_authenticate(waiting)

    response = client.post(f"/api/classic/games/{state['id']}/draw/", {}, format="json")

    assert (response.status_code, response.json()["code"]) == (409, "not_your_turn")
    mover = APIClient()
    mover.force_authenticate([player, other][match.current_player])  # type: ignore[index]
    placement = match.legal_placements()[0]
    moved = mover.post(
        f"/api/classic/games/{state['id']}/move/", _placement_body(placement), format="json"
    )
    assert moved.status_code == 200
    assert moved.json()["turn"] == 1 - match.current_player  # type: ignore[operator]


def test_an_action_on_an_older_version_is_409_stale(player_client: APIClient) -> None:
    state = _start(player_client)
    response = player_client.post(
        f"/api/classic/games/{state['id']}/draw/", {"version": state["version"] + 1}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (409, "stale_game")


def test_a_finished_game_refuses_every_action(player_client: APIClient) -> None:
    state = _play_out(player_client, _start(player_client))

    assert state["status"] == "finished" and state["turn"] is None
    assert state["winners"]
    base = f"/api/classic/games/{state['id']}"
    for path, body in (
        ("move", {"tile": "0-0-0", "cell": [0, 0], "rotation": 0}),
        ("draw", {}),
        ("pass", {}),
        ("resign", {}),
    ):
        response = player_client.post(f"{base}/{path}/", body, format="json")
        assert (response.status_code, response.json()["code"]) == (409, "game_over"), path


def test_a_resumed_game_continues_exactly(player: User) -> None:
    first = APIClient()
    first.force_authenticate(player)
    state = _start(first, computers=3, strength="hard")
    for _ in range(4):
        state = _turn(first, state)

    # A reload: another client of the same player reads the game and plays on.
    second = APIClient()
    second.force_authenticate(player)
    resumed = second.get(f"/api/classic/games/{state['id']}/").json()
    assert {k: v for k, v in resumed.items() if k != "new_events"} == {
        k: v for k, v in state.items() if k != "new_events"
    }
    assert second.get("/api/classic/record/").json()["current"] == state["id"]

    # The next turn's answer is what the engine gives the same game uninterrupted.
    row = ClassicGame.objects.get(pk=state["id"])
    expected = classic_replay(players=4, seed=row.seed, rounds=1, log=list(row.log))
    placements = expected.legal_placements()
    if placements:
        expected.play(placements[0], player=0)
    elif expected.can_draw():
        expected.draw(player=0)
    else:
        expected.pass_turn(player=0)
    computers_play(expected, computers={1: "hard", 2: "hard", 3: "hard"}, seed=row.seed)
    after = _turn(second, resumed)
    assert after["scores"] == list(expected.scores)
    assert after["hand"] == [tile.id for tile in expected.hand(0)]
    assert after["board"] == [p.to_json() for p in expected.board.placements]


def test_a_guest_s_games_go_to_the_account_it_signs_up_with() -> None:
    client = APIClient()
    assert client.post("/api/guest/").status_code == 201
    state = _start(client, strength="medium")
    state = _turn(client, state)

    signed_up = client.post(
        "/accounts/signup/",
        {
            "username": "tiler",
            "password1": "a long pass phrase 7",
            "password2": "a long pass phrase 7",
        },
    )

    assert signed_up.status_code == 302
    seat = ClassicGame.objects.get(pk=state["id"]).seats.get(seat=0)
    assert seat.player is not None and seat.player.username == "tiler"
    resumed = client.get(f"/api/classic/games/{state['id']}/")
    assert resumed.status_code == 200 and resumed.json()["version"] == state["version"]
    assert client.get("/api/classic/record/").json()["current"] == state["id"]


def test_the_record_counts_games_wins_by_strength_and_lists_replays(
    player_client: APIClient,
) -> None:
    finished = _play_out(player_client, _start(player_client, strength="easy"))
    resigned = _start(player_client, strength="hard", length="to_400", computers=2)
    player_client.post(f"/api/classic/games/{resigned['id']}/resign/")

    record = player_client.get("/api/classic/record/").json()

    won = 0 in finished["winners"]  # a shared win is a win, as the record counts it
    assert record["games"] == 2 and record["wins"] == int(won)
    by_strength = {row["strength"]: row for row in record["by_strength"]}
    assert by_strength["easy"] == {"strength": "easy", "games": 1, "wins": int(won)}
    assert by_strength["hard"]["games"] == 1 and by_strength["hard"]["wins"] == 0
    assert [game["id"] for game in record["history"]] == [resigned["id"], finished["id"]]
    assert record["history"][0]["status"] == "resigned"
    assert record["current"] is None
    replay = player_client.get(f"/api/classic/games/{finished['id']}/replay/").json()
    assert replay["events"][0]["event"] == "round_started"
    assert len(replay["events"][0]["hands"]) == 2, "every hand, once the game is over"
    assert replay["events"][-1]["event"] == "game_ended"


def test_another_player_s_game_is_404_and_bad_bodies_are_400(player_client: APIClient) -> None:
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    state = _start(player_client)

    assert stranger.get(f"/api/classic/games/{state['id']}/").status_code == 404
    assert stranger.post(f"/api/classic/games/{state['id']}/draw/").status_code == 404
    for body in (
        {"computers": 4},
        {"strength": "grandmaster"},
        {"length": "forever"},
    ):
        response = player_client.post("/api/classic/games/", body, format="json")
        assert (response.status_code, response.json()["code"]) == (400, "invalid"), body
    for body in (
        {"tile": "6-6-6", "cell": [0, 0], "rotation": 0},
        {"tile": "0-0-0", "cell": [0], "rotation": 0},
        {"tile": "0-0-0", "cell": [0, 0], "rotation": 3},
        {"tile": "0-0-0", "cell": [0, True], "rotation": 0},
    ):
        response = player_client.post(
            f"/api/classic/games/{state['id']}/move/", body, format="json"
        )
        assert response.status_code == 400, body


def test_a_visitor_cannot_play() -> None:
    response = APIClient().post("/api/classic/games/", {}, format="json")
    assert response.status_code in (401, 403)


def test_a_stored_game_of_rules_version_1_replays_by_version_1(
    player: User, player_client: APIClient
) -> None:
    # Seed "bw 4": version 1 called the single round blocked with 32 tiles in the well.
    from django.utils import timezone

    from challenges.models import ClassicSeat
    from triominos import RULESETS
    from triominos.classic import action_json

    played = Match(2, seed="bw 4", rounds=1, ruleset=RULESETS[1])
    taken = computers_play(played, computers={0: "medium", 1: "medium"}, seed="bw 4")
    now = timezone.now()
    row = ClassicGame.objects.create(
        seed="bw 4",
        rounds=1,
        strength="medium",
        rules_version=1,
        log=[action_json(seat, action) for seat, action in taken],
        status=ClassicGame.Status.FINISHED,
        scores=list(played.scores),
        turn=None,
        created_at=now,
        updated_at=now,
        finished_at=now,
    )
    ClassicSeat.objects.create(game=row, seat=0, player=player)
    ClassicSeat.objects.create(game=row, seat=1, strength="medium")

    replay = player_client.get(f"/api/classic/games/{row.id}/replay/").json()

    ended = [event for event in replay["events"] if event["event"] == "round_ended"]
    assert [(event["reason"], event["player"]) for event in ended] == [("blocked", 1)]
    assert replay["events"][-1]["scores"] == list(played.scores)
    state = player_client.get(f"/api/classic/games/{row.id}/").json()
    assert state["scores"] == list(played.scores) and state["status"] == "finished"
