"""How classic rounds and games end (RULES.md, "Classic rules"): a round is blocked
only when the well is empty and every player passes in turn, a blocked round scores by
the game's length, and a game to 400 ends with the round in which a total reached 400.
Version 1's first reading stays as it was, so its stored games replay as played."""

from __future__ import annotations

import pytest

from tests.engine.classic_games import deal_order, tile_value
from triominos import RULESETS, Ruleset, placement_parse
from triominos.classic import ClassicGame, computers_play
from triominos.classic.events import (
    Drew,
    HandCounted,
    Passed,
    Placed,
    RoundEnded,
    RoundStarted,
)

RULEBOOKS = RULESETS[2]
FIRST_READING = RULESETS[1]

# Nine tiles without a 4 among two of their numbers: none fits beside 4-4-4.
HIGH = ["4-4-4", "1-2-2", "1-1-3", "0-1-4", "1-2-3", "0-2-4", "0-3-3", "1-1-4", "0-3-4"]
LOW = ["0-0-1", "0-0-2", "0-1-1", "0-1-2", "0-0-3", "0-1-3", "0-2-2", "0-2-3", "0-0-4"]


def _opened(rounds: int | None) -> ClassicGame:
    """Player 0 has opened with 4-4-4; player 1 is to move; 38 tiles in the well."""
    game = ClassicGame(
        2, deals=[deal_order([HIGH, LOW], players=2)], rounds=rounds, ruleset=RULEBOOKS
    )
    game.play(placement_parse("4-4-4@0,0r0"))
    return game


def _draw_and_pass_until_the_well_is_empty(game: ClassicGame) -> None:
    """Every turn: draw as much as the turn allows, then pass (legal after three
    draws), until the draw that empties the well: its player is still to move."""
    while True:
        while game.can_draw():
            game.draw()
        if not game.well_size:
            return
        game.pass_turn()


def _points_of(game: ClassicGame, player: int) -> int:
    return sum(
        event.points
        for event in game.events
        if isinstance(event, Placed | Drew | Passed | HandCounted | RoundEnded)
        and event.player == player
    )


def test_passes_while_the_well_holds_tiles_never_block_the_round() -> None:
    game = _opened(rounds=1)

    _draw_and_pass_until_the_well_is_empty(game)

    passes = [event for event in game.events if isinstance(event, Passed)]
    assert len(passes) == 12  # every player passed in turn, six times over
    assert not any(isinstance(event, RoundEnded) for event in game.events)
    assert not game.is_over and game.round == 1


def test_a_player_who_passed_with_tiles_in_the_well_draws_again_next_turn() -> None:
    game = _opened(rounds=1)
    for _ in range(3):
        game.draw(player=1)
    game.pass_turn(player=1)
    for _ in range(3):
        game.draw(player=0)
    game.pass_turn(player=0)

    assert game.current_player == 1
    assert game.can_draw() and game.draws_this_turn == 0
    drawn = game.draw(player=1)
    assert drawn.id in {tile.id for tile in game.hand(1)}


def test_a_round_is_blocked_once_everyone_passes_in_turn_with_the_well_empty() -> None:
    game = _opened(rounds=1)
    _draw_and_pass_until_the_well_is_empty(game)
    first = game.current_player
    assert first is not None
    hands = [game.hand_value(player) for player in (0, 1)]
    scores = game.scores

    game.pass_turn(player=first)
    assert not game.is_over  # one pass with the well empty: the other may still play
    game.pass_turn(player=1 - first)

    [ended] = [event for event in game.events if isinstance(event, RoundEnded)]
    assert ended.reason == "blocked"
    assert ended.hand_values == tuple(hands)
    # Each pass cost 10; then the one-round game's blocked scoring.
    assert game.scores == (scores[0] - 10 - hands[0], scores[1] - 10 - hands[1])


def test_a_blocked_single_round_costs_each_player_their_own_hand() -> None:
    game = _opened(rounds=1)
    _draw_and_pass_until_the_well_is_empty(game)
    hands = [game.hand_value(player) for player in (0, 1)]
    before = game.scores
    game.pass_turn()
    game.pass_turn()

    counted = [event for event in game.events if isinstance(event, HandCounted)]
    assert [(event.player, event.points) for event in counted] == [
        (0, -hands[0]),
        (1, -hands[1]),
    ]
    [ended] = [event for event in game.events if isinstance(event, RoundEnded)]
    assert (ended.player, ended.points) == (None, 0)
    assert game.is_over
    assert game.scores == (before[0] - 10 - hands[0], before[1] - 10 - hands[1])
    assert game.scores == (_points_of(game, 0), _points_of(game, 1))
    top = max(game.scores)
    assert game.winners == tuple(p for p in (0, 1) if game.scores[p] == top)


