"""The play page in a real Chromium: sign up, play by dragging and by keyboard, finish,
submit, and the paths where the network or the server says no.

Drags are real pointer drags (mouse down on a tray tile, move, up over a highlighted
cell); targets come from the DOM (`data-tile`, `data-fits` on tray tiles,
`data-cell`/`data-highlight` on board cells) and the choices from `deals.py`, so any deal
plays (play_helpers.py). Time runs on Playwright's clock (installed by conftest.py), so
the two minutes pass in an instant.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.play_helpers import (
    HUMAN_PACE_MS,
    centre,
    drag_tile_to_board,
    fitting_tray_tile,
    held_tile_target,
    tap_draw,
    tour_seen,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _placed(page: Page) -> int:
    return page.locator(".board__tiles .tile").count()


def _score(page: Page) -> int:
    return int(page.locator("#score").inner_text())


def _sign_up(page: Page, site_url: str, username: str) -> None:
    page.goto(f"{site_url}/play/")
    prompt = page.locator("#login-prompt")
    expect(prompt).to_be_visible()
    signup = prompt.get_by_role("link", name="Sign up")
    assert signup.get_attribute("href").endswith("?next=/play/")
    signup.click()
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", "hexagon-bridge-77")
    page.fill("input[name=password2]", "hexagon-bridge-77")
    with page.expect_navigation():
        page.locator("form [type=submit]").last.click()
    assert page.url == f"{site_url}/play/"


def _start(page: Page) -> dict[str, Any]:
    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")) as started:
        page.locator("#start-button").click()
    assert started.value.status == 201
    expect(page.locator("[data-screen='game']")).to_be_visible()
    expect(page.locator(".tray-tile")).to_have_count(9)
    return started.value.json()


def test_sign_up_play_by_dragging_run_out_of_time_and_submit(
    page: Page, site_url: str, open_challenge: Any, screenshot: Any
) -> None:
    from challenges.models import Run

    _sign_up(page, site_url, "dragger")
    screenshot(page, "play-intro")
    run = _start(page)
    assert page.locator("#clock").inner_text() == "2:00"
    assert page.locator("#well-count").inner_text() == "47"
    screenshot(page, "play-started")

    # The first tile can only go in the middle, and scores its value.
    first_cell = drag_tile_to_board(page)
    assert first_cell == "0,0"
    first = page.locator(".board__tiles .tile").first.get_attribute("data-tile")
    assert _score(page) == sum(int(n) for n in first.split("-"))

    # A draw costs 5 and empties the well by one.
    before = _score(page)
    page.locator("#draw-button").click()
    assert _score(page) == before - 5
    expect(page.locator("#well-count")).to_have_text("46")
    expect(page.locator(".tray-tile")).to_have_count(9)

    for _ in range(3):
        assert drag_tile_to_board(page) is not None
    assert _placed(page) == 4
    screenshot(page, "play-board")

    # Ten seconds before the end the clock turns urgent; then time runs out.
    minutes, seconds = page.locator("#clock").inner_text().split(":")
    left_ms = (int(minutes) * 60 + int(seconds)) * 1000
    page.clock.fast_forward(left_ms - 8_000)
    expect(page.locator("#clock.hud__value--urgent")).to_be_visible()
    screenshot(page, "play-last-seconds")
    client_score = _score(page)
    with page.expect_response(re.compile(r"/api/runs/.+/finish/$")) as finished:
        page.clock.fast_forward(10_000)
    assert finished.value.status == 200
    expect(page.locator("[data-screen='end']")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("Time's up!")

    stored = Run.objects.get(pk=run["id"])
    assert stored.status == Run.Status.FINISHED
    assert page.locator("#end-score").inner_text() == str(stored.score)
    assert stored.score == client_score
    api_run = page.request.get(f"{site_url}/api/runs/{run['id']}/").json()
    assert api_run["score"] == stored.score
    expect(page.locator("#review tbody tr")).to_have_count(len(stored.log["moves"]))
    expect(page.locator("#end-best")).to_have_text(str(stored.score))
    expect(page.locator("#replay-link")).to_have_attribute("href", f"/runs/{run['id']}/replay/")
    screenshot(page, "play-end")

    page.locator("#submit-button").click()
    expect(page.locator("#submit-dialog")).to_be_visible()
    screenshot(page, "play-submit-confirm", full_page=False)
    with page.expect_response(re.compile(r"/api/runs/.+/submit/$")) as submitted:
        page.locator("#submit-confirm").click()
    assert submitted.value.status == 201
    result = page.locator("#submit-result")
    expect(result).to_contain_text("#1")
    expect(result).to_contain_text("100%")
    screenshot(page, "play-submitted")

    board = page.request.get(f"{site_url}/api/challenges/{open_challenge.pk}/leaderboard/").json()
    assert [(row["player"], row["score"]) for row in board["results"]] == [
        ("dragger", stored.score)
    ]
    page.locator("#leaderboard-link").click()
    expect(page.locator("main")).to_contain_text("dragger")
    screenshot(page, "play-leaderboard-after-submit")

    # Playing again is allowed; submitting a second run is not.
    page.goto(f"{site_url}/play/")
    expect(page.locator("#intro-entry")).to_contain_text(str(stored.score))
    _start(page)
    page.locator("#end-button").click()
    expect(page.locator("[data-screen='end']")).to_be_visible()
    expect(page.locator("#submit-result")).to_contain_text("already submitted")
    expect(page.locator("#submit-button")).to_be_hidden()
    expect(page.locator("#leaderboard-link")).to_be_visible()


def test_keyboard_play(logged_in_page: Page, screenshot: Any) -> None:
    page = logged_in_page
    page.goto(page.url)
    page.locator("#start-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tray-tile")).to_have_count(9)
    expect(page.locator(".tray-tile").first).to_be_focused()

    # Arrow keys move along the tray; R turns the chosen tile.
    page.keyboard.press("ArrowRight")
    second = page.locator(".tray-tile").nth(1)
    expect(second).to_be_focused()
    expect(second).to_have_attribute("aria-pressed", "true")
    label = second.get_attribute("aria-label")
    page.keyboard.press("r")
    if len(set(second.get_attribute("data-tile").split("-"))) > 1:
        assert second.get_attribute("aria-label") != label

    # Pick a tile by its number, jump to a spot where it fits, place it.
    for placed in range(1, 4):
        fitting = fitting_tray_tile(page, draw=lambda: page.keyboard.press("d"))
        assert fitting is not None
        index = int(fitting.get_attribute("data-index"))
        if index > 9:
            fitting.focus()
            page.keyboard.press("Enter")
        else:
            page.keyboard.press(str(index))
        page.keyboard.press("n")
        expect(page.locator("#board")).to_be_focused()
        expect(page.locator(".board__cursor .cell--cursor-fits")).to_have_count(1)
        if placed == 2:
            screenshot(page, "play-keyboard-cursor", full_page=False)
        page.wait_for_timeout(HUMAN_PACE_MS)
        page.keyboard.press("Enter")
        expect(page.locator(".board__tiles .tile")).to_have_count(placed)
        expect(page.locator("#announcer")).to_contain_text("Placed")

    well = int(page.locator("#well-count").inner_text())
    page.keyboard.press("d")
    expect(page.locator("#well-count")).to_have_text(str(well - 1))
    expect(page.locator("#announcer")).to_contain_text("Drew")

    page.locator("#end-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    expect(page.locator("#end-tiles")).to_have_text("3")


def test_phone_viewport(logged_in_page: Page, screenshot: Any) -> None:
    page = logged_in_page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(page.url)
    screenshot(page, "play-phone-intro")
    _start(page)
    for _ in range(2):
        assert drag_tile_to_board(page) is not None
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 280
    assert board["height"] >= 220
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
    tray = page.locator(".tray-tile").first.bounding_box()
    assert tray["width"] >= 44, "tray tiles stay big enough to touch"
    screenshot(page, "play-phone-320", full_page=False)


def test_a_lost_connection_keeps_the_log_and_retries(logged_in_page: Page, screenshot: Any) -> None:
    page = logged_in_page
    page.goto(page.url)
    run = _start(page)
    drag_tile_to_board(page)
    page.route(re.compile(r"/api/runs/.+/finish/$"), lambda route: route.abort())
    page.locator("#end-button").click()
    expect(page.locator("#send-error")).to_be_visible()
    kept = page.evaluate("JSON.parse(localStorage.getItem('tod:unsent-runs'))")
    assert kept[run["id"]]["log"]["moves"][0]["type"] == "place"
    screenshot(page, "play-send-failed")

    # Reloading offers the kept run; sending it works once the network is back.
    page.unroute(re.compile(r"/api/runs/.+/finish/$"))
    page.reload()
    expect(page.locator("#pending-notice")).to_be_visible()
    page.locator("#pending-send").click()
    expect(page.locator("[data-screen='end']")).to_be_visible()
    assert page.evaluate("localStorage.getItem('tod:unsent-runs')") is None
    expect(page.locator("#end-tiles")).to_have_text("1")


def test_the_server_verdict_wins_over_the_browser(logged_in_page: Page, screenshot: Any) -> None:
    page = logged_in_page
    page.goto(page.url)
    _start(page)
    drag_tile_to_board(page)
    verdict = {
        "valid": False,
        "score": 0,
        "moves": [],
        "error": {"move": 0, "code": "corner_mismatch", "detail": "corner 1 shows 4, not 2"},
        "detail": "Run rejected.",
        "best_score": None,
        "submitted": False,
    }
    page.route(
        re.compile(r"/api/runs/.+/finish/$"),
        lambda route: route.fulfill(status=422, json=verdict),
    )
    page.locator("#end-button").click()
    expect(page.locator("#end-verdict")).to_contain_text("rejected this run at move 1")
    expect(page.locator("#end-verdict")).to_contain_text("corner_mismatch")
    expect(page.locator("#end-score")).to_have_text("0")
    expect(page.locator("#submit-button")).to_be_hidden()
    expect(page.locator("#review tbody tr.review-row--error")).to_have_count(1)
    screenshot(page, "play-rejected")


def _view_box(page: Page) -> list[float]:
    return [float(n) for n in page.locator("#board").get_attribute("viewBox").split()]


def test_the_board_zooms_pans_and_frames_itself(logged_in_page: Page) -> None:
    page = logged_in_page
    _start(page)
    drag_tile_to_board(page)
    page.locator("#zoom-fit").click()
    expect(page.locator("#board:not([data-moving])")).to_be_attached()
    framed = _view_box(page)
    box = page.locator("#board").bounding_box()
    cx, cy = centre(box)

    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"Number(board.getAttribute('viewBox').split(' ')[2]) < {framed[2]}")
    zoomed = _view_box(page)

    # Dragging the empty board moves the view (and places nothing).
    corner_x, corner_y = box["x"] + 20, box["y"] + 20
    page.mouse.move(corner_x, corner_y)
    page.mouse.down()
    page.mouse.move(corner_x + 80, corner_y + 50, steps=6)
    page.mouse.up()
    panned = _view_box(page)
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1]
    assert panned[2] == pytest.approx(zoomed[2])
    assert _placed(page) == 1

    page.locator("#zoom-fit").click()
    page.wait_for_function(
        f"Math.abs(Number(board.getAttribute('viewBox').split(' ')[2]) - {framed[2]}) < 0.5"
    )
    assert _view_box(page) == pytest.approx(framed, abs=0.5)


def test_touch_drag_on_a_phone(
    browser: Any,
    site_url: str,
    make_player: Any,
    login: Any,
    open_challenge: Any,
    site_clock: Any,
    screenshot: Any,
) -> None:
    """A finger drag (touch events through the DevTools protocol): the tile floats above
    the finger, so the finger ends below the cell it aims at."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    context.clock.install(time=site_clock.now())
    tour_seen(context)
    page = context.new_page()
    try:
        user, password = make_player()
        login(page, user.username, password)
        page.locator("#start-button").tap()
        expect(page.locator(".tray-tile")).to_have_count(9)
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, x: float, y: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        for placed in (1, 2):
            tile = fitting_tray_tile(page, draw=lambda: tap_draw(page))
            assert tile is not None
            x, y = centre(tile.bounding_box())
            touch("touchStart", x, y)
            touch("touchMove", x, y - 20)
            cell, target = held_tile_target(page)
            tx, ty = centre(target.bounding_box())
            side = float(page.evaluate("parseFloat(board.style.getPropertyValue('--side-px'))"))
            lift = max(40.0, side * 0.6)
            for step in range(1, 9):
                touch(
                    "touchMove", x + (tx - x) * step / 8, (y - 20) + (ty + lift - y + 20) * step / 8
                )
            expect(page.locator(".drag-ghost")).to_have_count(1)
            page.wait_for_timeout(HUMAN_PACE_MS)
            touch("touchEnd", tx, ty + lift)
            expect(page.locator(f".board__tiles .tile[data-cell='{cell}']")).to_have_count(1)
            expect(page.locator(".board__tiles .tile")).to_have_count(placed)
            expect(page.locator(".drag-ghost")).to_have_count(0)
        screenshot(page, "play-phone-touch", full_page=False)
    finally:
        context.close()
