"""The classic board game: deals, openings, and the plays and bonuses of the rulebooks.

Worked examples come from the printed rulebooks in /work/shared/seeds/: openings
4-4-4 = 22, 3-3-3 = 19, 0-0-0 = 40, 3-4-5 = 12; plays 3-4-4 = 11 and 5-5-2 = 12;
bridges 5+1+1+40 = 47 and 4+4+1+40 = 49; hexagon 0+5+5+50 = 60. Each is laid on a
real board by real players taking turns.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.engine.classic_games import (
    alternating_game,
    bot_play,
    classic_game,
    placements_of,
    play_all,
)
from triominos import (
    TILE_IDS,
    Placement,
    cell_neighbours,
    placement_parse,
)
from triominos.classic import (
    ClassicError,
    ClassicGame,
    classic_deal_order,
)
from triominos.rulebook import BRIDGE_47, BRIDGE_49, HEXAGON_60

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
        bot_play(game, random.Random(1), limit=60)
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
    game = classic_game([[lower], [triple]], players=3)

    assert game.opener == 1
    assert game.current_player == 1
    assert [t.id for t in game.opening_tiles] == [triple]
    outcome = game.play(placement_parse(f"{triple}@0,0r0"), player=1)

    assert outcome.points == points
    assert game.scores == (0, points, 0)
    assert game.current_player == 2  # then around the table


def test_three_zeros_open_for_40() -> None:
    game = classic_game([[], ["0-0-0"]])

    assert game.opener == 1
    assert game.play(placement_parse("0-0-0@0,0r2")).points == 40


def test_holder_of_a_higher_triple_and_the_zeros_may_open_with_either() -> None:
    hands = [["4-4-4"], ["5-5-5", "0-0-0"]]
    with_zeros, with_fives = classic_game(hands), classic_game(hands)

    assert with_zeros.opener == 1
    assert {t.id for t in with_zeros.opening_tiles} == {"5-5-5", "0-0-0"}
    assert with_zeros.play(placement_parse("0-0-0@0,0r0")).points == 40
    assert with_fives.play(placement_parse("5-5-5@0,0r1")).points == 25


def test_zeros_held_by_another_player_do_not_open() -> None:
    game = classic_game([["0-0-0"], ["2-2-2"]])

    assert game.opener == 1
    with pytest.raises(ClassicError) as refused:
        game.play(placement_parse("0-0-0@0,0r0"), player=0)
    assert refused.value.code == "not_your_turn"


def test_without_triples_the_highest_tile_opens_for_its_value_alone() -> None:
    game = classic_game([["1-2-3"], ["3-4-5"]], well=["2-5-5", "3-5-5", "4-4-5", "4-5-5"])

    assert game.opener == 1
    assert [t.id for t in game.opening_tiles] == ["3-4-5"]
    assert game.play(placement_parse("3-4-5@0,0r0")).points == 12


def test_equal_highest_values_go_to_the_larger_numbers() -> None:
    # 3-5-5 and 4-4-5 are both worth 13: 3-5-5 (5, 5, 3) reads higher than (5, 4, 4).
    game = classic_game([["4-4-5"], ["3-5-5"]], well=["4-5-5"])

    assert game.opener == 1
    assert [t.id for t in game.opening_tiles] == ["3-5-5"]


def test_an_opener_holding_two_highest_tiles_chooses() -> None:
    game = classic_game([[], ["3-5-5", "4-4-5"]], well=["4-5-5"])

    assert [t.id for t in game.opening_tiles] == ["3-5-5", "4-4-5"]
    assert game.play(placement_parse("4-4-5@0,0r1")).points == 13


def test_the_opening_is_checked() -> None:
    game = classic_game([["4-4-4", "3-4-4"], []])

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
    assert game.legal_actions() == placements_of(["4-4-4@0,0r0", "4-4-4@0,0r1", "4-4-4@0,0r2"])


# --- plays and bonuses of the rulebooks --------------------------------------------


def test_rulebook_play_worth_11() -> None:
    # Opening 5+4+3 = 12, then 3-4-4 matches the 3 and the 4 of the opener's right edge.
    texts = ["3-4-5@0,0r0", "3-4-4@0,1r2"]

    assert play_all(alternating_game(texts), texts) == [(0, 12, None), (1, 11, None)]


def test_rulebook_play_worth_12() -> None:
    # 5-5-2 (tile 2-5-5) matches the 5-5 edge under the opener 3-5-5.
    texts = ["3-5-5@0,0r0", "2-5-5@1,0r0"]

    assert play_all(alternating_game(texts), texts) == [(0, 13, None), (1, 12, None)]


def test_rulebook_bridge_one_edge_and_the_opposite_point_47() -> None:
    game = alternating_game(BRIDGE_47)

    results = play_all(game, BRIDGE_47)

    assert results[-1] == (0, 47, "bridge")
    assert all(bonus is None for _, _, bonus in results[:-1])
    final = placement_parse(BRIDGE_47[-1])
    assert len([n for n in _edge_neighbours(game, final) if n]) == 1


def test_rulebook_bridge_two_edges_49() -> None:
    game = alternating_game(BRIDGE_49)

    results = play_all(game, BRIDGE_49)

    assert results[-1] == (0, 49, "bridge")
    final = placement_parse(BRIDGE_49[-1])
    assert len([n for n in _edge_neighbours(game, final) if n]) == 2


def test_rulebook_hexagon_60() -> None:
    game = alternating_game(HEXAGON_60)

    results = play_all(game, HEXAGON_60)

    assert results[0] == (0, 40, None)  # the three zeros open
    assert results[-1] == (1, 60, "hexagon")
    assert game.scores == (40 + 4 + 7, 2 + 5 + 60)


def _edge_neighbours(game: ClassicGame, placement: Placement) -> list[bool]:
    return [game.board.tile_at(cell) is not None for cell in cell_neighbours(placement.cell)]