def test_a_blocked_round_of_a_game_to_400_goes_to_the_lowest_hand_less_its_own() -> None:
    game = _opened(rounds=None)
    _draw_and_pass_until_the_well_is_empty(game)
    hands = [game.hand_value(player) for player in (0, 1)]
    assert hands[0] != hands[1]
    low = hands.index(min(hands))
    before = game.scores
    game.pass_turn()
    game.pass_turn()

    [ended] = [event for event in game.events if isinstance(event, RoundEnded)]
    assert ended.reason == "blocked" and ended.player == low
    assert ended.points == hands[1 - low] - hands[low]  # no bonus
    assert not any(isinstance(event, HandCounted) for event in game.events)
    expected = [before[0] - 10, before[1] - 10]
    expected[low] += hands[1 - low] - hands[low]
    assert game.scores == tuple(expected)
    assert not game.is_over and game.round == 2
    assert isinstance(game.events[-1], RoundStarted)


def test_version_1_still_blocks_a_round_on_passes_with_tiles_in_the_well() -> None:
    drawn = ["0-0-5", "1-1-2", "2-3-3", "1-2-4", "0-1-5", "2-2-2"]
    game = ClassicGame(
        2, deals=[deal_order([HIGH, LOW], players=2, well=drawn)], ruleset=FIRST_READING
    )
    game.play(placement_parse("4-4-4@0,0r0"))
    for player in (1, 0):
        for _ in range(3):
            game.draw(player=player)
        game.pass_turn(player=player)

    [ended] = [event for event in game.events if isinstance(event, RoundEnded)]
    hand_1 = sum(map(tile_value, LOW + drawn[:3]))
    hand_0 = sum(map(tile_value, HIGH[1:] + drawn[3:]))
    assert (ended.reason, ended.player) == ("blocked", 1)
    assert ended.points == hand_0 - hand_1
    assert game.scores == (22 - 15 - 10, -15 - 10 + hand_0 - hand_1)
    assert game.round == 2


@pytest.mark.parametrize(
    ("ruleset", "blocked"), [(RULEBOOKS, False), (FIRST_READING, True)], ids=["v2", "v1"]
)
def test_seed_bw_4_blocks_its_single_round_only_by_version_1(
    ruleset: Ruleset, blocked: bool
) -> None:
    # Medium against medium: version 1 called the round blocked with one tile on the
    # board and 32 in the well; the rulebooks play it on.
    game = ClassicGame(2, seed="bw 4", rounds=1, ruleset=ruleset)
    computers_play(game, computers={0: "medium", 1: "medium"}, seed="bw 4")

    [ended] = [event for event in game.events if isinstance(event, RoundEnded)]
    assert (ended.reason == "blocked") is blocked
    if blocked:
        assert len(game.board) == 1 and game.well_size == 32
    else:
        assert ended.reason == "out" and len(game.board) > 1


def _peaks_by_round(game: ClassicGame) -> dict[int, int]:
    """Each round's highest total at any moment."""
    totals = [0] * game.players
    peaks: dict[int, int] = {}
    for event in game.events:
        points = isinstance(event, Placed | Drew | Passed | HandCounted | RoundEnded)
        if points and event.player is not None:
            totals[event.player] += event.points
            peaks[event.round] = max(peaks.get(event.round, 0), max(totals))
    return peaks


def test_probe_61_ends_with_the_round_in_which_400_was_reached() -> None:
    # Medium (seat 0) against easy, to 400: seat 0 reaches 405 in round 2 and the round
    # ends 385-219. That round is the last; version 1 dealt round 3.
    game = ClassicGame(2, seed="probe 61", ruleset=RULEBOOKS)
    computers_play(game, computers={0: "medium", 1: "easy"}, seed="probe 61")
    old = ClassicGame(2, seed="probe 61", ruleset=FIRST_READING)
    computers_play(old, computers={0: "medium", 1: "easy"}, seed="probe 61")

    peaks = _peaks_by_round(game)
    assert game.is_over
    assert peaks[game.round] >= 400 > max(game.scores)
    assert all(peak < 400 for number, peak in peaks.items() if number < game.round)
    assert (game.round, game.scores, game.winners) == (2, (385, 219), (0,))
    assert old.round == 3  # the first reading played one round too many


@pytest.mark.parametrize("seed", [f"reach {number}" for number in range(12)])
def test_every_game_to_400_ends_with_the_first_round_that_reaches_it(seed: str) -> None:
    game = ClassicGame(2, seed=seed, ruleset=RULEBOOKS)
    computers_play(game, computers={0: "medium", 1: "easy"}, seed=seed)

    peaks = _peaks_by_round(game)
    assert game.is_over
    assert peaks[game.round] >= 400
    assert all(peak < 400 for number, peak in peaks.items() if number < game.round)
