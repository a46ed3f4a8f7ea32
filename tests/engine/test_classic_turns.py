"""The classic board game: turns, draws, passes, the end of a round and the match."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.classic_games import (
    alternating_game,
    bot_play,
    bot_step,
    classic_game,
    placements_of,
    play_all,
)
from triominos import (
    Placement,
    Ruleset,
    placement_parse,
)
from triominos.classic import (
    ClassicError,
    ClassicGame,
    Draw,
    Pass,
)
from triominos.classic.events import (
    Drew,
    GameEnded,
    Passed,
    Placed,
    RoundEnded,
    RoundStarted,
)

# --- turns, draws and passes ----------------------------------------------------------


LOW = ["0-0-1", "0-0-2", "0-1-1", "0-1-2", "0-0-3", "0-1-3", "0-2-2", "0-2-3", "0-0-4"]
"""Nine tiles without two 4s: none of them fits next to 4-4-4."""


def _opened(*, playable: bool = False) -> ClassicGame:
    """Player 0 has opened with 4-4-4 and holds 0-4-4; player 1 is to move, holding
    ``LOW`` (with 2-4-4 instead of 0-0-4 when ``playable``)."""
    hand_1 = [*LOW[:-1], "2-4-4"] if playable else LOW
    game = classic_game([["4-4-4", "0-4-4"], hand_1], well=["0-0-5", "1-1-2", "2-3-3", "1-2-2"])
    game.play(placement_parse("4-4-4@0,0r0"))
    return game


def test_draws_cost_5_each_and_come_from_the_front_of_the_well() -> None:
    game = _opened()
    well_before = game.well_size

    drawn = [game.draw(player=1).id for _ in range(3)]

    assert drawn == ["0-0-5", "1-1-2", "2-3-3"]
    assert game.scores == (22, -15)
    assert game.well_size == well_before - 3
    assert game.draws_this_turn == 3
    assert {"0-0-5", "1-1-2", "2-3-3"} <= {t.id for t in game.hand(1)}
    assert [type(e) for e in game.events[-3:]] == [Drew, Drew, Drew]


def test_a_fourth_draw_is_refused() -> None:
    game = _opened()
    for _ in range(3):
        game.draw()

    with pytest.raises(ClassicError) as refused:
        game.draw()

    assert refused.value.code == "draw_limit"
    assert game.scores == (22, -15)
    assert not game.can_draw()
    assert Draw() not in game.legal_actions()


def test_passing_needs_three_draws_first_while_the_well_has_tiles() -> None:
    game = _opened()
    for draws in range(3):
        assert not game.can_pass()
        with pytest.raises(ClassicError) as refused:
            game.pass_turn(player=1)
        assert refused.value.code == "pass_not_allowed"
        assert f"{draws} drawn this turn" in refused.value.detail
        game.draw(player=1)

    game.pass_turn(player=1)

    assert game.scores == (22, -25)  # -5 -5 -5 -10, as the mobile game's example
    assert game.current_player == 0
    assert game.draws_this_turn == 0
    assert isinstance(game.events[-1], Passed)


def test_a_player_may_draw_even_when_they_could_play_and_still_play_after() -> None:
    game = _opened(playable=True)
    game.draw(player=1)
    game.draw(player=1)

    outcome = game.play(placement_parse("2-4-4@0,1r1"), player=1)

    assert outcome.points == 10
    assert game.scores == (22, -10 + 10)
    assert game.current_player == 0
    assert game.draws_this_turn == 0


def test_with_an_empty_well_a_player_passes_at_once() -> None:
    game = ClassicGame(2, seed=3)
    rng = random.Random(3)
    # Play until a turn starts with an empty well (draw whenever allowed, else play).
    while game.well_size or game.draws_this_turn:
        assert not game.is_over and game.round == 1
        if game.can_draw():
            game.draw()
        elif game.legal_placements():
            game.play(rng.choice(game.legal_placements()))
        else:
            game.pass_turn()
    scores = game.scores
    mover = game.current_player
    assert mover is not None

    assert game.can_pass()
    assert not game.can_draw()
    with pytest.raises(ClassicError) as refused:
        game.draw()
    assert refused.value.code == "well_empty"
    game.pass_turn()

    assert game.scores[mover] == scores[mover] - 10


def test_out_of_turn_actions_are_refused_and_change_nothing() -> None:
    game = _opened()
    before = (game.scores, game.hands, game.well_size, len(game.events))

    for action in (
        lambda: game.draw(player=0),
        lambda: game.pass_turn(player=0),
        lambda: game.play(placement_parse("0-0-1@0,1r0"), player=0),
    ):
        with pytest.raises(ClassicError) as refused:
            action()
        assert refused.value.code == "not_your_turn"
        assert "player 1's turn" in refused.value.detail

    assert (game.scores, game.hands, game.well_size, len(game.events)) == before


def test_a_tile_not_in_hand_and_a_bad_placement_are_refused() -> None:
    game = _opened()

    with pytest.raises(ClassicError) as not_held:
        game.play(placement_parse("4-4-5@0,1r0"))
    with pytest.raises(ClassicError) as mismatch:
        game.play(placement_parse("0-0-1@0,1r0"))
    with pytest.raises(ClassicError) as occupied:
        game.play(placement_parse("0-0-1@0,0r0"))

    assert not_held.value.code == "tile_not_in_hand"
    assert mismatch.value.code == "corner_mismatch"
    assert occupied.value.code == "cell_occupied"
    assert len(game.board) == 1


def test_legal_actions_are_all_accepted() -> None:
    game = ClassicGame(3, seed=21)
    rng = random.Random(21)
    for _ in range(40):
        actions = game.legal_actions()
        assert actions
        placements = [a for a in actions if isinstance(a, Placement)]
        assert placements == game.legal_placements()
        assert (Draw() in actions) == game.can_draw()
        assert (Pass() in actions) == game.can_pass()
        for placement in placements:
            assert game.board.check(placement) is None
        game.apply(rng.choice(actions))


# --- the end of a round -----------------------------------------------------------------

# Seventeen placements: player 0 lays nine tiles (the last goes out), player 1 eight.
GOING_OUT = [
    "5-5-5@0,0r0",
    "3-5-5@0,-1r2",
    "2-3-5@0,-2r1",
    "2-3-3@0,-3r0",
    "1-2-5@1,-2r0",
    "1-5-5@1,-1r1",
    "3-3-4@-1,-3r2",
    "1-3-4@-1,-2r1",
    "1-1-4@-2,-2r0",
    "0-1-4@-2,-3r2",
    "2-5-5@0,1r1",
    "0-1-5@2,-1r0",
    "3-4-4@-1,-4r0",
    "0-1-1@-3,-3r1",
    "1-1-5@-2,-1r0",
    "1-1-2@1,-3r2",
    "0-4-4@-2,-4r0",
]


def test_going_out_wins_25_plus_every_tile_left_in_other_hands() -> None:
    game = alternating_game(GOING_OUT)
    laid = {placement.tile for placement in placements_of(GOING_OUT)}
    [left_in_hand] = [tile for tile in game.hand(1) if tile not in laid]

    results = play_all(game, GOING_OUT)

    [ended] = [e for e in game.events if isinstance(e, RoundEnded)]
    assert ended.player == 0
    assert ended.reason == "out"
    assert ended.points == 25 + left_in_hand.value
    placed = [sum(p for player, p, _ in results if player == seat) for seat in (0, 1)]
    assert game.scores == (placed[0] + 25 + left_in_hand.value, placed[1])
    # The next round is dealt at once, on an empty board.
    assert isinstance(game.events[-1], RoundStarted)
    assert game.round == 2
    assert game.board.is_empty
    assert [len(hand) for hand in game.hands] == [9, 9]


def test_a_pass_between_plays_does_not_block_the_round() -> None:
    game = _opened()
    for _ in range(3):
        game.draw()
    game.pass_turn()  # player 1
    game.play(placement_parse("0-4-4@0,1r1"))  # player 0 plays: the passes start over
    for _ in range(3):
        game.draw()
    game.pass_turn()  # player 1 again

    assert game.round == 1
    assert not any(isinstance(e, RoundEnded) for e in game.events)


# --- the match ----------------------------------------------------------------------------


def test_reaching_the_target_mid_round_ends_the_match_at_the_end_of_that_round() -> None:
    ruleset = Ruleset(target_score=20)
    game = classic_game([["4-4-4"], []], ruleset=ruleset)

    game.play(placement_parse("4-4-4@0,0r0"))  # 22 points: past the target

    assert game.scores[0] >= 20
    assert not game.is_over
    assert game.current_player == 1
    while not game.is_over:
        bot_step(game, random.Random(len(game.events)))
    assert game.round == 1
    assert isinstance(game.events[-2], RoundEnded)
    assert isinstance(game.events[-1], GameEnded)
    assert game.winners == (max(range(2), key=lambda p: game.scores[p]),)
    assert game.current_player is None
    with pytest.raises(ClassicError) as refused:
        game.draw()
    assert refused.value.code == "game_over"
    assert game.legal_actions() == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_match_to_400(players: int) -> None:
    game = ClassicGame(players, seed=f"match-{players}")

    bot_play(game, random.Random(players))

    assert game.is_over
    # Replaying every event's points from zero gives the scores.
    totals = [0] * players
    for event in game.events:
        if isinstance(event, Placed | Drew | Passed | RoundEnded):
            totals[event.player] += event.points
    assert tuple(totals) == game.scores
    # Nobody reached 400 before the last round; someone did by its end.
    ends = [e for e in game.events if isinstance(e, RoundEnded)]
    assert len(ends) == game.round
    assert max(game.scores) >= 400
    top = max(game.scores)
    assert game.winners == tuple(p for p in range(players) if game.scores[p] == top)
    assert game.events[-1] == GameEnded(game.round, game.scores, game.winners)
    for event in ends:
        if event.reason == "out":
            assert event.hand_values[event.player] == 0
            assert event.points == 25 + sum(event.hand_values)
        else:
            own = event.hand_values[event.player]
            assert own == min(event.hand_values)
            assert event.points == sum(event.hand_values) - 2 * own


def test_a_score_past_400_mid_round_does_not_stop_the_round() -> None:
    game = ClassicGame(3, seed="mid-round")
    bot_play(game, random.Random(7))
    totals = [0, 0, 0]
    crossed_at = None
    for index, event in enumerate(game.events):
        if isinstance(event, Placed | Drew | Passed | RoundEnded):
            totals[event.player] += event.points
            if crossed_at is None and max(totals) >= 400:
                crossed_at = index
    assert crossed_at is not None
    # This seed crosses 400 with a placement, and play goes on to the round's end.
    assert isinstance(game.events[crossed_at], Placed)
    assert isinstance(game.events[-2], RoundEnded)
    assert len(game.events) - 2 > crossed_at + 1
    assert game.events[crossed_at].round == game.round


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
    choices=st.randoms(use_true_random=False),
)
def test_random_play_keeps_the_game_consistent(
    players: int, seed: int, choices: random.Random
) -> None:
    game = ClassicGame(players, seed=seed)
    for _ in range(150):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, "a player to move always has something to do"
        round_before = game.round
        game.apply(choices.choice(actions))
        if game.round == round_before and not game.is_over:
            # The 56 tiles are in the hands, the well or on the board, once each.
            held = [t for hand in game.hands for t in hand]
            assert len(held) + game.well_size + len(game.board) == 56
            assert not set(held) & game.board.tiles
            assert game.draws_this_turn <= 3
    totals = [0] * players
    for event in game.events:
        if isinstance(event, Placed | Drew | Passed | RoundEnded):
            totals[event.player] += event.points
    assert tuple(totals) == game.scores


def test_a_player_sees_their_own_hand_and_only_the_sizes_of_the_others() -> None:
    game = _opened()

    view = game.view(1)

    assert view["hand"] == [t.id for t in game.hand(1)]
    assert view["hand_sizes"] == [8, 9]
    assert view["board"] == [{"tile": "4-4-4", "cell": [0, 0], "rotation": 0}]
    assert view["scores"] == [22, 0]
    assert view["turn"] == 1
    assert view["opening_tiles"] == []
    assert not any(tile in str(view) for tile in (t.id for t in game.hand(0)))
    with pytest.raises(ValueError, match="no player 2"):
        game.view(2)
