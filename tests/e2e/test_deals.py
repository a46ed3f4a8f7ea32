"""The browser helpers' choices cannot be broken by a deal (no browser here: the
helpers' own decision functions play on the engine)."""

from __future__ import annotations

import pytest

from tests.e2e.deals import (
    DRAW,
    HOSTILE_FIRST_TILE,
    PLACEMENTS_NEEDED,
    TEST_DEAL,
    Playout,
    cell_choose,
    deal_named,
    helper_playout,
    hostile_deal,
    move_choose,
)
from triominos import TILE_IDS, Board, Placement, cell_parse, deal_shuffle, tile_parse

SEEDS = range(300)
OLD_HELPER_DRAWS = 10  # the drag helper used to give up after 10 draws


def test_the_helpers_place_what_the_tests_need_on_300_deals() -> None:
    playouts = {seed: helper_playout(deal_shuffle(seed)) for seed in SEEDS}
    short = {seed: p for seed, p in playouts.items() if p.placements < PLACEMENTS_NEEDED}
    assert short == {}
    draws = sorted(p.draws for p in playouts.values())
    beyond_old_limit = sum(d > OLD_HELPER_DRAWS for d in draws)
    print(
        f"\n{len(draws)} deals, {PLACEMENTS_NEEDED} placements each: draws median "
        f"{draws[len(draws) // 2]}, max {draws[-1]}; {beyond_old_limit} deals needed more "
        f"than the old helper's {OLD_HELPER_DRAWS}"
    )


def test_the_helpers_play_a_whole_run_on_every_deal_without_an_illegal_move() -> None:
    # Beyond what the tests need: as far as the well lasts, every choice is legal
    # (Board.play raises on an illegal placement) and draws stop with the well.
    for seed in range(0, 300, 10):
        deal = deal_shuffle(seed)
        playout = helper_playout(deal, placements=len(TILE_IDS))
        assert playout.draws == len(deal.well) or playout.placements == len(TILE_IDS)
        assert playout.placements >= PLACEMENTS_NEEDED


def test_the_tests_deal_is_friendly() -> None:
    assert helper_playout(TEST_DEAL) == Playout(placements=PLACEMENTS_NEEDED, draws=0)


def test_the_hostile_deal_is_as_bad_as_slot_978_and_the_helpers_still_place() -> None:
    deal = hostile_deal()
    assert deal.tray[0] == HOSTILE_FIRST_TILE
    assert sorted(deal.tray + deal.well) == sorted(TILE_IDS)
    board = Board()
    board.play(Placement(tile_parse(HOSTILE_FIRST_TILE), cell_parse("0,0"), 0))
    others = [t for t in TILE_IDS if t != HOSTILE_FIRST_TILE]
    touching = [t for t in others if board.legal_placements([tile_parse(t)])]
    assert len(touching) == 9
    # None of them among the first 8 + 17 tiles the old helper could see.
    assert not set(touching) & set(deal.tray + deal.well[:17])
    playout = helper_playout(deal)
    assert playout.placements == PLACEMENTS_NEEDED
    assert playout.draws > OLD_HELPER_DRAWS


def test_move_choose_places_the_first_fitting_tile_else_draws_while_the_well_lasts() -> None:
    assert move_choose(fits=[0, 0, 3, 1], well_left=5) == 2
    assert move_choose(fits=[0, 0, 0], well_left=5) == DRAW
    assert move_choose(fits=[0, 0, 0], well_left=0) is None
    assert move_choose(fits=[2], well_left=0) == 0


def test_cell_choose_takes_the_cell_nearest_the_middle_whatever_the_order() -> None:
    assert cell_choose(["3,4", "0,-1", "-1,2"]) == "0,-1"
    assert cell_choose(["0,1", "0,-1"]) == cell_choose(["0,-1", "0,1"]) == "0,-1"
    with pytest.raises(ValueError):
        cell_choose([])


def test_deal_named() -> None:
    assert deal_named("test") == TEST_DEAL
    assert deal_named("seed:7") == deal_shuffle(7)
    assert deal_named("hostile") == hostile_deal()
    with pytest.raises(ValueError):
        deal_named("friendly")
