"""The classic game's computer players: legal, seeded, blind to others' tiles, and
each strength playing as it should; and the log that replays a game."""

from __future__ import annotations

import pytest

from tests.engine.classic_games import classic_game
from triominos import Placement, placement_parse
from triominos.classic import (
    STRENGTHS,
    ClassicError,
    ClassicGame,
    Draw,
    Pass,
    Strength,
    action_json,
    action_parse,
    classic_replay,
    computer_action,
    computers_play,
)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_plays_whole_games_of_legal_actions(strength: Strength) -> None:
    for players in (2, 3, 4):
        game = ClassicGame(players, seed=f"legal {strength} {players}", rounds=1)
        while (seat := game.current_player) is not None:
            action = computer_action(game, strength=strength, seed=1)
            assert action in game.legal_actions()
            game.apply(action, player=seat)
        assert game.is_over and game.round == 1


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_computer_passes_only_when_it_must_and_only_easy_draws_past_a_fit(
    strength: Strength,
) -> None:
    game = ClassicGame(2, seed="draws", rounds=1)
    while (seat := game.current_player) is not None:
        could_place = bool(game.legal_placements())
        could_draw = game.can_draw()
        action = computer_action(game, strength=strength, seed=2)
        if isinstance(action, Draw) and strength != "easy":
            assert not could_place
        if isinstance(action, Pass):
            assert not could_place and not could_draw
        game.apply(action, player=seat)


def test_easy_overlooks_fits_and_the_more_often_the_fewer_there_are() -> None:
    # A beginner who sees no place for a tile draws; few places are easy to miss.
    overlooked = {"few": 0, "many": 0}
    turns = {"few": 0, "many": 0}
    for number in range(30):
        game = ClassicGame(2, seed=f"overlooks {number}", rounds=1)
        while (seat := game.current_player) is not None:
            places = {(p.tile, p.cell) for p in game.legal_placements()}
            action = computer_action(game, strength="easy", seed=number)
            if places and game.can_draw():
                kind = "few" if len(places) <= 2 else "many" if len(places) >= 8 else None
                if kind:
                    turns[kind] += 1
                    overlooked[kind] += isinstance(action, Draw)
            game.apply(action, player=seat)

    assert turns["few"] > 20 and turns["many"] > 20
    few, many = (overlooked[kind] / turns[kind] for kind in ("few", "many"))
    assert 0 < many < few < 1


def test_the_same_game_and_seed_give_the_same_actions_and_another_seed_another_game() -> None:
    computers: dict[int, Strength] = {0: "easy", 1: "easy"}
    logs = []
    for seed in ("a", "a", "b"):
        game = ClassicGame(2, seed="same deal", rounds=1)
        logs.append(
            [action_json(s, a) for s, a in computers_play(game, computers=computers, seed=seed)]
        )

    assert logs[0] == logs[1]
    assert logs[0] != logs[2]


def test_medium_takes_the_placement_worth_the_most_now() -> None:
    game = ClassicGame(2, seed="greedy", rounds=1)
    for _ in range(30):
        seat = game.current_player
        if seat is None:
            break
        placements = game.legal_placements()
        action = computer_action(game, strength="medium", seed=0)
        if placements:
            best = max(game.board.outcome(p).points for p in placements)
            assert game.board.outcome(action).points == best  # type: ignore[arg-type]
        game.apply(action, player=seat)


def test_easy_misses_bonuses_that_medium_takes() -> None:
    taken = {"easy": 0, "medium": 0}
    offered = {"easy": 0, "medium": 0}
    for number in range(40):
        for strength in ("easy", "medium"):
            game = ClassicGame(2, seed=f"bonus {number}", rounds=1)
            while (seat := game.current_player) is not None:
                placements = game.legal_placements()
                bonus_there = any(game.board.outcome(p).bonus for p in placements)
                action = computer_action(game, strength=strength, seed=number)  # type: ignore[arg-type]
                if bonus_there:
                    offered[strength] += 1
                    # easy may also overlook every fit and draw: no bonus taken either
                    placed = isinstance(action, Placement)
                    taken[strength] += placed and bool(game.board.outcome(action).bonus)
                game.apply(action, player=seat)

    assert taken["medium"] == offered["medium"] > 0
    assert taken["easy"] < 0.8 * offered["easy"]


def test_hard_does_not_look_at_the_other_hands() -> None:
    # The same board and the same own hand, different tiles in the other hand and the
    # well: hard chooses the same placement.
    mine = ["5-5-5", "0-4-5", "1-4-5", "2-4-5", "3-4-5", "1-1-5", "2-2-5", "3-3-5", "0-0-5"]
    choices = set()
    for theirs in (
        ["0-1-2", "0-1-3", "0-2-3", "1-2-3", "0-0-1", "0-1-1", "0-0-2", "0-2-2", "1-1-2"],
        ["2-3-4", "1-3-4", "0-3-4", "1-2-4", "0-2-4", "0-1-4", "1-1-4", "2-2-4", "0-0-4"],
    ):
        game = classic_game([mine, theirs])
        game.play(placement_parse("5-5-5@0,0r0"), player=0)
        game.draw(player=1)
        game.draw(player=1)
        game.draw(player=1)
        game.pass_turn(player=1)
        choices.add(computer_action(game, strength="hard", seed=0))
    assert len(choices) == 1


def test_a_one_round_game_ends_with_its_round_below_the_target() -> None:
    game = ClassicGame(2, seed="one round", rounds=1)
    computers_play(game, computers={0: "medium", 1: "medium"}, seed=0)

    assert game.is_over and game.round == 1
    assert max(game.scores) < 400
    assert game.winners == tuple(p for p in (0, 1) if game.scores[p] == max(game.scores))


def test_computers_play_stops_at_a_person_s_turn() -> None:
    game = ClassicGame(3, seed="stops", rounds=1)
    taken = computers_play(game, computers={1: "easy", 2: "hard"}, seed=0)

    assert game.current_player == 0
    assert all(seat in (1, 2) for seat, _ in taken)


def test_a_log_replays_to_the_same_game_and_refuses_what_the_rules_refuse() -> None:
    game = ClassicGame(2, seed="log", rounds=1)
    taken = computers_play(game, computers={0: "hard", 1: "easy"}, seed=0)
    log = [action_json(seat, action) for seat, action in taken]

    again = classic_replay(players=2, seed="log", rounds=1, log=log)
    assert again.events == game.events

    first = log[0]
    with pytest.raises(ClassicError) as refused:
        classic_replay(players=2, seed="log", rounds=1, log=[{**first, "seat": 1 - first["seat"]}])
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"seat": "0", "type": "draw"},
        {"seat": True, "type": "draw"},
        {"seat": -1, "type": "draw"},
        {"seat": 0, "type": "resign"},
        {"seat": 0, "type": "place", "tile": "9-9-9", "cell": [0, 0], "rotation": 0},
        {"seat": 0, "type": "place", "tile": "5-5-5", "cell": [0], "rotation": 0},
        {"seat": 0, "type": "place", "tile": "5-5-5", "cell": [0, 0.0], "rotation": 0},
        {"seat": 0, "type": "place", "tile": "5-5-5", "cell": [10**9, 0], "rotation": 0},
        {"seat": 0, "type": "place", "tile": "5-5-5", "cell": [0, 0], "rotation": 3},
        {"seat": 0, "type": "place", "tile": "5-5-5", "cell": [0, 0], "rotation": False},
    ],
)
def test_a_malformed_action_is_a_value_error(raw: object) -> None:
    with pytest.raises(ValueError):
        action_parse(raw)
