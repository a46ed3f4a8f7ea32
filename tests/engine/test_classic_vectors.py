"""The classic game against its golden vectors: each logged game replays to the same
events, and the seeded computer players take the same actions again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.vectors.loader import classic_cases
from triominos.classic import (
    ClassicGame,
    Strength,
    action_json,
    classic_replay,
    computers_play,
)

CASES = classic_cases()


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


def test_the_classic_vectors_cover_the_rules() -> None:
    tags = {tag for case in CASES for tag in case["tags"]}

    assert {
        "opening:triple",
        "opening:triple_zero",
        "opening:highest_value",
        "draw",
        "pass",
        "round:blocked",
        "round:out",
        "game:to_400",
    } <= tags


@pytest.mark.parametrize("case", CASES, ids=_ids(CASES))
def test_a_logged_game_replays_to_its_events(case: dict[str, Any]) -> None:
    game = classic_replay(
        players=case["players"], seed=case["seed"], rounds=case["rounds"], log=case["log"]
    )

    assert [event.to_json() for event in game.events] == case["expect"]["events"]
    assert list(game.scores) == case["expect"]["scores"]
    assert list(game.winners) == case["expect"]["winners"]
    assert game.is_over is case["expect"]["over"]


@pytest.mark.parametrize("case", CASES, ids=_ids(CASES))
def test_the_computers_take_the_logged_actions_again(case: dict[str, Any]) -> None:
    computers: dict[int, Strength] = {
        int(seat): strength for seat, strength in case["computers"].items()
    }
    game = ClassicGame(case["players"], seed=case["seed"], rounds=case["rounds"])

    taken = computers_play(game, computers=computers, seed=case["seed"])

    assert [action_json(seat, action) for seat, action in taken] == case["log"]


def test_the_game_to_400_ends_at_the_end_of_the_round_that_reaches_it() -> None:
    (case,) = [case for case in CASES if "game:to_400" in case["tags"]]
    events = case["expect"]["events"]
    ended = [event for event in events if event["event"] == "game_ended"]
    rounds = [event for event in events if event["event"] == "round_started"]

    assert len(ended) == 1 and events[-1] == ended[0]
    assert max(ended[0]["scores"]) >= 400
    assert len(rounds) == ended[0]["round"] > 1
    # Every round before the last ended below the target for everyone.
    totals = [0] * case["players"]
    for event in events[:-2]:
        if "points" in event:
            totals[event["player"]] += event["points"]
        if event["event"] == "round_ended" and event["round"] < ended[0]["round"]:
            assert max(totals) < 400
