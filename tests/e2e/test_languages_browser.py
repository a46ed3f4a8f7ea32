"""Issue 12's languages in a real Chromium: the home page, the play page (before, during
and after a run) and a leaderboard in French, Dutch and German have no English left,
scanned against the English catalog after the pages' scripts ran (english_left.py).

French is chosen with the footer's language switcher (a cookie, then kept on every
page); Dutch and German come from the browser's Accept-Language, as for a first visit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import Page, expect

from challenges.models import Challenge
from tests.e2e.english_left import english_left
from tests.e2e.play_helpers import drag_tile_to_board
from tests.factories import ChallengeFactory, EntryFactory, submitted_run
from tests.languages import TRANSLATED

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]


def _boards(challenge: Challenge, player: Any) -> Challenge:
    """Entries on the open challenge (the player's among them) and a closed challenge
    with its tiles and replays shown."""
    for i, score in enumerate([420, 380, 250, 90]):
        EntryFactory(
            challenge=challenge,
            score=score,
            submitted_at=challenge.opens_at + timedelta(minutes=1, seconds=i),
        )
    submitted_run(challenge, player=player, moves=12)
    closed = ChallengeFactory(number=challenge.number - 3)
    for score in (300, 120):
        EntryFactory(challenge=closed, score=score)
    return closed


def _choose(page: Page, site_url: str, language: str) -> None:
    if language == "fr":
        page.goto(f"{site_url}/")
        page.select_option("#language-select", language)
        with page.expect_navigation():
            page.locator(".language-form [type=submit]").click()
    else:
        page.context.set_extra_http_headers({"Accept-Language": f"{language},en;q=0.3"})


def _scan(page: Page, language: str, where: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    left = english_left(page, language)
    assert not left, f"English left on {where} in {language}:\n" + "\n".join(left)


def _url(name: str) -> str | None:
    try:
        return reverse(name)
    except NoReverseMatch:
        return None


@pytest.mark.parametrize("language", TRANSLATED)
def test_home_play_and_leaderboard_have_no_english_left(
    language: str,
    logged_in_page: Page,
    open_challenge: Challenge,
    site_url: str,
    screenshot: Screenshot,
) -> None:
    page = logged_in_page
    closed = _boards(open_challenge, page.player)
    _choose(page, site_url, language)

    pages = ["/", _url("challenges:play"), _url("challenges:how-to-play")]
    pages += [f"/challenges/{open_challenge.pk}/", f"/challenges/{closed.pk}/"]
    for path in dict.fromkeys(p for p in pages if p):
        page.goto(f"{site_url}{path}")
        page.wait_for_load_state("networkidle")
        _scan(page, language, path)
    screenshot(page, f"languages-leaderboard-{language}")

    # A run, in the language: the words the scripts write while playing and at the end.
    page.goto(f"{site_url}{_url('challenges:play')}")
    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")) as started:
        page.locator("#start-button").click()
    assert started.value.status == 201
    expect(page.locator(".tray-tile")).to_have_count(9)
    assert drag_tile_to_board(page) == "0,0"
    page.locator("#draw-button").click()
    expect(page.locator("#link-state [data-link-text]")).not_to_have_text("")
    _scan(page, language, "the play page while playing")
    screenshot(page, f"languages-playing-{language}")

    page.locator("#end-button").click()
    expect(page.locator("[data-screen='end']")).to_be_visible(timeout=15_000)
    expect(page.locator("#review tbody tr")).not_to_have_count(0)
    page.wait_for_load_state("networkidle")
    _scan(page, language, "the end screen")
    screenshot(page, f"languages-end-{language}")

    # And as a visitor: the sign-up prompts.
    with page.expect_navigation():
        page.locator(".site-header form.inline-form [type=submit]").click()
    for path in dict.fromkeys(p for p in ["/", _url("challenges:play")] if p):
        page.goto(f"{site_url}{path}")
        page.wait_for_load_state("networkidle")
        _scan(page, language, f"{path} for a visitor")


def test_the_scan_finds_the_english_of_an_english_page(
    logged_in_page: Page, open_challenge: Challenge, site_url: str
) -> None:
    """The scan above can fail: on the same pages in English it finds the English words,
    the ones the templates write and the ones the scripts write."""
    page = logged_in_page
    page.goto(f"{site_url}{_url('challenges:play')}")
    page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(9)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    left = "\n".join(english_left(page, "de"))
    assert "'Start a run'" in left  # a template's
    assert "'Your tiles'" in left  # an attribute's
    assert "'Your moves go to the server as you play'" in left  # a script's
    assert "on top, %(right)s right, %(left)s left" in left  # a script's, with placeholders
