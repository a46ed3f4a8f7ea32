"""The archive on a phone, in a real Chromium: the calendar of closed challenges, one of
them played against the clock with the leader's ghost, the end screen's rank on that
day's board, and the player's streaks and record unchanged by it.

Screenshots: ``archive-calendar-phone.png``, ``archive-end-phone.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.e2e.conftest import SiteClock
from tests.e2e.devices import phone_context  # noqa: F401 (the fixture "phone")
from tests.e2e.play_helpers import end_run, touch_drag_tile_to_board

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RANK_URL = re.compile(r"/api/challenges/\d+/archive-rank/$")


def test_archive_play_leaves_the_streak_unchanged(
    phone: BrowserContext,
    site_url: str,
    site_clock: SiteClock,
    make_player: Callable[..., tuple[Any, str]],
    login: Any,
    screenshot: Any,
) -> None:
    from tests.e2e.deals import TEST_DEAL
    from tests.factories import ChallengeFactory, EntryFactory, submitted_run

    def dealt(number: int) -> Any:
        return ChallengeFactory(number=number, tray=list(TEST_DEAL.tray), well=list(TEST_DEAL.well))

    dealt(site_clock.slot)
    played, archived = dealt(site_clock.slot - 1), dealt(site_clock.slot - 2)
    user, password = make_player()
    # The player's streak: an entry on the challenge closed last.
    submitted_run(played, player=user)
    for score in (400, 90, 20):
        EntryFactory(challenge=archived, score=score)

    page = phone.new_page()
    login(page, user.username, password)
    record_url = f"{site_url}/api/players/{user.username}/"
    before = page.request.get(record_url).json()
    assert before["streaks"]["slots"]["current"] == 1, before["streaks"]

    page.goto(f"{site_url}/archive/?month={archived.opens_at:%Y-%m}")
    calendar = page.locator("[data-testid='archive-calendar']")
    expect(calendar).to_be_visible()
    slot = calendar.locator(f"a[href='/archive/{archived.number}/']")
    expect(slot).to_have_count(1)
    screenshot(page, "archive-calendar-phone", full_page=False)

    slot.tap()
    page.locator("[data-testid='start-timed']").tap()
    race = page.locator("[data-testid='race']")
    expect(race.locator(".race__line[data-kind='leader']")).to_contain_text("(leader)")
    for _ in range(3):
        assert touch_drag_tile_to_board(page) is not None
    score = int(page.locator("#score").inner_text())
    with page.expect_response(RANK_URL) as ranked:
        end_run(page, tap=True)
    answer = ranked.value.json()
    assert answer["valid"] is True and answer["score"] == score
    expected_rank = 1 + sum(1 for entry in (400, 90, 20) if entry > score)
    assert (answer["rank"], answer["count"]) == (expected_rank, 3)
    expect(page.locator("[data-testid='archive-rank']")).to_have_text(
        f"{score} points would have ranked {expected_rank} of 4 on that day's board."
    )
    screenshot(page, "archive-end-phone", full_page=False)

    after = page.request.get(record_url).json()
    assert after == before
