"""A fresh site, in a real Chromium: a newcomer's honest entry goes on the board with
the service's trust defaults (no one to approve it). On the old rules the first entry
of an empty board was at its guarded top, held for its player being new, and the board
stayed empty until a moderator came. Screenshot: ``newcomer-on-the-board``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from challenges.models import Entry
from tests.e2e.play_helpers import drag_tile_to_board, end_run
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.trust, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")
SUBMIT_URL = re.compile(r"/api/runs/[^/]+/submit/$")


def test_a_newcomers_honest_entry_goes_on_a_fresh_sites_board(
    page: Page,
    open_challenge: Any,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Any, str, str], None],
    site_url: str,
    screenshot: Any,
) -> None:
    open_challenge.par = 480  # solved before it opened, as the beat does
    open_challenge.save(update_fields=["par"])
    newcomer, password = make_player()
    login(page, newcomer.username, password)
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    with page.expect_response(START_URL):
        page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    for _ in range(3):
        assert drag_tile_to_board(page) is not None
    with page.expect_response(FINISH_URL) as finished:
        end_run(page)
    assert finished.value.json()["eligible"] is True
    expect(page.locator("[data-screen='end']")).to_be_visible()

    with page.expect_response(SUBMIT_URL) as submitted:
        page.locator("#submit-button").click()
        if page.locator("#submit-confirm").is_visible():
            page.locator("#submit-confirm").click()
    assert submitted.value.status == 201
    assert submitted.value.json()["status"] == "live"
    expect(page.locator("#submit-result")).to_contain_text("Submitted!")
    entry = Entry.objects.get(player=newcomer)
    assert (entry.status, entry.hold_reasons) == ("live", [])

    page.locator("#leaderboard-link").click()
    you = page.locator("[data-testid='leaderboard'] tr.is-you")
    expect(you).to_contain_text(newcomer.username)
    expect(you).to_contain_text(str(entry.score))
    screenshot(page, "newcomer-on-the-board")
