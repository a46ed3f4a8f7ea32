"""Racing your best on a phone, in a real Chromium: the ghost line shows the score the
player's best run had at the same second, the gap at the 15 s checkpoint and the medal
marks, all from the start answer; while the run is played the page asks the server
nothing but the run's own clock and moves. The ghost goes off in a tap, and stays off.

Screenshot: ``race-phone.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from tests.e2e.devices import (  # noqa: F401 (the fixtures "phone", "phone_player")
    phone_context,
    phone_player_page,
)
from tests.e2e.play_helpers import touch_drag_tile_to_board

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
# What a run itself sends while it is played: its clock's start and its moves.
RUN_OWN = re.compile(r"/api/runs/[^/]+/(clock|moves)/$")


def test_the_ghost_line_races_the_best_run_with_no_request(
    phone_player: Page, open_challenge: Any, screenshot: Any
) -> None:
    from challenges.models import Challenge
    from tests.factories import RunFactory

    page = phone_player
    best = RunFactory(challenge=open_challenge, player=page.player, finished=True)
    Challenge.objects.filter(pk=open_challenge.pk).update(par=400)
    page.goto(page.url)
    with page.expect_response(START_URL) as started:
        page.locator("#start-button").tap()
    ghosts = started.value.json()["ghosts"]
    assert ghosts["best"]["score"] == best.score

    asked: list[str] = []

    def record(request: Request) -> None:
        if not RUN_OWN.search(request.url):
            asked.append(f"{request.method} {request.url}")

    page.on("request", record)
    race = page.locator("[data-testid='race']")
    expect(race).to_be_visible()
    expect(race.locator(".race__medal")).to_have_count(3)
    assert touch_drag_tile_to_board(page) is not None
    # Past the first checkpoint on the page's clock: the gap to the best run at 15 s.
    page.clock.run_for(16_000)
    line = race.locator(".race__line[data-kind='best']")
    expect(line.locator("[data-testid='ghost-score']")).to_have_text(
        str(ghosts["best"]["scores"][16])
    )
    gap = line.locator("[data-testid='ghost-gap']")
    expect(gap).to_be_visible()
    played = int(page.locator("#score").inner_text())
    expected = played - ghosts["best"]["scores"][15]
    sign = "+" if expected > 0 else ("\u2212" if expected < 0 else "\u00b1")
    expect(gap).to_have_text(f"{sign}{abs(expected)}")
    # The bronze mark (200 of par 400) is a shape and a number, not a colour alone.
    expect(race.locator(".race__medal--bronze .race__medal-score")).to_have_text("200")
    screenshot(page, "race-phone", full_page=False)

    # Off in a tap, and still off for the next run in this browser.
    page.locator("[data-testid='race-toggle']").tap()
    expect(page.locator("[data-testid='race-toggle']")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#race-lines")).to_be_hidden()
    assert asked == [], asked
    page.reload()
    expect(page.locator("[data-testid='race-toggle']")).to_have_attribute("aria-pressed", "false")
