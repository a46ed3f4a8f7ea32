"""The classic game in a real Chromium, on a phone (390x844, a finger) and a desktop
(1280, a mouse): a whole one-round game against the easy computer played through the
board's own controls (drag and snap, the Draw and Pass buttons), and a reload in the
middle that resumes the game where it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from challenges.classic import services
from challenges.models import ClassicGame
from tests.e2e.axe import expect_no_serious_violation, settle
from tests.e2e.devices import DEVICES
from tests.e2e.play_helpers import DOUBLE_TAP_MS, HIGHLIGHTED, HUMAN_PACE_MS, PLAY_BOARD, centre

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A deal where the person's tiles fit from the first turn, and draws and a pass come later
# (the live server runs in this process: the seed is patched where the game takes it).
SEED = "e2e00005"

HAND = "tiles => tiles.map((tile) => tile.dataset.tile)"


def _my_turn_or_over(page: Page) -> bool:
    """Waits for the player's turn (True) or the end of the game (False)."""
    expect(page.locator("#play[data-turn='mine'], #play[data-state='end']")).to_have_count(
        1, timeout=20_000
    )
    return page.locator("#play").get_attribute("data-state") != "end"


def _drag(page: Page, touch: bool) -> str:
    """Drags the first tile that fits onto the first highlighted cell; returns the cell."""
    tile = page.locator(".tray-tile:not(.tray-tile--stuck)").first
    tile.scroll_into_view_if_needed()
    x, y = centre(tile.bounding_box())
    if touch:
        cdp = page.context.new_cdp_session(page)

        def finger(kind: str, fx: float, fy: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": fx, "y": fy}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        finger("touchStart", x, y)
        finger("touchMove", x, y - 20)
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 12, y - 12, steps=3)
    expect(page.locator(HIGHLIGHTED).first).to_be_attached()
    cell = str(page.locator(HIGHLIGHTED).first.get_attribute("data-cell"))
    target = page.locator(f"{PLAY_BOARD} .board__highlight [data-cell='{cell}']")
    tx, ty = centre(target.bounding_box())
    if touch:
        side = float(page.evaluate("parseFloat(board.style.getPropertyValue('--side-px'))"))
        lift = max(40.0, side * 0.6)
        for step in range(1, 9):
            finger("touchMove", x + (tx - x) * step / 8, (y - 20) + (ty + lift - y + 20) * step / 8)
        page.wait_for_timeout(HUMAN_PACE_MS)
        finger("touchEnd", tx, ty + lift)
        cdp.detach()
    else:
        page.mouse.move(tx, ty, steps=12)
        expect(page.locator(f"{PLAY_BOARD} .board__preview .tile")).to_have_count(1)
        page.mouse.up()
    return cell


def _press(page: Page, button_id: str, touch: bool) -> None:
    button = page.locator(f"#{button_id}")
    if touch:
        page.wait_for_timeout(DOUBLE_TAP_MS)
        button.tap()
    else:
        button.click()


def _turn(page: Page, touch: bool) -> str:
    """The player's turn as a simple player takes it, through the page's controls."""
    if page.locator(".tray-tile:not(.tray-tile--stuck)").count() > 0:
        cell = _drag(page, touch)
        placed = page.locator(f"{PLAY_BOARD} .board__tiles .tile[data-cell='{cell}']")
        expect(placed).to_have_count(1)
        return "place"
    if page.locator("#draw-button").is_enabled():
        _press(page, "draw-button", touch)
        return "draw"
    _press(page, "pass-button", touch)
    return "pass"


def _start(page: Page, site_url: str, touch: bool) -> None:
    page.goto(f"{site_url}{reverse('challenges:classic')}")
    settle(page)
    expect_no_serious_violation(page, "the classic page's choice of a game")
    page.get_by_label("Easy").check()
    page.get_by_label("One round").check()
    if touch:
        page.locator("#start-button").tap()
    else:
        page.locator("#start-button").click()
    expect(page.locator("#seats .classic-seat")).to_have_count(2)


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_a_whole_one_round_game_against_easy_and_a_reload_resumes_it(
    browser: Any,
    site_url: str,
    site_clock: Any,
    screenshot: Any,
    device: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services.secrets, "token_hex", lambda size: SEED)
    context = browser.new_context(**DEVICES[device])
    context.clock.install(time=site_clock.now())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    touch = device == "phone"
    try:
        _start(page, site_url, touch)
        actions: list[str] = []
        reloaded = False
        while _my_turn_or_over(page):
            if len(actions) == 3 and not reloaded:
                # A reload mid-game: the same game, the same hand and board, still our turn.
                hand = page.locator(".tray-tile").evaluate_all(HAND)
                tiles = page.locator(f"{PLAY_BOARD} .board__tiles .tile").count()
                page.reload()
                expect(page.locator("[data-screen='game']")).to_be_visible()
                expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(tiles)
                after = page.locator(".tray-tile").evaluate_all(HAND)
                assert after == hand
                expect(page.locator("#turn-status")).to_contain_text("Your turn")
                screenshot(page, f"classic-resumed-{device}")
                settle(page)
                expect_no_serious_violation(page, "a classic game, the player's turn")
                reloaded = True
            actions.append(_turn(page, touch))
            assert len(actions) < 200, "the game does not end"
        expect(page.locator("#end-title")).not_to_be_empty()
        screenshot(page, f"classic-end-{device}")
        assert reloaded and "place" in actions
        game = ClassicGame.objects.get()
        assert game.status == ClassicGame.Status.FINISHED and game.rounds == 1
        assert game.seats.get(seat=0).player is not None, "a guest's game"
        assert errors == []
        # The replay of the finished game, from the end screen.
        page.locator("#replay-link").click()
        expect(page.locator("#replay-step")).to_contain_text("1 /")
    finally:
        context.close()
