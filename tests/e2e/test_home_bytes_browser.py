"""What a visitor's browser fetches for the home page ("bytes") and the
how-to-play page: the board pictures' modules, the countdown's; no module of the game. The page test
(tests/pages/test_home_bytes.py) pins the list; this is Chromium's own account of it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from config.page_scripts import module_graph
from tests.pages.test_home_bytes import GAME_MODULES

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("path", "script"),
    [("/", "challenges/pages/home.js"), ("/how-to-play/", "challenges/pages/how_to_play.js")],
)
def test_a_visitors_picture_page_fetches_the_board_pictures_and_no_game(
    page: Page, site_url: str, open_challenge: Any, path: str, script: str
) -> None:
    fetched: list[str] = []

    def seen(request: Request) -> None:
        if request.url.startswith(f"{site_url}/static/"):
            fetched.append(request.url.removeprefix(f"{site_url}/static/"))

    page.on("request", seen)
    page.goto(f"{site_url}{path}", wait_until="networkidle")
    expect(page.locator("svg .board__tiles .tile").first).to_be_visible()
    scripts = {fetched_path for fetched_path in fetched if fetched_path.endswith((".js", ".json"))}
    # Besides the modules, the colours' classic script in <head> (challenges/colours.js).
    expected = {*module_graph("challenges/pages/site.js", script), "challenges/colours.js"}
    assert scripts == expected
    assert not scripts & GAME_MODULES
    assert "challenges/rules/board.js" not in scripts
