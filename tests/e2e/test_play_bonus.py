"""A hexagon played by drags on a challenge laid out for it: the tile turns itself into
the only rotation that fits, the bonus toast shows, and the server's replay gives the
browser's score.

The tray holds the six tiles around point (1, 2) (0 in the middle; 1, 2, 3, 4, 5, 0
round the ring), so the sixth tile closes a hexagon: 1 + 3 + 5 + 7 + 9 + (5 + 50).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.play_helpers import HUMAN_PACE_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TRAY = ["0-0-1", "0-1-2", "0-2-3", "0-3-4", "0-4-5", "0-0-5", "5-5-5", "4-4-4", "3-3-3"]
# Tile, cell and the rotation it must end up in (the only one that fits, after the first).
HEXAGON = [
    ("0-0-1", "0,0", "2"),
    ("0-1-2", "0,1", "0"),
    ("0-2-3", "0,2", "1"),
    ("0-3-4", "1,2", "2"),
    ("0-4-5", "1,1", "0"),
    ("0-0-5", "1,0", "2"),
]


@pytest.fixture
def hexagon_challenge(challenge_dealt: Any) -> Any:
    from triominos import TILE_IDS

    return challenge_dealt(TRAY, [tile for tile in TILE_IDS if tile not in TRAY])


def _centre(box: Any) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page: Page, tile: str, cell: str) -> None:
    x, y = _centre(page.locator(f".tray-tile[data-tile='{tile}']").bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y - 10, steps=2)
    target = page.locator(f".board__highlight [data-cell='{cell}']")
    tx, ty = _centre(target.bounding_box())
    page.mouse.move(tx, ty, steps=10)
    page.wait_for_timeout(HUMAN_PACE_MS)
    page.mouse.up()


def test_a_hexagon_by_drags_scores_like_the_server(
    page: Page, hexagon_challenge: Any, make_player: Any, login: Any, screenshot: Any
) -> None:
    from challenges.models import Run

    user, password = make_player()
    login(page, user.username, password)
    page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(9)

    # A tap turns the first tile a third of a turn: rotation 0 -> 2 shows 1 on top.
    first = page.locator(".tray-tile[data-tile='0-0-1']")
    first.click()
    expect(first).to_have_attribute("aria-label", re.compile(r"^1: 1 0 0: 1 on top"))

    for tile, cell, rotation in HEXAGON:
        _drag(page, tile, cell)
        placed = page.locator(f".board__tiles .tile[data-cell='{cell}']")
        expect(placed).to_have_attribute("data-tile", tile)
        expect(placed).to_have_attribute("data-rotation", rotation)

    expect(page.locator(".toast")).to_have_text("Hexagon! +50")
    expect(page.locator("#score")).to_have_text(str(1 + 3 + 5 + 7 + 9 + 55))
    screenshot(page, "play-hexagon", full_page=False)

    page.locator("#end-button").click()
    expect(page.locator("#end-score")).to_have_text("80")
    run = Run.objects.get(player=user)
    assert (run.status, run.score) == (Run.Status.FINISHED, 80)
    assert run.move_results[-1] == {"points": 55, "bonus": "hexagon"}
    expect(page.locator("#review tbody tr").last).to_contain_text("Hexagon")
