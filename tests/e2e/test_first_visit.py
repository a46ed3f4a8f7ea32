"""The first visit in a real Chromium: a visitor plays a guest run from the home page
(dealt at once, with the first-run coach mark), signs up at the end and submits that
same run, which is then on the board under the new name; the how-to-play page shows
every bonus value of the ruleset; phone-sized screenshots of both pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SiteClock
from tests.e2e.devices import PHONE
from tests.e2e.play_helpers import drag_tile_to_board, expect_server_holds_all, tour_seen
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")


@pytest.mark.first_run_tour
def test_a_visitor_plays_as_a_guest_signs_up_and_submits_that_run(
    page: Page, site_url: str, open_challenge: Any, screenshot: Any
) -> None:
    from challenges.models import Entry, Guest

    page.goto(f"{site_url}/")
    expect(page.locator("#sample-board .board__tiles .tile")).not_to_have_count(0)
    page.locator("#home-play").click()
    expect(page).to_have_url(f"{site_url}/play/")

    # The first run in this browser: dealt at once, with the coach mark on the tray.
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    with (
        page.expect_response(re.compile(r"/api/guest/$")) as guest,
        page.expect_response(START_URL) as started,
    ):
        page.locator("#start-button").click()
    assert guest.value.status == 201
    assert started.value.status == 201
    run_id = started.value.json()["id"]
    tour = page.locator("#tour")
    expect(tour).to_be_visible()
    expect(page.locator("#tray")).to_have_class(re.compile(r"\btour-target\b"))
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    screenshot(page, "first_visit_tour")
    page.locator("#tour-done").click()
    expect(tour).to_be_hidden()
    assert Guest.objects.count() == 1

    for _ in range(3):
        assert drag_tile_to_board(page) is not None
    expect_server_holds_all(page)
    with page.expect_response(FINISH_URL) as finished:
        page.locator("#end-button").click()
    assert finished.value.status == 200
    result = finished.value.json()
    assert result["valid"] and result["eligible"]

    # A guest's end: no submit, but "sign up to submit this run".
    expect(page.locator("#guest-submit")).to_be_visible()
    expect(page.locator("#submit-button")).to_be_hidden()
    screenshot(page, "first_visit_guest_end")
    page.locator("#guest-signup").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/"))
    page.fill("input[name=username]", "newcomer")
    page.fill("input[name=password1]", "a long pass phrase 7")
    page.fill("input[name=password2]", "a long pass phrase 7")
    with page.expect_navigation():
        page.locator("form:has(input[name=password1]) [type=submit]").click()
    expect(page).to_have_url(f"{site_url}/play/?run={run_id}")

    keep = page.locator("#keep-run")
    expect(keep).to_be_visible()
    expect(keep).to_contain_text(str(result["score"]))
    with page.expect_navigation():
        page.locator("#keep-submit").click()
    expect(page).to_have_url(re.compile(rf"/challenges/{open_challenge.pk}/\?page="))
    mine = page.locator("#you")
    expect(mine).to_contain_text("newcomer")
    expect(mine).to_contain_text(str(result["score"]))
    entry = Entry.objects.select_related("player").get()
    assert str(entry.run_id) == run_id and entry.player.username == "newcomer"
    assert not Guest.objects.exists(), "the claimed guest is gone"
    screenshot(page, "first_visit_on_the_board")

    # The home page now tells the player where they stand today.
    page.goto(f"{site_url}/")
    day = page.get_by_test_id("home-me")
    expect(day).to_contain_text(f"Submitted: {result['score']} points, rank 1 of 1")
    screenshot(page, "home_player")

    # The tour is remembered: the next run starts at once.
    page.goto(f"{site_url}/play/")
    with page.expect_response(START_URL):
        page.locator("#start-button").click()
    expect(page.locator("#tour")).to_be_hidden()


def test_the_how_to_play_page_shows_each_bonus_value_of_the_ruleset(
    page: Page, site_url: str
) -> None:
    page.goto(f"{site_url}/how-to-play/")
    values = {
        **{bonus: f"+{points}" for bonus, points in DEFAULT_RULESET.bonus_values},
        "clear": f"+{DEFAULT_RULESET.clear_bonus}",
        "draw": str(DEFAULT_RULESET.draw_points),
    }
    for name, shown in values.items():
        expect(page.get_by_test_id(f"bonus-{name}")).to_have_text(shown)
    # The pictures are boards the board view drew from replayed example runs.
    expect(page.locator("svg[data-picture='hexagon'] .board__tiles .tile")).to_have_count(6)
    expect(page.locator("svg[data-picture='hexagon_before'] [data-highlight]")).to_have_count(1)
    expect(page.locator("svg[data-picture='bridge'] .board__tiles .tile")).not_to_have_count(0)


def test_phone_sized_screenshots_of_the_home_and_how_to_play_pages(
    browser: Browser, site_url: str, open_challenge: Any, site_clock: SiteClock, screenshot: Any
) -> None:
    context = browser.new_context(**PHONE)
    context.clock.install(time=site_clock.now())
    tour_seen(context)
    page = context.new_page()
    try:
        for path, name in [
            ("/", "home_phone_390x844"),
            ("/how-to-play/", "how_to_play_phone_390x844"),
        ]:
            page.goto(f"{site_url}{path}")
            expect(page.locator("svg .board__tiles .tile").first).to_be_visible()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} is {width}px wide on a 390px screen"
            screenshot(page, name)
    finally:
        context.close()
