"""Figures for the play page, printed (run with -s): what it weighs and how fast it draws.

- bytes of JavaScript and CSS the play page loads (uncompressed; the target is under
  150 KB), collected from the responses Chromium receives;
- time from navigation to a drawn board (the `tod:board-ready` performance mark that
  play.js sets once the board is on screen), and from pressing Start to the tray drawn.

Speed is printed, never asserted: the only assertions are that the figures were taken.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect

# The figures come from performance marks, which Playwright's fake clock does not keep.
pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_browser_clock,
]

BUDGET_BYTES = 150 * 1024


def test_play_page_weight_and_time_to_board(page: Page, site_url: str, open_challenge: Any) -> None:
    assets: dict[str, int] = {}

    def collect(response: Response) -> None:
        url = response.url
        if url.startswith(site_url) and url.split("?")[0].endswith((".js", ".css")):
            assets[url.removeprefix(site_url)] = len(response.body())

    # Warm the server (first request: URL loading, DB connection) outside the browser,
    # whose cache stays cold, so the figure is about the page and not Django's start-up.
    assert page.request.get(f"{site_url}/").ok
    page.on("response", collect)
    page.goto(f"{site_url}/play/", wait_until="load")
    expect(page.locator("#play[data-ready='true']")).to_be_attached()
    timings = page.evaluate(
        r"""() => {
          const nav = performance.getEntriesByType("navigation")[0];
          const ready = performance.getEntriesByName("tod:board-ready")[0];
          const assets = performance.getEntriesByType("resource")
            .filter((entry) => /\.(js|css)$/.test(entry.name));
          return {ready: ready ? ready.startTime : null,
                  html: nav ? nav.responseEnd : null,
                  assets: Math.max(0, ...assets.map((entry) => entry.responseEnd)),
                  domContentLoaded: nav ? nav.domContentLoadedEventEnd : null};
        }"""
    )
    total = sum(assets.values())

    print("\nplay page JS+CSS (uncompressed):")
    for url, size in sorted(assets.items()):
        print(f"  {size:>8,} B  {url}")
    print(f"  {total:>8,} B  total ({total / 1024:.1f} KiB; budget {BUDGET_BYTES // 1024} KiB)")
    print(f"navigation -> HTML received: {timings['html']:.1f} ms")
    print(f"navigation -> last JS/CSS received: {timings['assets']:.1f} ms")
    print(f"navigation -> board drawn (cold cache): {timings['ready']:.1f} ms")
    page.reload(wait_until="load")
    expect(page.locator("#play[data-ready='true']")).to_be_attached()
    warm = page.evaluate("performance.getEntriesByName('tod:board-ready')[0].startTime")
    print(f"navigation -> board drawn (reload, warm cache): {warm:.1f} ms")

    assert any(url.endswith("/rules/index.js") for url in assets), assets
    assert any(url.endswith("/board_view/index.js") for url in assets), assets
    assert any(url.endswith("/play.css") for url in assets), assets
    assert total > 0
    assert timings["ready"] is not None and timings["ready"] > 0


def test_time_from_start_to_tray(logged_in_page: Page, open_challenge: Any) -> None:
    page = logged_in_page
    page.goto(page.url)
    started = page.evaluate("performance.now()")
    page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(9)
    elapsed = page.evaluate("performance.now()") - started
    print(f"\nStart pressed -> tray drawn (server round trip included): {elapsed:.1f} ms")
    assert elapsed > 0
