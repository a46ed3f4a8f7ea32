"""Witnessed runs in a real Chromium: the moves reach the server in batches
while the run is played, a short network cut costs nothing, a long one is told to the
player at once, and a too-quick placement waits for its moment instead of spoiling
the run.

These tests run in real time (Playwright's clock flows with the server's), since the
server judges each move by when it arrived. They play at a person's pace, as the
helpers do (``HUMAN_PACE_MS``).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from tests.e2e.play_helpers import drag_tile_to_board, expect_server_holds_all, moves_made
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MOVES_URL = re.compile(r"/api/runs/[^/]+/moves/$")
FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")
WINDOW_S = DEFAULT_RULESET.witness_window_ms / 1000


def _start(page: Page) -> dict[str, Any]:
    page.goto(page.url)
    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")) as started:
        page.locator("#start-button").click()
    assert started.value.status == 201
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    return dict(started.value.json())


def _batches(page: Page) -> list[dict[str, Any]]:
    """Every batch the page sends to the moves endpoint, as sent, from now on."""
    sent: list[dict[str, Any]] = []

    def record(request: Request) -> None:
        if request.method == "POST" and MOVES_URL.search(request.url):
            sent.append(json.loads(request.post_data or "{}"))

    page.on("request", record)
    return sent


def _finish(page: Page) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ends the run with the End button: finish's body and answer."""
    with page.expect_response(FINISH_URL) as finished:
        page.locator("#end-button").click()
    response = finished.value
    assert response.status == 200, response.text()
    body = json.loads(response.request.post_data or "{}")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    return body, dict(response.json())


def _submit(page: Page) -> int:
    # As a player would, wait for the end screen to settle: the player's standing comes
    # after the verdict and has the last word on whether this run can be submitted.
    expect(page.locator("#end-share")).to_be_visible(timeout=10_000)
    page.locator("#submit-button").click()
    with page.expect_response(re.compile(r"/api/runs/.+/submit/$")) as submitted:
        page.locator("#submit-confirm").click()
    return submitted.value.status


def test_a_run_played_at_a_human_pace_goes_in_batches_and_submits(
    logged_in_page: Page, site_url: str, open_challenge: Any, screenshot: Any
) -> None:
    from challenges.models import Run

    page = logged_in_page
    batches = _batches(page)
    run = _start(page)
    link = page.locator("#link-state")

    # The first move goes at once.
    assert drag_tile_to_board(page) == "0,0"
    expect_server_holds_all(page, timeout=2_000)
    expect(link).to_have_attribute("data-link", "live")
    expect(link).to_have_text("Live · moves reach the server")
    assert batches[0]["from"] == 0 and len(batches[0]["moves"]) == 1

    # Then a batch at least every 3 s while moves wait, each from the index the server
    # acknowledged.
    started = time.monotonic()
    while time.monotonic() - started < 7:
        assert drag_tile_to_board(page) is not None
        page.wait_for_timeout(900)
    expect_server_holds_all(page)
    assert len(batches) >= 3, batches
    held = 0
    for batch in batches:
        assert batch["from"] == held, batches
        held += len(batch["moves"])
    screenshot(page, "play-witness-live", full_page=False)

    made = moves_made(page)
    body, answer = _finish(page)
    # The last batch went before finish, so finish carries nothing new.
    assert body == {"from": made, "moves": []}
    assert answer["valid"] is True
    assert answer["eligible"] is True
    expect(page.locator("#end-verdict")).to_be_hidden()
    expect(page.locator("#submit-button")).to_be_visible()

    assert _submit(page) == 201
    expect(page.locator("#submit-result")).to_contain_text("#1")
    stored = Run.objects.get(pk=run["id"])
    assert stored.ineligible is None
    board = page.request.get(f"{site_url}/api/challenges/{open_challenge.pk}/leaderboard/").json()
    assert [row["score"] for row in board["results"]] == [stored.score]


def test_a_three_second_cut_still_gives_an_eligible_run(
    logged_in_page: Page, screenshot: Any
) -> None:
    page = logged_in_page
    _start(page)
    link = page.locator("#link-state")
    for _ in range(2):
        assert drag_tile_to_board(page) is not None
    expect_server_holds_all(page)

    page.context.set_offline(True)
    expect(link).to_have_attribute("data-link", "offline")
    expect(link).to_contain_text("Offline")
    # Moves made during the cut wait in the browser.
    assert drag_tile_to_board(page) is not None
    page.locator("#draw-button").click()
    page.wait_for_timeout(3_000)
    assert int(link.get_attribute("data-acknowledged") or 0) < moves_made(page)
    screenshot(page, "play-witness-offline", full_page=False)

    page.context.set_offline(False)
    expect_server_holds_all(page, timeout=4_000)
    expect(link).to_have_attribute("data-link", "live")
    expect(page.locator("#witness-lost")).to_be_hidden()
    assert drag_tile_to_board(page) is not None

    _body, answer = _finish(page)
    assert answer["valid"] is True
    assert answer["eligible"] is True, answer
    assert _submit(page) == 201


