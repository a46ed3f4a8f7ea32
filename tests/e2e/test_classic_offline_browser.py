"""The classic game offline, on a phone in a real Chromium: the page kept by the service
worker, the server taken away (``context.set_offline``), a one-round game against the
easy computer played to its end through the board's own controls, on the browser's
port of the rules. The page says the game is offline and not recorded, the hard
computer needs the server, no request reaches the API, and the server records nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Request, expect

from challenges.models import ClassicGame
from tests.e2e.devices import PHONE
from tests.e2e.play_helpers import PLAY_BOARD, tour_seen
from tests.e2e.test_classic_browser import _my_turn_or_over, _turn
from tests.e2e.test_install_browser import _controlled

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every text the game's status line shows, kept in the page as it changes.
_STATUS_SEEN = """
window.__statusSeen = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("turn-status");
  if (!status) return;
  new MutationObserver(() => window.__statusSeen.push(status.textContent)).observe(
    status, { childList: true, characterData: true, subtree: true });
});
"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    # The browser's own clock: a service worker's install runs on real timers.
    context = browser.new_context(**PHONE, service_workers="allow")
    tour_seen(context)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context
    context.close()
    assert not thrown, f"a page threw: {thrown}"


def test_a_classic_game_against_easy_played_offline_to_its_end(
    phone: BrowserContext, site_url: str, screenshot: Any
) -> None:
    page = phone.new_page()
    page.goto(f"{site_url}{reverse('challenges:classic')}")
    _controlled(page)
    expect(page.get_by_test_id("offline-notice")).to_be_hidden()

    phone.set_offline(True)
    asked: list[str] = []

    def api_asked(request: Request) -> None:
        if "/api/classic/" in request.url or "/api/guest" in request.url:
            asked.append(request.url)

    page.on("request", api_asked)
    phone.add_init_script(_STATUS_SEEN)
    page.reload()
    notice = page.get_by_test_id("offline-notice")
    expect(notice).to_contain_text("not recorded")
    expect(notice).to_contain_text("The hard computer and live tables need the server.")

    # The hard computer plays on the server only, and the page says so.
    page.get_by_label("Hard", exact=True).check()
    page.locator("#start-button").tap()
    expect(page.locator("#start-error")).to_contain_text("needs the server")

    page.get_by_label("Easy").check()
    page.get_by_label("One round").check()
    page.locator("#start-button").tap()
    expect(page.locator("#seats .classic-seat")).to_have_count(2)
    expect(page.get_by_test_id("offline-game")).to_have_text("Offline game: not recorded.")
    expect(page.locator("#seats")).to_contain_text("Computer 1 (easy)")

    actions: list[str] = []
    while _my_turn_or_over(page):
        actions.append(_turn(page, touch=True))
        if len(actions) == 2:
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, "classic-offline-phone", full_page=False)
        assert len(actions) < 200, "the game does not end"
    expect(page.locator("#end-title")).not_to_be_empty()
    expect(page.get_by_test_id("end-offline")).to_have_text("Offline game: not recorded.")
    expect(page.locator("#replay-link")).to_be_hidden()
    expect(page.locator("#record-link")).to_be_hidden()
    expect(page.locator("#final-scores .classic-seat")).to_have_count(2)
    screenshot(page, "classic-offline-end-phone", full_page=False)

    assert "place" in actions
    # Nothing is sent on this device: the status says the computer plays, never that a
    # move is on its way.
    seen = page.evaluate("window.__statusSeen")
    assert "Computer 1 (easy) is playing…" in seen, seen
    assert not [text for text in seen if "on its way" in text], seen
    assert page.locator(f"{PLAY_BOARD} .board__tiles .tile").count() >= 2
    assert asked == [], f"the offline game asked the server: {asked}"
    assert not ClassicGame.objects.exists(), "an offline game reached the server"


def test_the_server_unreachable_while_online_starts_the_game_on_the_device(
    browser: Browser, site_url: str
) -> None:
    # The browser says it is online, but every API request fails (a dropped server).
    context = browser.new_context(**PHONE)
    tour_seen(context)
    try:
        page = context.new_page()
        page.route("**/api/**", lambda route: route.abort("connectionrefused"))
        page.goto(f"{site_url}{reverse('challenges:classic')}")
        expect(page.get_by_test_id("offline-notice")).to_be_hidden()
        page.get_by_label("Medium").check()
        page.locator("#start-button").tap()
        expect(page.get_by_test_id("offline-game")).to_have_text("Offline game: not recorded.")
        expect(page.locator("#seats")).to_contain_text("Computer 1 (medium)")
        assert _my_turn_or_over(page)
        assert _turn(page, touch=True) in {"place", "draw", "pass"}
        expect(page.locator("#action-error")).to_be_hidden()
        assert not ClassicGame.objects.exists()
    finally:
        context.close()
