"""The high-contrast theme on a phone, in a real Chromium: chosen on the settings page
(kept in this browser, applied before the page is drawn), followed from the device's
``prefers-contrast: more`` when nothing was chosen, and refused by choosing the
standard colours. On the play page every line a control or the board draws stands at
least 3:1 against what it is drawn on, and axe finds nothing serious.

Screenshot: ``contrast-board-phone.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.axe import expect_no_serious_violation, settle
from tests.e2e.devices import (  # noqa: F401 (the fixtures "phone", "phone_player")
    phone_context,
    phone_player_page,
)
from tests.e2e.play_helpers import touch_drag_tile_to_board

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The contrast of two computed colours (WCAG's relative luminance; a colour with alpha
# is laid over the second, as it is drawn).
_RATIO = """([front, back]) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const [fr, fg, fb, fa = 1] = rgb(front);
  const [br, bg, bb] = rgb(back);
  const mixed = [fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa)];
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const [a, b] = [lum(mixed), lum([br, bg, bb])].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""

# Each pair: a graphic's colour and what it is drawn on, as the page computes them.
_PAIRS = """() => {
  const colour = (selector, property) => {
    const element = document.querySelector(selector);
    return element ? getComputedStyle(element)[property] : null;
  };
  // What an element is drawn on: the first opaque background from it outward.
  const under = (selector) => {
    let element = document.querySelector(selector);
    while (element) {
      const background = getComputedStyle(element).backgroundColor;
      if (!/rgba\\(.*, 0\\)$/.test(background) && background !== "transparent") return background;
      element = element.parentElement;
    }
    return "rgb(255, 255, 255)";
  };
  const tile = "#board .board__tiles .tile polygon, #board .board__tiles .tile path";
  const chosen = ".tray-tile[aria-pressed='true']";
  const icon = ".tray-tile .tile-icon polygon, .tray-tile .tile-icon path";
  const fit = "#board .board__highlight [data-highlight]";
  return {
    "a tile's edge on the board": [colour(tile, "stroke"), under("#board")],
    "a fitting cell on the board": [colour(fit, "fill"), under("#board")],
    "an open cell's edge on the board": [
      colour("#board .board__open .cell--open", "stroke"), under("#board"),
    ],
    "the chosen tray tile's border": [colour(chosen, "borderTopColor"), under(chosen)],
    "a tray tile's edge on the tray": [
      colour(icon, "stroke"), under(".tray-tile:not([aria-pressed='true'])"),
    ],
    "the Draw button on the status bar": [colour("#draw-button", "backgroundColor"), under(".hud")],
    "the End button's border on the status bar": [
      colour("#end-button", "borderTopColor"), under(".hud"),
    ],
    "the zoom buttons' border on the board": [
      colour("#zoom-in", "borderTopColor"), under("#board"),
    ],
  };
}"""


def _sheet_media(page: Page) -> str:
    return str(page.locator("#contrast-sheet").get_attribute("media"))


def test_the_high_contrast_board_on_a_phone(
    phone_player: Page, open_challenge: Any, site_url: str, screenshot: Any
) -> None:
    page = phone_player

    # Nothing chosen: the device decides.
    page.goto(f"{site_url}/accounts/settings/")
    assert _sheet_media(page) == "(prefers-contrast: more)"
    form = page.get_by_test_id("colours-form")
    expect(form.locator("input[value='device']")).to_be_checked()
    form.get_by_label("High contrast").check()
    assert _sheet_media(page) == "all"
    expect_no_serious_violation(page, "the settings, high contrast chosen")

    # Kept in this browser, and applied before the play page is drawn.
    page.goto(f"{site_url}/play/")
    assert _sheet_media(page) == "all"
    assert (
        page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        == "rgb(255, 255, 255)"
    )
    page.locator("#start-button").tap()
    assert touch_drag_tile_to_board(page) is not None
    # A tile chosen: the cells where it fits are lit, as the contrast theme draws them.
    page.locator(".tray-tile").first.tap()
    expect(page.locator("#board .board__highlight [data-highlight]").first).to_be_attached()
    settle(page)
    ratios = {
        name: page.evaluate(_RATIO, pair)
        for name, pair in page.evaluate(_PAIRS).items()
        if None not in pair
    }
    assert len(ratios) >= 6, ratios
    low = {name: round(ratio, 2) for name, ratio in ratios.items() if ratio < 3}
    assert not low, low
    expect_no_serious_violation(page, "a run in high contrast")
    screenshot(page, "contrast-board-phone", full_page=False)


def test_the_device_asks_and_the_standard_colours_refuse(
    phone: BrowserContext, make_player: Any, login: Any, open_challenge: Any, site_url: str
) -> None:
    user, password = make_player()
    page = phone.new_page()
    page.emulate_media(contrast="more")
    page.goto(f"{site_url}/play/")
    assert (
        page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        == "rgb(255, 255, 255)"
    )
    login(page, user.username, password)
    page.goto(f"{site_url}/accounts/settings/")
    page.get_by_test_id("colours-form").get_by_label("Standard").check()
    page.goto(f"{site_url}/play/")
    assert _sheet_media(page) == "not all"
    assert (
        page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        != "rgb(255, 255, 255)"
    )
