"""Untimed practice in a real Chromium: a finished challenge's tiles,
played by keyboard with no clock (minutes go by and the run goes on), scored by the
rules port, and never sent: no request to the API, no Run row, no leaderboard."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, Request, expect

from challenges.models import Challenge, Entry, Run
from challenges.slots import slot_number
from tests.e2e.axe import expect_no_serious_violation, settle
from tests.e2e.play_helpers import HUMAN_PACE_MS, PLAY_BOARD, fitting_tray_tile
from tests.factories import ChallengeFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _axe(page: Page, where: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        settle(page)
        expect_no_serious_violation(page, f"{where} ({scheme})")


def test_an_untimed_practice_run_is_played_by_keyboard_and_never_sent(
    logged_in_page: Page, open_challenge: Challenge, site_url: str, screenshot: Any
) -> None:
    page = logged_in_page
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    api_calls: list[str] = []

    def watch(request: Request) -> None:
        if "/api/" in request.url:
            api_calls.append(f"{request.method} {request.url}")

    page.on("request", watch)
    # From the play page's offer.
    page.goto(f"{site_url}{reverse('challenges:play')}")
    page.locator("#practice-offer").get_by_role("link").click()
    expect(page).to_have_url(f"{site_url}/practice/")
    expect(page.locator(".play-head")).to_contain_text(f"#{closed.number}")
    _axe(page, "the practice intro")

    page.locator("#start-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tray-tile")).to_have_count(9)
    dealt = page.locator(".tray-tile").evaluate_all("tiles => tiles.map((t) => t.dataset.tile)")
    assert dealt == closed.tray
    expect(page.locator("#announcer")).to_contain_text("no clock")
    _axe(page, "a practice run")

    score = 0
    for placed in (1, 2, 3):
        if placed == 2:
            # Five minutes go by (more than a timed run's two): the run goes on.
            page.clock.run_for(5 * 60 * 1000)
            expect(page.locator("[data-screen='game']")).to_be_visible()
        tile = fitting_tray_tile(page, draw=lambda: page.keyboard.press("d"))
        assert tile is not None
        page.keyboard.press(tile.get_attribute("data-index") or "1")
        page.keyboard.press("n")
        expect(page.locator(PLAY_BOARD)).to_be_focused()
        page.wait_for_timeout(HUMAN_PACE_MS)
        page.keyboard.press("Enter")
        expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(placed)
        score = int(page.locator("#score").inner_text())
        expect(page.locator("#announcer")).to_contain_text(f"Score {score}.")

    screenshot(page, "practice-run")
    page.keyboard.press("b")
    expect(page.locator("#announcer")).to_contain_text("3 tiles on the board")

    page.locator("#end-button").focus()
    page.keyboard.press("Enter")
    title = page.locator("#practice-end-title")
    expect(title).to_be_visible()
    expect(title).to_be_focused()
    expect(page.locator("#end-score")).to_have_text(str(score))
    expect(page.locator("#end-tiles")).to_have_text("3")
    _axe(page, "the practice end screen")

    page.locator("#again-button").click()
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(0)
    expect(page.locator(".tray-tile")).to_have_count(9)

    # Nothing went to the server, and nothing of it is stored.
    assert api_calls == [], api_calls
    assert not Run.objects.filter(challenge=closed).exists()
    assert not Entry.objects.exists()


def test_the_open_challenge_has_no_practice_page(
    page: Page, open_challenge: Any, site_url: str
) -> None:
    response = page.goto(f"{site_url}/practice/{open_challenge.pk}/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"\S"))
