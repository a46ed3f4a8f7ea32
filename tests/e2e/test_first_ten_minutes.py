"""A new player's first ten minutes on the play page, in a real Chromium, on a 390 x 844
phone with touch and on a 1280 px desktop with a mouse:

- a guest is offered "sign up to submit this run" only for a run that can count, and
  the offer's button is above the fold;
- every pick of a tray tile lights the spots where it fits, and a tap or a drop where
  it does not fit shakes the tile and says why;
- a first visit, in English and in French, from the home page: the run is dealt at
  once, one coach mark points at the real tray with the middle lit, and the clock
  starts at the first touch of a tile, on the page and on the server.

Screenshots (test-artifacts/screenshots/): the wrong-drop feedback, the guest's end
screen and the coach mark on the real deal, on both devices.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import SiteClock
from tests.e2e.devices import DEVICES, context_for, each_device  # noqa: F401 (the fixture "device")
from tests.e2e.play_helpers import (
    centre,
    drag_tile_to_board,
    end_run,
    expect_server_holds_all,
    touch_drag_tile_to_board,
    tour_seen,
)
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")
LIT = "#board .board__highlight [data-highlight]"


@pytest.fixture
def page(browser: Browser, device: str, site_clock: SiteClock) -> Iterator[Page]:
    """A page on ``device``, on the site's clock, as a browser that has seen the tour,
    failing the test on any error the page throws."""
    with context_for(browser, device, now=site_clock.now()) as context:
        yield context.new_page()


def _press(page: Page, device: str, target: Locator) -> None:
    if device == "phone":
        target.tap()
    else:
        target.click()


def _start(page: Page, device: str) -> None:
    start = page.locator("#start-button")
    button = start if start.is_visible() else page.locator("#again-button")
    with page.expect_response(START_URL) as started:
        _press(page, device, button)
    assert started.value.status == 201
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)


def _well(page: Page) -> int:
    return int(page.locator("#well-count").inner_text())


def _finish(page: Page, device: str) -> dict[str, Any]:
    with page.expect_response(FINISH_URL) as finished:
        end_run(page, tap=device == "phone")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    answer: dict[str, Any] = finished.value.json()
    return answer


def test_a_guest_is_offered_sign_up_only_for_a_run_that_can_count_above_the_fold(
    page: Page, site_url: str, open_challenge: Any, device: str, screenshot: Any
) -> None:
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")

    # No move: the server finds nothing wrong with it, but it is no entry to sign up for.
    _start(page, device)
    empty = _finish(page, device)
    assert empty["valid"] and empty["score"] == 0
    expect(page.locator("#guest-submit")).to_be_hidden()
    expect(page.locator("#guest-signup")).to_be_hidden()
    expect(page.locator("#again-button")).to_be_visible()

    # Two tiles placed: a run that can count, offered where the thumb is.
    _start(page, device)
    for _ in range(2):
        placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
        assert placed is not None
    counted = _finish(page, device)
    assert counted["valid"] and counted["eligible"] and counted["score"] > 0
    signup = page.locator("#guest-signup")
    expect(signup).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    box = signup.bounding_box()
    assert box is not None
    height = DEVICES[device]["viewport"]["height"]
    assert box["y"] + box["height"] <= height, f"the sign-up button ends at {box}, below {height}"
    screenshot(page, f"first_ten_minutes_guest_end_{device}", full_page=False)


def test_a_pick_lights_the_spots_and_a_wrong_tap_or_drop_says_why(
    page: Page, site_url: str, open_challenge: Any, device: str, screenshot: Any
) -> None:
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    _start(page, device)

    # A pick of a tray tile (a tap, or a click) lights where it fits: the middle, at first.
    tile = page.locator(".tray-tile").nth(2)
    _press(page, device, tile)
    expect(tile).to_have_attribute("aria-pressed", "true")
    expect(page.locator(LIT)).to_have_count(1)
    middle = page.locator(f"{LIT}[data-cell='0,0']")
    expect(middle).to_have_count(1)

    # A tap on the board two cells beside the middle (beyond the snap's reach of 0.75
    # of a side): the tile shakes, and the page says why.
    x, y = centre(middle.bounding_box())
    width = middle.bounding_box()["width"]  # type: ignore[index]
    away = (x + 1.1 * width, y)
    if device == "phone":
        page.touchscreen.tap(*away)
    else:
        page.mouse.click(*away)
    why = "That tile does not fit there: the first tile goes in the middle."
    expect(page.locator("#toasts")).to_contain_text(why)
    expect(page.locator("#announcer")).to_have_text(why)
    expect(tile).to_have_class(re.compile(r"\btray-tile--refused\b"))
    expect(page.locator("#board .board__tiles .tile")).to_have_count(0)

    assert (
        page.evaluate("document.documentElement.scrollWidth")
        <= DEVICES[device]["viewport"]["width"]
    )

    # A drop there: the same (a mouse drop focuses nothing; the board keeps no keyboard
    # cursor from the tap, whose click focused it).
    page.evaluate("document.getElementById('announcer').textContent = ''")
    page.locator("#board").blur()
    other = page.locator(".tray-tile").nth(4)
    ox, oy = centre(other.bounding_box())
    if device == "phone":
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, px: float, py: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        side = float(page.evaluate("parseFloat(board.style.getPropertyValue('--side-px'))"))
        lift = max(40.0, side * 0.6)  # the tile floats above the finger (drag.js)
        touch("touchStart", ox, oy)
        for step in range(1, 9):
            touch(
                "touchMove", ox + (away[0] - ox) * step / 8, oy + (away[1] + lift - oy) * step / 8
            )
        touch("touchEnd", away[0], away[1] + lift)
        cdp.detach()
    else:
        page.mouse.move(ox, oy)
        page.mouse.down()
        page.mouse.move(away[0], away[1], steps=12)
        page.mouse.up()
    expect(page.locator("#announcer")).to_have_text(why)
    expect(other).to_have_class(re.compile(r"\btray-tile--refused\b"))
    screenshot(page, f"first_ten_minutes_wrong_drop_{device}", full_page=False)
    expect(page.locator("#board .board__tiles .tile")).to_have_count(0)

    # After a placement, the tile chosen next has its spots lit, as many as it fits.
    assert touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
    chosen = page.locator(".tray-tile[aria-pressed='true']")
    expect(page.locator(LIT)).to_have_count(int(chosen.get_attribute("data-fits") or 0))


CLOCK_URL = re.compile(r"/api/runs/[^/]+/clock/$")
MOVES_URL = re.compile(r"/api/runs/[^/]+/moves/$")


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def first_visit_page(
    browser: Browser, device: str, language: str, site_clock: SiteClock
) -> Iterator[Page]:
    """A browser's first visit: its language, no tour seen."""
    context = browser.new_context(**DEVICES[device], locale=language)
    context.clock.install(time=site_clock.now())
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context.new_page()
    context.close()
    assert not thrown, f"a page threw: {thrown}"


