"""Issue 10's slot 978, made on purpose: the first tile, 0-1-4, touches only 9 other
tiles, all at the end of the well. The drag helper draws on, as a player would, until
one fits; the old helper gave up after 10 draws."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.deals import HOSTILE_FIRST_TILE, hostile_deal
from tests.e2e.play_helpers import drag_tile_to_board, well_left

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def hostile_challenge(challenge_dealt: Any) -> Any:
    deal = hostile_deal()
    return challenge_dealt(deal.tray, deal.well)


def test_dragging_places_tiles_on_a_hostile_deal(
    page: Page, hostile_challenge: Any, make_player: Any, login: Any, screenshot: Any
) -> None:
    user, password = make_player()
    login(page, user.username, password)
    page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(9)

    assert drag_tile_to_board(page) == "0,0"
    first = page.locator(".board__tiles .tile").first
    expect(first).to_have_attribute("data-tile", HOSTILE_FIRST_TILE)
    expect(page.locator(".tray-tile:not([data-fits='0'])")).to_have_count(0)

    assert drag_tile_to_board(page) is not None
    expect(page.locator(".board__tiles .tile")).to_have_count(2)
    drawn = len(hostile_challenge.well) - well_left(page)
    assert drawn > 10, "the deal is hostile: no tile fits before the 11th draw"
    screenshot(page, "play-hostile-deal", full_page=False)
