"""The live tables' API: making, finding and joining tables, a whole round by two
people with events numbered per table, stale actions, spectators, invitations, limits
and expiry; every refusal JSON with its code."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import ClassicGame, Follow, LiveTable, TableEvent
from tests.factories import UserFactory
from tests.tables_play import api_turn, table_match, tile_ids

pytestmark = pytest.mark.django_db


def _client(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _make(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables/", {"seats": 2, **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code and body["detail"]


def test_two_people_play_a_whole_round_with_events_numbered_per_table() -> None:
    ada, bob = UserFactory(), UserFactory()
    clients = {0: _client(ada), 1: _client(bob)}
    made = _make(clients[0])
    assert made["status"] == "open" and made["you"] == 0
    assert made["invite"].startswith("http://testserver/tables/") and "?invite=" in made["invite"]

    lobby = clients[1].get("/api/tables/open/").json()
    assert [row["id"] for row in lobby["tables"]] == [made["id"]]
    joined = clients[1].post(f"/api/tables/{made['id']}/join/", {}, format="json").json()
    assert joined["status"] == "playing" and joined["you"] == 1

    state = joined
    for _ in range(400):
        if state["status"] != "playing":
            break
        state = api_turn(clients, made["id"])
    assert state["status"] == "finished"

    seqs = list(TableEvent.objects.filter(table_id=made["id"]).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)) and state["seq"] == seqs[-1]
    for seat, client in clients.items():
        events = client.get(f"/api/tables/{made['id']}/events/?after=0").json()["events"]
        assert [event["seq"] for event in events] == seqs
        tail = client.get(f"/api/tables/{made['id']}/events/?after={seqs[-3]}").json()["events"]
        assert [event["seq"] for event in tail] == seqs[-2:]
        assert events[-1]["event"]["event"] == "table_ended"
        final = client.get(f"/api/tables/{made['id']}/").json()
        assert final["you"] == seat and len(final["hands"]) == 2
    results = {row["seat"]: row["result"] for row in events[-1]["event"]["results"]}
    assert sorted(results.values()) == ["lost", "won"]
    assert not events[-1]["event"]["rated"]


def test_an_action_on_an_older_seq_is_409_stale_table_and_changes_nothing() -> None:
    ada, bob = UserFactory(), UserFactory()
    clients = {0: _client(ada), 1: _client(bob)}
    made = _make(clients[0])
    clients[1].post(f"/api/tables/{made['id']}/join/", {}, format="json")
    seat = table_match(made["id"]).current_player
    seq = LiveTable.objects.get(pk=made["id"]).seq

    _refused(
        clients[seat].post(f"/api/tables/{made['id']}/draw/", {"seq": seq - 1}, format="json"),
        409,
        "stale_table",
    )
    assert LiveTable.objects.get(pk=made["id"]).seq == seq
    other = 1 - seat
    _refused(
        clients[other].post(f"/api/tables/{made['id']}/draw/", {"seq": seq}, format="json"),
        409,
        "not_your_turn",
    )


def test_a_spectator_sees_no_hand_and_a_seat_only_its_own() -> None:
    ada, bob, eve = UserFactory(), UserFactory(), UserFactory()
    made = _make(_client(ada))
    _client(bob).post(f"/api/tables/{made['id']}/join/", {}, format="json")
    match = table_match(made["id"])
    hands = [{tile.id for tile in match.hand(seat)} for seat in range(2)]

    for client in (_client(eve), APIClient()):
        seen = client.get(f"/api/tables/{made['id']}/").json()
        assert seen["you"] is None and seen["hand"] == [] and seen["hands"] is None
        assert seen["invite"] is None
        events = client.get(f"/api/tables/{made['id']}/events/?after=0").json()["events"]
        assert not tile_ids(seen) & (hands[0] | hands[1])
        assert not tile_ids(events) & (hands[0] | hands[1])
    mine = _client(bob).get(f"/api/tables/{made['id']}/").json()
    assert set(mine["hand"]) == hands[1] and not tile_ids(mine) & hands[0]
    assert [player["hand_size"] for player in mine["players"]] == [len(hand) for hand in hands]


def test_a_table_off_the_lobby_takes_its_invitation_or_the_followed_player() -> None:
    ada, bob, cid, dan = UserFactory(), UserFactory(), UserFactory(), UserFactory()
    made = _make(_client(ada), seats=4, listed=False)
    assert _client(bob).get("/api/tables/open/").json()["tables"] == []
    _refused(
        _client(bob).post(f"/api/tables/{made['id']}/join/", {}, format="json"),
        403,
        "invite_invalid",
    )
    _refused(
        _client(bob).post(f"/api/tables/{made['id']}/join/", {"invite": "nope"}, format="json"),
        403,
        "invite_invalid",
    )
    token = made["invite"].split("?invite=")[1]
    joined = _client(bob).post(f"/api/tables/{made['id']}/join/", {"invite": token}, format="json")
    assert joined.status_code == 200 and joined.json()["you"] == 1
    _refused(
        _client(bob).post(f"/api/tables/{made['id']}/join/", {"invite": token}, format="json"),
        409,
        "already_seated",
    )

    _refused(
        _client(ada).post("/api/tables/", {"invite": cid.username}, format="json"),
        400,
        "invitee_not_followed",
    )
    Follow.objects.create(follower=ada, followed=cid, created_at=timezone.now())
    invited = _make(_client(ada), invite=cid.username)
    lobby = _client(cid).get("/api/tables/open/").json()
    assert [row["id"] for row in lobby["invitations"]] == [invited["id"]]
    assert _client(dan).get("/api/tables/open/").json()["tables"] == []
    assert (
        _client(cid).post(f"/api/tables/{invited['id']}/join/", {}, format="json").status_code
        == 200
    )


def test_open_tables_are_limited_and_expire_unfilled(settings: Any) -> None:
    settings.TABLES_OPEN_PER_PLAYER = 2
    ada, bob = UserFactory(), UserFactory()
    first = _make(_client(ada))
    _make(_client(ada))
    _refused(_client(ada).post("/api/tables/", {}, format="json"), 409, "too_many_tables")

    LiveTable.objects.filter(pk=first["id"]).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    _refused(
        _client(bob).post(f"/api/tables/{first['id']}/join/", {}, format="json"),
        409,
        "table_not_open",
    )
    assert first["id"] not in [
        row["id"] for row in _client(bob).get("/api/tables/open/").json()["tables"]
    ]


def test_a_guest_waits_at_one_table_at_most() -> None:
    guest = APIClient()
    assert guest.post("/api/guest/").status_code in (200, 201)
    assert guest.post("/api/tables/", {}, format="json").status_code == 201
    _refused(guest.post("/api/tables/", {}, format="json"), 409, "too_many_tables")


def test_a_table_with_computers_for_the_other_seats_starts_at_once() -> None:
    ada = UserFactory()
    made = _make(_client(ada), seats=3, computers=2, strength="easy")
    assert made["status"] == "playing"
    assert [player["kind"] for player in made["players"]] == ["person", "computer", "computer"]
    assert made["turn"] == 0


def test_bad_bodies_and_unknown_tables_are_json_refusals() -> None:
    ada = UserFactory()
    client = _client(ada)
    _refused(client.post("/api/tables/", {"seats": 5}, format="json"), 400, "invalid")
    _refused(
        client.post("/api/tables/", {"seats": 2, "computers": 2}, format="json"), 400, "invalid"
    )
    missing = "00000000-0000-0000-0000-000000000001"
    _refused(client.get(f"/api/tables/{missing}/"), 404, "not_found")
    _refused(client.post(f"/api/tables/{missing}/draw/", {}, format="json"), 404, "not_found")
    _refused(client.get(f"/api/tables/{missing}/events/?after=x"), 400, "invalid")
    made = _make(client)
    _refused(
        _client(UserFactory()).post(f"/api/tables/{made['id']}/draw/", {}, format="json"),
        403,
        "not_seated",
    )
    _refused(
        client.post(f"/api/tables/{made['id']}/react/", {"reaction": "boo"}, format="json"),
        400,
        "invalid",
    )
    _refused(APIClient().post("/api/tables/", {}, format="json"), 401, "not_authenticated")


def test_refusals_are_in_the_reader_s_language() -> None:
    client = _client(UserFactory())
    made = _make(client)
    response = client.post(
        f"/api/tables/{made['id']}/draw/", {}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.json()["code"] == "table_not_started"
    assert response.json()["detail"] != "The game starts when every seat is taken."


def test_a_reaction_is_one_of_the_codes_and_the_table_shows_it() -> None:
    ada, bob = UserFactory(), UserFactory()
    made = _make(_client(ada))
    _client(bob).post(f"/api/tables/{made['id']}/join/", {}, format="json")
    sent = _client(bob).post(
        f"/api/tables/{made['id']}/react/", {"reaction": "good_game"}, format="json"
    )
    assert sent.status_code == 204
    shown = _client(ada).get(f"/api/tables/{made['id']}/").json()["reactions"]
    assert [(row["seat"], row["reaction"]) for row in shown] == [(1, "good_game")]
    _refused(
        _client(UserFactory()).post(
            f"/api/tables/{made['id']}/react/", {"reaction": "hello"}, format="json"
        ),
        403,
        "not_seated",
    )


def test_a_table_s_game_is_played_at_its_table_never_through_the_classic_api() -> None:
    """Every action at a table is an event numbered there: the classic API does not
    know a table's game, and the classic page does not offer to resume it."""
    ada, bob = UserFactory(), UserFactory()
    clients = {0: _client(ada), 1: _client(bob)}
    made = _make(clients[0])
    clients[1].post(f"/api/tables/{made['id']}/join/", {}, format="json")
    table = LiveTable.objects.get(pk=made["id"])
    seat = table_match(made["id"]).current_player
    game = f"/api/classic/games/{table.game_id}"
    for action in ("draw", "pass", "resign"):
        _refused(clients[seat].post(f"{game}/{action}/", {}, format="json"), 404, "not_found")
    assert LiveTable.objects.get(pk=made["id"]).seq == table.seq
    assert table.game is not None and table.game.status == "playing"
    for client in clients.values():
        assert client.get("/api/classic/record/").json()["current"] is None


def test_a_move_the_rules_refuse_is_422_and_changes_nothing() -> None:
    ada, bob = UserFactory(), UserFactory()
    clients = {0: _client(ada), 1: _client(bob)}
    made = _make(clients[0])
    clients[1].post(f"/api/tables/{made['id']}/join/", {}, format="json")
    table = LiveTable.objects.get(pk=made["id"])
    seat = table_match(made["id"]).current_player
    log = list(ClassicGame.objects.get(pk=table.game_id).log)
    # A tile the seat does not hold, far from any other.
    held = {tile.id for tile in table_match(made["id"]).hand(seat)}
    tile = next(
        f"{a}-{b}-{c}"
        for a in range(6)
        for b in range(a, 6)
        for c in range(b, 6)
        if f"{a}-{b}-{c}" not in held
    )
    response = clients[seat].post(
        f"/api/tables/{made['id']}/move/",
        {"tile": tile, "cell": [40, 40], "rotation": 0, "seq": table.seq},
        format="json",
    )
    assert response.status_code == 422, response.content
    assert response.json()["code"] and response.json()["detail"]
    assert LiveTable.objects.get(pk=made["id"]).seq == table.seq
    assert ClassicGame.objects.get(pk=table.game_id).log == log
