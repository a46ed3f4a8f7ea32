"""The classic game through its API against a referee written from RULES.md
(tests/api/classic_referee.py): seeded games of every length and table, the person at
seat 0 playing a seeded mix of placements, draws and passes and trying illegal ones;
every refusal must carry the code the rulebooks give, every event of the finished game
must be what they allow and score, and every answer's scores the referee's at that
point. ``REFEREE_GAMES`` plays more games (the default keeps the suite quick), from game
``REFEREE_FIRST`` on."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.classic import services
from tests.api.classic_referee import DEAL_SIZES, MAX_DRAWS, Referee
from tests.engine.reference import ReferenceBoard
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GAMES = int(os.environ.get("REFEREE_GAMES", "12"))
FIRST = int(os.environ.get("REFEREE_FIRST", "0"))
TABLES = [
    (computers, strength, length)
    for length in ("one_round", "to_400")
    for computers in (1, 2, 3)
    for strength in ("easy", "medium", "hard")
]


def _board_of(state: dict[str, Any]) -> ReferenceBoard:
    board = ReferenceBoard()
    for placed in state["board"]:
        board.place(placed["tile"], (placed["cell"][0], placed["cell"][1]), placed["rotation"])
    return board


class Person:
    """Seat 0, through the API: legal actions mostly, an illegal one now and then, each
    refusal checked against the code the rules give."""

    def __init__(self, client: APIClient, state: dict[str, Any], rng: random.Random) -> None:
        self.client, self.state, self.rng = client, state, rng
        self.seen: list[dict[str, Any]] = list(state["round_events"])
        self.answers: list[tuple[int, list[int]]] = [(len(self.seen), state["scores"])]
        self.refusals = 0

    def post(self, action: str, body: dict[str, Any], refused: str | None = None) -> None:
        url = f"/api/classic/games/{self.state['id']}/{action}/"
        response = self.client.post(url, {**body, "version": self.state["version"]}, format="json")
        if refused is not None:
            assert response.status_code == 422, (action, body, response.content)
            assert response.json()["code"] == refused, (action, body, response.json())
            self.refusals += 1
            return
        assert response.status_code == 200, (action, body, response.content)
        self.state = response.json()
        self.seen.extend(self.state["new_events"])
        self.answers.append((len(self.seen), self.state["scores"]))

    def turn(self) -> None:
        state, rng = self.state, self.rng
        hand = state["hand"]
        board = _board_of(state)
        well, draws = state["well_size"], state["draws_this_turn"]
        if not board.cells:  # we open: one of the opening tiles at the origin
            wrong = [tile for tile in hand if tile not in state["opening_tiles"]]
            if wrong and rng.random() < 0.3:
                body = {"tile": rng.choice(wrong), "cell": [0, 0], "rotation": 0}
                self.post("move", body, refused="wrong_opening")
            if rng.random() < 0.2:
                self.post("draw", {}, refused="opening_required")
            tile = rng.choice(state["opening_tiles"])
            self.post("move", {"tile": tile, "cell": [0, 0], "rotation": rng.randrange(3)})
            return
        roll = rng.random()
        if roll < 0.08:  # a placement the rules refuse, if the one tried is
            tile = rng.choice(hand)
            cell = rng.choice(sorted(board.cells))
            near = (cell[0] + rng.randint(-2, 2), cell[1] + rng.randint(-2, 2))
            rotation = rng.randrange(3)
            code = board.error(tile, near, rotation)
            if code is not None:
                body = {"tile": tile, "cell": list(near), "rotation": rotation}
                self.post("move", body, refused=code)
        elif roll < 0.12 and (well == 0 or draws >= MAX_DRAWS):
            self.post("draw", {}, refused="well_empty" if well == 0 else "draw_limit")
        elif roll < 0.16 and well and draws < MAX_DRAWS:
            self.post("pass", {}, refused="pass_not_allowed")
        legal = board.legal(hand)
        can_draw = well > 0 and draws < MAX_DRAWS
        if legal and (rng.random() < 0.85 or not can_draw):
            if rng.random() < 0.5:
                tile, cell, rotation = rng.choice(legal)
            else:
                tile, cell, rotation = max(legal, key=lambda p: board.score(p[0], p[1])[0])
            self.post("move", {"tile": tile, "cell": list(cell), "rotation": rotation})
        elif can_draw:
            self.post("draw", {})
        else:
            self.post("pass", {})


def _seen_as_seat_0(event: dict[str, Any]) -> dict[str, Any]:
    """An event of the full replay as seat 0 saw it while playing."""
    if event["event"] == "round_started":
        hands = event["hands"]
        seen = {key: value for key, value in event.items() if key != "hands"}
        # The tiles a round may open with are in the opener's hand: another seat's secret.
        opening = event["opening_tiles"] if event["opener"] == 0 else []
        return {
            **seen,
            "hand": hands[0],
            "hand_sizes": [len(hand) for hand in hands],
            "opening_tiles": opening,
        }
    if event["event"] == "drew" and event["player"] != 0:
        return {**event, "tile": None}
    return event


@pytest.mark.parametrize("number", range(FIRST, FIRST + GAMES))
def test_a_seeded_game_through_the_api_agrees_with_the_referee(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    computers, strength, length = TABLES[number % len(TABLES)]
    monkeypatch.setattr(services.secrets, "token_hex", lambda _: f"{number:016x}")
    client = APIClient()
    client.force_authenticate(UserFactory())  # one player a game: the throttles are per player
    body = {"computers": computers, "strength": strength, "length": length}
    response = client.post("/api/classic/games/", body, format="json")
    assert response.status_code == 201, response.content
    person = Person(client, response.json(), random.Random(f"referee {number}"))

    for _ in range(3000):
        if person.state["status"] != "playing":
            break
        assert person.state["turn"] == 0
        person.turn()
    assert person.state["status"] == "finished"

    replay = client.get(f"/api/classic/games/{person.state['id']}/replay/").json()
    events = replay["events"]
    referee = Referee(players=computers + 1, one_round=length == "one_round")
    for event in events:
        referee.check(event)
    assert referee.over
    assert person.state["scores"] == referee.scores
    # What seat 0 was shown while playing is the record, hidden tiles aside.
    assert person.seen == [_seen_as_seat_0(event) for event in events[: len(person.seen)]]
    # Every answer's scores are the referee's after the events it had shown.
    for shown, scores in person.answers:
        assert scores == referee.scores_after[shown - 1]
    assert len(events[0]["hands"][0]) == DEAL_SIZES[computers + 1]
