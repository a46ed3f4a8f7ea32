"""The classic board game: deals, openings, turns, draws, passes, rounds and the match.

Worked examples come from the printed rulebooks in /work/shared/seeds/: openings
4-4-4 = 22, 3-3-3 = 19, 0-0-0 = 40, 3-4-5 = 12; plays 3-4-4 = 11 and 5-5-2 = 12;
bridges 5+1+1+40 = 47 and 4+4+1+40 = 49; hexagon 0+5+5+50 = 60. Each is laid on a
real board by real players taking turns.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from challenges.rules import (
    DEFAULT_RULESET,
    TILE_IDS,
    Placement,
    Ruleset,
    cell_neighbours,
    placement_parse,
    tile_parse,
)
from challenges.rules.classic import (
    ClassicError,
    ClassicGame,
    Draw,
    Pass,
    classic_deal_order,
)
from challenges.rules.classic.events import (
    Drew,
    GameEnded,
    Passed,
    Placed,
    RoundEnded,
    RoundStarted,
)
from challenges.rules.rulebook import BRIDGE_47, BRIDGE_49, HEXAGON_60


def _value(tile_id: str) -> int:
    return tile_parse(tile_id).value


def _deal(hands: Sequence[Sequence[str]], *, players: int, well: Sequence[str] = ()) -> list[str]:
    """A deal order giving player i the tiles ``hands[i]``, topped up with the lowest
    tiles that are not triples (so they never open), and a well starting with ``well``.
    Triples nobody was given go to the back of the well."""
    size = DEFAULT_RULESET.deal_size(players)
    taken = {tile for hand in hands for tile in hand} | set(well)
    fillers = sorted(
        (t for t in TILE_IDS if t not in taken and not tile_parse(t).is_triple),
        key=lambda t: (_value(t), t),
    )
    order: list[str] = []
    for player in range(players):
        hand = list(hands[player]) if player < len(hands) else []
        while len(hand) < size:
            hand.append(fillers.pop(0))
        order.extend(hand)
    rest = [t for t in TILE_IDS if t not in taken and t not in order]
    order.extend(well)
    order.extend(sorted(rest, key=lambda t: (tile_parse(t).is_triple, t)))
    return order


def _game(
    hands: Sequence[Sequence[str]],
    *,
    players: int = 2,
    well: Sequence[str] = (),
    ruleset: Ruleset = DEFAULT_RULESET,
) -> ClassicGame:
    return ClassicGame(players, deals=[_deal(hands, players=players, well=well)], ruleset=ruleset)


def _placements(texts: Sequence[str]) -> list[Placement]:
    return [placement_parse(text) for text in texts]


def _alternating_game(texts: Sequence[str], *, players: int = 2) -> ClassicGame:
    """A game whose players, in turn from player 0, can lay ``texts`` in that order."""
    placements = _placements(texts)
    hands = [[p.tile.id for p in placements[seat::players]] for seat in range(players)]
    return _game(hands, players=players)


def _play_all(game: ClassicGame, texts: Sequence[str]) -> list[tuple[int, int, str | None]]:
    """Play ``texts`` in turn; return (player, points, bonus) of each."""
    results = []
    for placement in _placements(texts):
        player = game.current_player
        assert player is not None
        outcome = game.play(placement, player=player)
        results.append((player, outcome.points, outcome.bonus))
    return results


# --- dealing ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_sizes(players: int, size: int) -> None:
    game = ClassicGame(players, seed=11)

    assert [len(hand) for hand in game.hands] == [size] * players
    assert game.well_size == 56 - players * size
    every_tile = [t.id for hand in game.hands for t in hand]
    assert len(set(every_tile)) == players * size


@pytest.mark.parametrize("players", [0, 1, 7])
def test_two_to_six_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        ClassicGame(players)


def test_an_explicit_deal_is_dealt_in_slices_and_the_rest_is_the_well() -> None:
    order = list(reversed(TILE_IDS))
    game = ClassicGame(3, deals=[order])

    assert [[t.id for t in hand] for hand in game.hands] == [
        sorted(order[0:7]),
        sorted(order[7:14]),
        sorted(order[14:21]),
    ]
    assert game.well_size == 35


@pytest.mark.parametrize(
    "order",
    [TILE_IDS[:55], [*TILE_IDS[:55], "0-0-0"], [*TILE_IDS[:55], "5-4-3"]],
    ids=["55 tiles", "a duplicate", "not a tile id"],
)
def test_a_deal_must_be_the_56_tiles(order: Sequence[str]) -> None:
    with pytest.raises(ValueError, match="deal of round 1"):
        ClassicGame(2, deals=[order])


def test_same_seed_same_game_and_seeds_differ() -> None:
    def events(seed: int) -> list[object]:
        game = ClassicGame(4, seed=seed)
        _bot_play(game, random.Random(1), limit=60)
        return [event.to_json() for event in game.events]

    assert events(5) == events(5)
    assert events(5) != events(6)
    assert classic_deal_order(5, 1) == classic_deal_order(5, 1)
    assert classic_deal_order(5, 1) != classic_deal_order(5, 2)


# --- the opening ----------------------------------------------------------------------


@pytest.mark.parametrize(("triple", "points"), [("4-4-4", 22), ("3-3-3", 19), ("5-5-5", 25)])
def test_highest_triple_opens_for_its_value_plus_10(triple: str, points: int) -> None:
    number = int(triple[0])
    lower = f"{number - 1}-{number - 1}-{number - 1}"
    # The opener sits at seat 1; seat 0 holds a lower triple and the 0-0-0 is not dealt.
    game = _game([[lower], [triple]], players=3)

    assert game.opener == 1
    assert game.current_player == 1
    assert [t.id for t in game.opening_tiles] == [triple]
    outcome = game.play(placement_parse(f"{triple}@0,0r0"), player=1)

    assert outcome.points == points
    assert game.scores == (0, points, 0)
    assert game.current_player == 2  # then around the table


def test_three_zeros_open_for_40() -> None:
    game = _game([[], ["0-0-0"]])

    assert game.opener == 1
    assert game.play(placement_parse("0-0-0@0,0r2")).points == 40


def test_holder_of_a_higher_triple_and_the_zeros_may_open_with_either() -> None:
    hands = [["4-4-4"], ["5-5-5", "0-0-0"]]
    with_zeros, with_fives = _game(hands), _game(hands)

    assert with_zeros.opener == 1
    assert {t.id for t in with_zeros.opening_tiles} == {"5-5-5", "0-0-0"}
    assert with_zeros.play(placement_parse("0-0-0@0,0r0")).points == 40
    assert with_fives.play(placement_parse("5-5-5@0,0r1")).points == 25


def test_zeros_held_by_another_player_do_not_open() -> None:
    game = _game([["0-0-0"], ["2-2-2"]])

    assert game.opener == 1
    with pytest.raises(ClassicError) as refused:
        game.play(placement_parse("0-0-0@0,0r0"), player=0)
    assert refused.value.code == "not_your_turn"


def test_without_triples_the_highest_tile_opens_for_its_value_alone() -> None:
    game = _game([["1-2-3"], ["3-4-5"]], well=["2-5-5", "3-5-5", "4-4-5", "4-5-5"])

    assert game.opener == 1
    assert [t.id for t in game.opening_tiles] == ["3-4-5"]
    assert game.play(placement_parse("3-4-5@0,0r0")).points == 12


def test_equal_highest_values_go_to_the_larger_numbers() -> None:
    # 3-5-5 and 4-4-5 are both worth 13: 3-5-5 (5, 5, 3) reads higher than (5, 4, 4).
    game = _game([["4-4-5"], ["3-5-5"]], well=["4-5-5"])

    assert game.opener == 1
    assert [t.id for t in game.opening_tiles] == ["3-5-5"]


def test_an_opener_holding_two_highest_tiles_chooses() -> None:
    game = _game([[], ["3-5-5", "4-4-5"]], well=["4-5-5"])

    assert [t.id for t in game.opening_tiles] == ["3-5-5", "4-4-5"]
    assert game.play(placement_parse("4-4-5@0,0r1")).points == 13


def test_the_opening_is_checked() -> None:
    game = _game([["4-4-4", "3-4-4"], []])

    for action, code in (
        (lambda: game.play(placement_parse("3-4-4@0,0r0")), "wrong_opening"),
        (lambda: game.play(placement_parse("4-4-4@0,1r0")), "first_not_at_origin"),
        (lambda: game.draw(), "opening_required"),
        (lambda: game.pass_turn(), "opening_required"),
        (lambda: game.draw(player=1), "not_your_turn"),
    ):
        with pytest.raises(ClassicError) as refused:
            action()
        assert refused.value.code == code
    with pytest.raises(ClassicError, match=r"opens round 1 with 4-4-4 \(the highest triple\)"):
        game.play(placement_parse("3-4-4@0,0r0"))
    assert game.is_opening
    assert game.scores == (0, 0)
    assert game.legal_actions() == _placements(["4-4-4@0,0r0", "4-4-4@0,0r1", "4-4-4@0,0r2"])


# --- plays and bonuses of the rulebooks --------------------------------------------


def test_rulebook_play_worth_11() -> None:
    # Opening 5+4+3 = 12, then 3-4-4 matches the 3 and the 4 of the opener's right edge.
    texts = ["3-4-5@0,0r0", "3-4-4@0,1r2"]

    assert _play_all(_alternating_game(texts), texts) == [(0, 12, None), (1, 11, None)]


def test_rulebook_play_worth_12() -> None:
    # 5-5-2 (tile 2-5-5) matches the 5-5 edge under the opener 3-5-5.
    texts = ["3-5-5@0,0r0", "2-5-5@1,0r0"]

    assert _play_all(_alternating_game(texts), texts) == [(0, 13, None), (1, 12, None)]


def test_rulebook_bridge_one_edge_and_the_opposite_point_47() -> None:
    game = _alternating_game(BRIDGE_47)

    results = _play_all(game, BRIDGE_47)

    assert results[-1] == (0, 47, "bridge")
    assert all(bonus is None for _, _, bonus in results[:-1])
    final = placement_parse(BRIDGE_47[-1])
    assert len([n for n in _edge_neighbours(game, final) if n]) == 1


def test_rulebook_bridge_two_edges_49() -> None:
    game = _alternating_game(BRIDGE_49)

    results = _play_all(game, BRIDGE_49)

    assert results[-1] == (0, 49, "bridge")
    final = placement_parse(BRIDGE_49[-1])
    assert len([n for n in _edge_neighbours(game, final) if n]) == 2


def test_rulebook_hexagon_60() -> None:
    game = _alternating_game(HEXAGON_60)

    results = _play_all(game, HEXAGON_60)

    assert results[0] == (0, 40, None)  # the three zeros open
    assert results[-1] == (1, 60, "hexagon")
    assert game.scores == (40 + 4 + 7, 2 + 5 + 60)


def _edge_neighbours(game: ClassicGame, placement: Placement) -> list[bool]:
    return [game.board.tile_at(cell) is not None for cell in cell_neighbours(placement.cell)]


# --- turns, draws and passes ----------------------------------------------------------


LOW = ["0-0-1", "0-0-2", "0-1-1", "0-1-2", "0-0-3", "0-1-3", "0-2-2", "0-2-3", "0-0-4"]
"""Nine tiles without two 4s: none of them fits next to 4-4-4."""


def _opened(*, playable: bool = False) -> ClassicGame:
    """Player 0 has opened with 4-4-4 and holds 0-4-4; player 1 is to move, holding
    ``LOW`` (with 2-4-4 instead of 0-0-4 when ``playable``)."""
    hand_1 = [*LOW[:-1], "2-4-4"] if playable else LOW
    game = _game([["4-4-4", "0-4-4"], hand_1], well=["0-0-5", "1-1-2", "2-3-3", "1-2-2"])
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
    game = _alternating_game(GOING_OUT)
    laid = {placement.tile for placement in _placements(GOING_OUT)}
    [left_in_hand] = [tile for tile in game.hand(1) if tile not in laid]

    results = _play_all(game, GOING_OUT)

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


def test_a_round_where_everyone_passes_is_blocked_and_the_lowest_hand_wins_it() -> None:
    low = LOW
    high = ["4-4-4", "1-2-2", "1-1-3", "0-1-4", "1-2-3", "0-2-4", "0-3-3", "1-1-4", "0-3-4"]
    drawn = ["0-0-5", "1-1-2", "2-3-3", "1-2-4", "0-1-5", "2-2-2"]
    game = _game([high, low], well=drawn)
    game.play(placement_parse("4-4-4@0,0r0"))
    for player in (1, 0):
        for _ in range(3):
            game.draw(player=player)
        game.pass_turn(player=player)

    [ended] = [e for e in game.events if isinstance(e, RoundEnded)]
    # Player 1 holds the low tiles and 0-0-5, 1-1-2, 2-3-3; player 0 the rest.
    hand_1 = sum(map(_value, low + drawn[:3]))
    hand_0 = sum(map(_value, high[1:] + drawn[3:]))
    assert (hand_0, hand_1) == (65, 45)
    assert ended.reason == "blocked"
    assert ended.player == 1
    assert ended.hand_values == (hand_0, hand_1)
    assert ended.points == hand_0 - hand_1
    assert game.scores == (22 - 15 - 10, -15 - 10 + hand_0 - hand_1)
    assert game.round == 2


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
    game = _game([["4-4-4"], []], ruleset=ruleset)

    game.play(placement_parse("4-4-4@0,0r0"))  # 22 points: past the target

    assert game.scores[0] >= 20
    assert not game.is_over
    assert game.current_player == 1
    while not game.is_over:
        _bot_step(game, random.Random(len(game.events)))
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

    _bot_play(game, random.Random(players))

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
    _bot_play(game, random.Random(7))
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


def _bot_step(game: ClassicGame, rng: random.Random) -> None:
    """Play a tile when one fits (mostly), else draw, else pass."""
    placements = game.legal_placements()
    if placements and (rng.random() < 0.85 or not game.can_draw()):
        game.play(rng.choice(placements))
    elif game.can_draw():
        game.draw()
    else:
        game.pass_turn()


def _bot_play(game: ClassicGame, rng: random.Random, limit: int = 20_000) -> None:
    for _ in range(limit):
        if game.is_over:
            return
        _bot_step(game, rng)


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
