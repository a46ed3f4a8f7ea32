"""What a visitor's browser fetches for the home page (issue 13, "bytes"): the board
picture's modules, the countdown's, its own words; no module of the game. The page test
(tests/pages/test_home_bytes.py) pins the list; this is Chromium's own account of it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from config.page_scripts import module_graph
from tests.pages.test_home_bytes import GAME_MODULES

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_visitors_home_page_fetches_the_board_picture_and_no_game(
    page: Page, site_url: str, open_challenge: Any
) -> None:
    fetched: list[str] = []

    def seen(request: Request) -> None:
        if request.url.startswith(f"{site_url}/static/"):
            fetched.append(request.url.removeprefix(f"{site_url}/static/"))

    page.on("request", seen)
    page.goto(f"{site_url}/", wait_until="networkidle")
    expect(page.locator("#sample-board .board__tiles .tile").first).to_be_visible()
    scripts = {path for path in fetched if path.endswith((".js", ".json"))}
    assert scripts == set(module_graph("challenges/pages.js", "challenges/home.js"))
    assert not scripts & GAME_MODULES
    assert "challenges/rules/board.js" not in scripts