def test_a_first_visit_is_dealt_at_once_coached_on_the_real_tray_and_timed_from_the_touch(
    first_visit_page: Page,
    site_url: str,
    open_challenge: Any,
    device: str,
    language: str,
    screenshot: Any,
) -> None:
    page = first_visit_page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    began = time.monotonic()
    page.goto(f"{site_url}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    _press(page, device, page.locator("#home-play"))
    expect(page).to_have_url(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    _start(page, device)

    # Dealt at once: the coach mark points at the real tray, the middle is lit, and
    # nothing stands between the player and the tiles.
    tour = page.locator("#tour")
    expect(tour).to_be_visible()
    expect(page.locator("#tray")).to_have_class(re.compile(r"\btour-target\b"))
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    expect(page.locator(f"{LIT}[data-cell='0,0']")).to_have_count(1)
    assert page.locator("[data-screen='game']").evaluate("area => !area.inert")
    text = page.locator("#tour-text").inner_text()
    if device == "phone":
        assert "1-9" not in text, "no number keys on a phone"
    else:
        assert "1-9" in text, "the keys, on a desktop"
    screenshot(page, f"first_visit_coach_{device}_{language}", full_page=False)

    # Reading costs no time: the clock stands at the run's length, and the server has
    # not been told of a clock.
    page.wait_for_timeout(1_500)
    expect(page.locator("#clock")).to_have_text("2:00")
    assert not any(CLOCK_URL.search(url) for url in requests)

    # The first touch starts the clock, on the page and on the server, before any move.
    with page.expect_response(CLOCK_URL) as clocked:
        placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
    assert placed is not None
    first_tile_s = time.monotonic() - began
    assert clocked.value.status == 200
    expect(tour).to_be_hidden()
    expect(page.locator("#clock")).not_to_have_text("2:00", timeout=3_000)
    expect_server_holds_all(page)
    clock_at = next(i for i, url in enumerate(requests) if CLOCK_URL.search(url))
    moves_at = next(i for i, url in enumerate(requests) if MOVES_URL.search(url))
    assert clock_at < moves_at
    print(f"\nfirst visit, {device}, {language}: home page to first tile {first_tile_s:.1f} s")

    result = _finish(page, device)
    assert result["valid"] and result["eligible"], result

    # Seen once: the next deal has no coach mark.
    _start(page, device)
    expect(tour).to_be_hidden()


def test_practice_on_a_new_install_deals_its_own_tiles(
    page: Page, site_url: str, open_challenge: Any, device: str
) -> None:
    """No challenge has closed yet: the practice the home page offers is still a game."""
    page.goto(f"{site_url}/practice/")
    expect(page.locator("#practice-own")).to_be_visible()
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    _press(page, device, page.locator("#start-button"))
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
    assert placed is not None
    expect(page.locator("#score")).not_to_have_text("0")


def test_your_day_tells_a_held_entry_as_held(
    page: Page,
    site_url: str,
    open_challenge: Any,
    device: str,
    make_player: Any,
    login: Any,
) -> None:
    from tests.factories import EntryFactory

    user, password = make_player()
    EntryFactory(challenge=open_challenge, player=user, score=328, status="held")
    login(page, user.username, password)
    page.goto(f"{site_url}/")
    day = page.get_by_test_id("home-me")
    expect(day).to_contain_text("328")
    expect(day).to_contain_text("waiting for a moderator's review")
    expect(day).not_to_contain_text("rank")


@pytest.fixture
def phone_page(browser: Browser, site_clock: SiteClock) -> Iterator[Page]:
    context = browser.new_context(**DEVICES["phone"])
    context.clock.install(time=site_clock.now())
    tour_seen(context)
    yield context.new_page()
    context.close()


def test_the_header_and_the_hud_fit_a_phone_and_the_board_refits_when_turned(
    phone_page: Page, site_url: str, open_challenge: Any
) -> None:
    page, device = phone_page, "phone"
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    nav = page.locator(".site-nav").bounding_box()
    assert nav is not None and nav["height"] < 60, f"the nav wraps: {nav}"
    _start(page, device)
    hud = page.locator(".hud").bounding_box()
    draw = page.locator("#draw-button").bounding_box()
    assert hud is not None and draw is not None
    assert draw["x"] - hud["x"] <= 24, f"a gap left of Draw: {draw['x'] - hud['x']:.0f} px"

    for _ in range(2):
        assert touch_drag_tile_to_board(page) is not None
    page.set_viewport_size({"width": 844, "height": 390})
    # Turned, the board is framed again for its new shape: the camera's view has the
    # <svg>'s own proportions. (The tiles' size may stay the same: it has a cap.)
    page.wait_for_function(
        """() => {
            const board = document.getElementById("board");
            const box = board.getBoundingClientRect();
            const [, , width, height] = board.getAttribute("viewBox").split(" ").map(Number);
            const turned = box.width > box.height;
            return turned && Math.abs(width / height - box.width / box.height) < 0.01;
        }"""
    )
    tiles = page.locator("#board .board__tiles .tile")
    board = page.locator("#board").bounding_box()
    assert board is not None
    for index in range(tiles.count()):
        box = tiles.nth(index).bounding_box()
        assert box is not None
        top, bottom = board["y"] - 1, board["y"] + board["height"] + 1
        assert top <= box["y"] and box["y"] + box["height"] <= bottom, "a tile off the board"


def test_a_reload_in_the_middle_of_a_run_resumes_it_on_its_own_clock(
    page: Page, site_url: str, open_challenge: Any, device: str
) -> None:
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" on a reload
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    _start(page, device)
    for _ in range(2):
        placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
        assert placed is not None
    made = expect_server_holds_all(page)
    page.wait_for_timeout(1_500)
    score = page.locator("#score").inner_text()

    page.reload()
    expect(page.locator("[data-screen='game']")).to_be_visible()
    expect(page.locator("#board .board__tiles .tile")).to_have_count(2)
    expect(page.locator("#score")).to_have_text(score)
    clock = page.locator("#clock")
    expect(clock).not_to_have_text("2:00")
    minutes, seconds = (int(part) for part in clock.inner_text().split(":"))
    assert minutes * 60 + seconds < 119, "the run's own clock, not a new one"
    expect(page.locator("#pending-notice")).to_be_hidden()

    placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
    assert placed is not None
    moves = 3 + DEFAULT_RULESET.well_size - _well(page)
    result = _finish(page, device)
    assert result["valid"] and result["eligible"], result
    assert result["received"] == moves > made


def test_the_how_to_play_pictures_mark_the_tile_just_laid_with_digits_of_12_px(
    page: Page, site_url: str, open_challenge: Any, device: str
) -> None:
    page.goto(f"{site_url}/how-to-play/")
    pictures = page.locator("svg[data-picture]")
    expect(pictures.first).to_have_attribute("data-tiles", re.compile(r"\d+"))
    for index in range(pictures.count()):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        name = picture.get_attribute("data-picture")
        digits = page.locator(f"svg[data-picture='{name}'] .tile__number").first
        height = digits.evaluate("text => text.getBoundingClientRect().height")
        assert height >= 12, f"{name}: digits {height:.1f} px high"
        laid = picture.locator(".tile--laid")
        expect(laid).to_have_count(0 if picture.get_attribute("data-next") else 1)
