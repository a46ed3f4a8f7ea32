"""The installable app on a phone, in a real Chromium: the manifest in the reader's
language, a service worker served from the root controlling ``/``, a puzzle opened
online and then solved offline, and the page a never-visited address shows offline
(ranked runs need the server, and it says so)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.devices import PHONE
from tests.e2e.play_helpers import tour_seen

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def series(transactional_db: None) -> list[Any]:
    from challenges.models import Puzzle
    from challenges.puzzles.services import puzzles_series_make

    puzzles_series_make(upto=1)
    return list(Puzzle.objects.filter(number__isnull=False).order_by("number"))


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    # The browser's own clock: a service worker's install runs on real timers.
    context = browser.new_context(**PHONE, service_workers="allow")
    tour_seen(context)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context
    context.close()
    assert not thrown, f"a page threw: {thrown}"


def _controlled(page: Page) -> None:
    """Waits for the worker to be ready, then reloads so it controls the page."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_the_manifest_and_a_service_worker_controlling_the_home_page(
    phone: BrowserContext, site_url: str, open_challenge: Any
) -> None:
    page = phone.new_page()
    page.goto(f"{site_url}/")
    href = page.locator("link[rel='manifest']").get_attribute("href")
    assert href == "/manifest.webmanifest"
    for language, name in (
        ("en", "Puzzles"),
        ("fr", "Puzzles"),
        ("nl", "Puzzels"),
        ("de", "Rätsel"),
    ):
        answer = page.request.get(f"{site_url}{href}", headers={"Accept-Language": language})
        assert answer.ok and answer.headers["content-type"] == "application/manifest+json"
        manifest = answer.json()
        assert (manifest["lang"], manifest["scope"], manifest["display"]) == (
            language,
            "/",
            "standalone",
        )
        assert manifest["shortcuts"][1]["name"] == name
        for icon in manifest["icons"]:
            assert page.request.get(f"{site_url}{icon['src']}").ok, icon
    _controlled(page)
    worker = page.evaluate(
        "() => navigator.serviceWorker.getRegistration().then((r) => [r.scope, r.active.scriptURL])"
    )
    assert worker == [f"{site_url}/", f"{site_url}/sw.js"]
    assert (
        page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == f"{site_url}/sw.js"
    )


def test_a_puzzle_solved_offline(
    phone: BrowserContext, site_url: str, series: list[Any], screenshot: Any
) -> None:
    from tests.e2e.test_puzzles_browser import _solve_by_taps

    page = phone.new_page()
    page.goto(f"{site_url}/puzzles/1/")
    _controlled(page)
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")

    phone.set_offline(True)
    page.reload()
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    _solve_by_taps(page, "phone", series[0].solution)
    expect(page.locator("#end-stars")).to_have_attribute("aria-label", "3 stars")
    # Solved in the browser by the rules; the save waits for the connection.
    expect(page.locator("#end-status")).not_to_have_text("")
    assert page.locator("#puzzle").get_attribute("data-saved") is None
    screenshot(page, "puzzle-offline-phone", full_page=False)

    # Untimed practice was kept at install; a page never visited says what plays offline.
    page.goto(f"{site_url}/practice/")
    expect(page.locator("#start-button")).to_be_visible()
    page.goto(f"{site_url}/play/")
    expect(page.get_by_test_id("offline-page")).to_contain_text("Ranked runs need the server.")
