"""Hard mode on a phone, in a real Chromium: chosen on the intro before the run, sent
with the start and kept by the server; no fit highlight and no fit dot while playing;
the run's share text carries the "*".

Screenshot: ``hard-mode-phone.png``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.devices import (  # noqa: F401 (the fixtures "phone", "phone_player")
    phone_context,
    phone_player_page,
)
from tests.e2e.play_helpers import end_run

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