def test_a_fifteen_second_cut_is_told_at_once(logged_in_page: Page, screenshot: Any) -> None:
    from challenges.models import Run

    page = logged_in_page
    run = _start(page)
    notice = page.locator("#witness-lost")
    assert drag_tile_to_board(page) is not None
    expect_server_holds_all(page)

    page.context.set_offline(True)
    cut = time.monotonic()
    assert drag_tile_to_board(page) is not None
    moved = time.monotonic()
    expect(notice).to_be_hidden()
    # The player is told while still offline, as soon as the move is 10 s old.
    expect(notice).to_be_visible(timeout=(WINDOW_S + 3) * 1000)
    told = time.monotonic()
    assert told - moved >= WINDOW_S - 0.5
    assert told - moved <= WINDOW_S + 2.5
    expect(notice).to_have_text(
        "Your moves have not reached the server for 10 seconds: this run can no longer "
        "enter the leaderboard. You can finish it as practice."
    )
    expect(notice).to_have_attribute("role", "alert")
    expect(page.locator("[data-screen='game']")).to_be_visible()
    screenshot(page, "play-witness-lost", full_page=False)
    page.wait_for_timeout(max(0, 15 - (time.monotonic() - cut)) * 1000)
    page.context.set_offline(False)

    # The run finishes as practice: valid, scored, and not offered for the leaderboard.
    _body, answer = _finish(page)
    assert answer["valid"] is True
    assert answer["eligible"] is False
    assert answer["ineligible"]["code"] == "not_witnessed"
    verdict = page.locator("#end-verdict")
    expect(verdict).to_contain_text("This run cannot enter the leaderboard")
    expect(verdict).to_contain_text("practice in your history")
    expect(page.locator("#submit-button")).to_be_hidden()
    expect(page.locator("#again-button")).to_be_visible()
    screenshot(page, "play-witness-practice")
    stored = Run.objects.get(pk=run["id"])
    assert stored.status == Run.Status.FINISHED
    assert stored.ineligible is not None and stored.ineligible["code"] == "not_witnessed"


def test_a_quick_second_placement_waits_for_its_moment(logged_in_page: Page) -> None:
    """A player's slip, made on purpose: a second tile placed with no pause at all (its
    number key, N and Enter at once after the first) is held until the pace floor has
    passed, not played too fast: the run stays eligible."""
    page = logged_in_page
    run = _start(page)
    assert drag_tile_to_board(page) == "0,0"
    fitting = page.locator(".tray-tile:not([data-fits='0'])").first
    page.keyboard.press(str(fitting.get_attribute("data-index")))
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    expect(page.locator(".board__tiles .tile")).to_have_count(2)

    _body, answer = _finish(page)
    assert answer["valid"] is True
    assert answer["eligible"] is True, answer
    times = _placement_times(run["id"])
    assert len(times) == 2
    assert times[1] - times[0] >= DEFAULT_RULESET.pace_floor_ms, times


def _placement_times(run_id: str) -> list[int]:
    """The ``t`` of each placement of the run, as the server stored it."""
    from challenges.models import Run

    log: dict[str, Any] = Run.objects.get(pk=run_id).log or {}
    return [int(move["t"]) for move in log.get("moves", []) if move["type"] == "place"]


def test_a_move_the_server_rejects_ends_the_run_at_once(logged_in_page: Page) -> None:
    """A batch answered 422 (the server's replay refused a move): the run is over, shown
    as finish shows a rejected run, and no finish is sent."""
    page = logged_in_page
    _start(page)
    verdict = {
        "valid": False,
        "score": 0,
        "moves": [],
        "error": {"move": 0, "code": "corner_mismatch", "detail": "corner 1 shows 4, not 2"},
        "detail": "Run rejected. Move 0: Corner 1 shows 4, not 2",
        "code": "corner_mismatch",
    }
    page.route(MOVES_URL, lambda route: route.fulfill(status=422, json=verdict))
    finishes: list[str] = []
    page.on(
        "request",
        lambda request: finishes.append(request.url) if FINISH_URL.search(request.url) else None,
    )
    assert drag_tile_to_board(page) == "0,0"
    expect(page.locator("[data-screen='end']")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("Run rejected")
    expect(page.locator("#end-verdict")).to_contain_text("rejected this run at move 1")
    expect(page.locator("#submit-button")).to_be_hidden()
    expect(page.locator("#review tbody tr.review-row--error")).to_have_count(1)
    assert page.evaluate("localStorage.getItem('tod:unsent-runs')") is None
    assert finishes == []
