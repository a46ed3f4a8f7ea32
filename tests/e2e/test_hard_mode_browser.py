"""Hard mode on a phone, in a real Chromium: chosen on the intro before the run, sent
with the start and kept by the server; no fit highlight and no fit dot while playing; a
dragged tile is neither pulled to a cell where it fits nor turned; the run's share text
carries the "*".

Screenshot: ``hard-mode-phone.png``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Page, expect

from tests.e2e.devices import (  # noqa: F401 (the fixtures "phone", "phone_player")
    phone_context,
    phone_player_page,
)
from tests.e2e.play_helpers import DOUBLE_TAP_MS, HUMAN_PACE_MS, centre, end_run

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
STANDING_URL = re.compile(r"/api/runs/[^/]+/standing/")


def test_hard_modes_star_is_on_the_share(
    phone_player: Page, open_challenge: Any, screenshot: Any
) -> None:
    from challenges.models import Run

    page, user = phone_player, phone_player.player
    page.locator("[data-testid='hard-mode']").check()
    with page.expect_request(START_URL) as asked:
        page.locator("#start-button").tap()
    assert json.loads(asked.value.post_data or "{}") == {"hard": True}
    expect(page.locator("[data-testid='hard-badge']")).to_be_visible()

    # The first tile, chosen and tapped onto the middle: nothing lights up where it fits.
    page.locator(".tray-tile").first.tap()
    expect(page.locator("#board .board__highlight [data-highlight]").first).to_be_attached()
    assert page.locator("#board .board__highlight [data-highlight]").evaluate_all(
        "cells => cells.every((cell) => getComputedStyle(cell).display === 'none')"
    )
    dots = page.locator(".tray-tile").evaluate_all(
        "tiles => tiles.map((tile) => getComputedStyle(tile, '::after').display)"
    )
    assert set(dots) <= {"none"}, dots
    origin = page.locator("#board .board__open [data-cell='0,0']")
    box = origin.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6)
    expect(page.locator("#board .board__tiles .tile[data-cell='0,0']")).to_have_count(1)
    screenshot(page, "hard-mode-phone", full_page=False)

    with page.expect_response(STANDING_URL) as standing:
        end_run(page, tap=True)
    share = standing.value.json()["share"]["text"]
    assert share.splitlines()[0] == f"Tri-Ominos Daily #{open_challenge.number}*"
    assert Run.objects.get(player=user).hard is True


def test_a_hard_mode_drag_does_not_snap(phone_player: Page, open_challenge: Any) -> None:
    """A tile carried near the middle, over the cell beside it, is not pulled into the
    middle (where the first tile goes, in any rotation): it stays a ghost, with no
    preview and nothing lit, and letting go there places nothing. Carried onto the middle
    itself, it goes down as the player left it turned."""
    page = phone_player
    page.locator("[data-testid='hard-mode']").check()
    page.locator("#start-button").tap()
    expect(page.locator("[data-testid='hard-badge']")).to_be_visible()
    origin = page.locator("#board .board__open [data-cell='0,0']").bounding_box()
    assert origin is not None
    side = float(page.evaluate("parseFloat(board.style.getPropertyValue('--side-px'))"))
    # The middle cell points up: its centroid is two thirds down its box. The point 0.45
    # of a side to its right is in the next cell, within the snap's reach of 0.75.
    middle = (origin["x"] + origin["width"] / 2, origin["y"] + origin["height"] * 2 / 3)
    beside = (middle[0] + 0.45 * side, middle[1])

    finger = _carry_first_tile(page, beside, side)
    ghost = page.locator(".drag-ghost")
    expect(ghost).to_have_count(1)
    expect(ghost).not_to_have_class(re.compile(r"drag-ghost--snapped"))
    expect(page.locator("#board .board__preview .tile")).to_have_count(0)
    assert page.locator("#board .board__highlight [data-highlight]").evaluate_all(
        "cells => cells.every((cell) => getComputedStyle(cell).display === 'none')"
    )
    _let_go(finger, beside, side)
    expect(ghost).to_have_count(0)
    page.wait_for_timeout(HUMAN_PACE_MS)
    expect(page.locator("#board .board__tiles .tile")).to_have_count(0)

    page.wait_for_timeout(DOUBLE_TAP_MS)
    finger = _carry_first_tile(page, middle, side)
    expect(ghost).not_to_have_class(re.compile(r"drag-ghost--snapped"))
    expect(page.locator("#board .board__preview .tile")).to_have_count(0)
    page.wait_for_timeout(HUMAN_PACE_MS)
    _let_go(finger, middle, side)
    placed = page.locator("#board .board__tiles .tile[data-cell='0,0']")
    expect(placed).to_have_count(1)
    expect(placed).to_have_attribute("data-rotation", "0")


def _touch(cdp: CDPSession, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _carry_first_tile(page: Page, aim: tuple[float, float], side: float) -> CDPSession:
    """Lifts the first tray tile with a finger and carries it until the tile (which
    floats above the finger, play/drag.js) is over ``aim``; the finger stays down."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page.locator(".tray-tile").first.bounding_box())
    fx, fy = aim[0], aim[1] + max(40.0, side * 0.6)
    _touch(cdp, "touchStart", x, y)
    _touch(cdp, "touchMove", x, y - 20)
    for step in range(1, 9):
        _touch(cdp, "touchMove", x + (fx - x) * step / 8, (y - 20) + (fy - y + 20) * step / 8)
    return cdp


def _let_go(cdp: CDPSession, aim: tuple[float, float], side: float) -> None:
    _touch(cdp, "touchEnd", aim[0], aim[1] + max(40.0, side * 0.6))
    cdp.detach()
