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
        "round:blocked_to_400",
        "round:out",
        "game:reached_mid_round",
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


@pytest.mark.parametrize(
    "case",
    [case for case in CASES if "game:to_400" in case["tags"]],
    ids=lambda case: case["name"],
)
def test_the_game_to_400_ends_with_the_round_in_which_a_total_reached_400(
    case: dict[str, Any],
) -> None:
    events = case["expect"]["events"]
    ended = [event for event in events if event["event"] == "game_ended"]
    assert len(ended) == 1 and events[-1] == ended[0]
    last = ended[0]["round"]
    # The highest total at any moment of each round.
    totals = [0] * case["players"]
    peaks: dict[int, int] = {}
    for event in events:
        if event.get("player") is not None and "points" in event:
            totals[event["player"]] += event["points"]
            peaks[event["round"]] = max(peaks.get(event["round"], 0), max(totals))
    assert peaks[last] >= 400
    assert all(peak < 400 for number, peak in peaks.items() if number < last)


def test_a_blocked_single_round_costs_each_hand_and_a_blocked_round_to_400_pays_the_lowest() -> (
    None
):
    for case in CASES:
        for index, event in enumerate(case["expect"]["events"]):
            if event["event"] != "round_ended" or event["reason"] != "blocked":
                continue
            values = event["hand_values"]
            counted = case["expect"]["events"][index - case["players"] : index]
            if case["rounds"] == 1:
                assert event["player"] is None and event["points"] == 0
                assert [(e["event"], e["player"], e["points"]) for e in counted] == [
                    ("hand_counted", seat, -value) for seat, value in enumerate(values)
                ]
            else:
                assert values[event["player"]] == min(values)
                assert event["points"] == sum(values) - 2 * values[event["player"]]
