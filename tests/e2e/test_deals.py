"""The browser helpers cannot be broken by a deal (no browser here: the engine plays)."""

from __future__ import annotations

import pytest

from challenges.rules import Deal, deal_shuffle
from tests.e2e.deals import PLACEMENTS_NEEDED, TEST_DEAL, helper_playout


@pytest.mark.parametrize("first", range(0, 300, 50))
def test_the_helper_places_what_the_tests_need_on_any_deal(first: int) -> None:
    for seed in range(first, first + 50):
        playout = helper_playout(deal_shuffle(seed))
        assert playout.placements == PLACEMENTS_NEEDED, f"deal {seed}: {playout}"


def test_the_slot_978_deal_that_broke_the_old_helper() -> None:
    # Its first tile, 0-1-4, has no partner among the first 17 tiles: the old helper gave
    # up after 10 draws. Drawing on, as a player would, finds one.
    hostile = next(
        deal
        for seed in range(100_000)
        if (deal := deal_shuffle(seed)).tray[0] == "0-1-4"
        and helper_playout(deal, placements=2).draws > 10
    )
    assert helper_playout(hostile).placements == PLACEMENTS_NEEDED


def test_the_browser_tests_deal_needs_few_draws() -> None:
    assert isinstance(TEST_DEAL, Deal)
    assert helper_playout(TEST_DEAL).draws <= 2
