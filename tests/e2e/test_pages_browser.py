"""The browsing pages in a real Chromium: leaderboard, history, player page, replay
viewer, accounts and error pages, on a desktop and a phone, with screenshots kept in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from challenges.models import Challenge, Run
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, submitted_run

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
Screenshot = Callable[..., Path]


def _board(challenge: Challenge, scores: list[int]) -> None:
    for i, score in enumerate(scores):
        EntryFactory(
            challenge=challenge,
            score=score,
            submitted_at=challenge.opens_at + timedelta(minutes=1, seconds=i),
        )


def _tiles(page: Page) -> int:
    return page.locator("#replay-board .board__tiles .tile").count()


def _placed_after(run: Run, moves: int) -> int:
    return sum(move["type"] == "place" for move in run.log["moves"][:moves])


# Elements sticking out past the right edge (scrolling tables excepted), for the message.
_OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter(
    (el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest(".table-wrap"));
  return {
    overflow: document.documentElement.scrollWidth - width,
    culprits: wide.slice(0, 8).map(
      (el) => el.tagName + "." + (el.className.baseVal ?? el.className)),
  };
}"""


def _no_horizontal_scroll(page: Page) -> None:
    found = page.evaluate(_OVERFLOWING)
    assert found["overflow"] <= 0, (
        f"the page scrolls sideways by {found['overflow']}px: {found['culprits']}"
    )


def test_leaderboard_shows_rows_and_highlights_the_players_row(
    logged_in_page: Page, open_challenge: Challenge, site_url: str, screenshot: Screenshot
) -> None:
    page = logged_in_page
    _board(open_challenge, [420, 380, 380, 250, 90, 40])
    submitted_run(open_challenge, player=page.player, moves=18)

    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/challenges/{open_challenge.pk}/")
    rows = page.locator("[data-testid=leaderboard] tbody tr")
    expect(rows).to_have_count(7)
    mine = page.locator("[data-testid=leaderboard] tr.is-you")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(page.player.username)
    expect(page.locator("[data-testid=you-card]")).to_contain_text("of 7")
    expect(page.locator("[data-testid=histogram] rect.bar.is-you")).to_have_count(1)
    counts = page.locator("[data-testid=histogram] rect.bar").evaluate_all(
        "bars => bars.map(bar => Number(bar.dataset.count))"
    )
    assert sum(counts) == 7
    # The countdown ticks in the browser: its text is a live "Xh YYm ZZs".
    expect(page.locator("[data-countdown]")).to_have_text(re.compile(r"^\d+h \d\dm \d\ds$|^\d"))
    screenshot(page, "pages-leaderboard-desktop")

    page.set_viewport_size(PHONE)
    page.reload()
    _no_horizontal_scroll(page)
    page.get_by_role("link", name="Jump to my rank").click()
    expect(page).to_have_url(re.compile(r"\?page=1#you$"))
    expect(mine).to_be_in_viewport()
    screenshot(page, "pages-leaderboard-phone")


def test_history_marks_the_open_challenge(
    logged_in_page: Page, open_challenge: Challenge, site_url: str, screenshot: Screenshot
) -> None:
    page = logged_in_page
    earlier = ChallengeFactory(number=open_challenge.number - 1)
    _board(earlier, [120, 80])
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/challenges/")
    rows = page.locator("[data-testid=history] tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text(f"#{open_challenge.number}")
    expect(rows.first).to_contain_text("open now")
    expect(rows.nth(1)).to_contain_text("120")
    screenshot(page, "pages-history-desktop")
    page.set_viewport_size(PHONE)
    page.reload()
    _no_horizontal_scroll(page)
    screenshot(page, "pages-history-phone")
    rows.first.get_by_role("link", name="Play").click()
    expect(page).to_have_url(f"{site_url}/play/")


def test_replay_of_a_closed_challenge_steps_plays_and_pauses(
    page: Page, site_url: str, screenshot: Screenshot
) -> None:
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    run = submitted_run(closed, moves=18)
    total = len(run.log["moves"])
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/runs/{run.id}/replay/")

    expect(page.locator("[data-testid=replay-moves] li")).to_have_count(total)
    assert _tiles(page) == 0
    forward = page.get_by_role("button", name="Step forward")
    for step in range(1, 6):
        forward.click()
        expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(
            _placed_after(run, step)
        )
    expect(page.locator("[data-testid=replay-move]")).to_contain_text(f"Move 5 of {total}")
    running = sum(result["points"] for result in run.move_results[:5])
    expect(page.locator("[data-testid=replay-score]")).to_have_text(str(running))

    page.get_by_role("button", name="Step back").click()
    expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(_placed_after(run, 4))

    page.locator("#replay-speed").select_option(label="Fast")
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(
        _placed_after(run, total), timeout=15_000
    )
    expect(page.get_by_role("button", name="Play")).to_be_visible()  # stopped at the end
    expect(page.locator("[data-testid=replay-score]")).to_have_text(str(run.score))
    expect(page.locator("[data-testid=final-score]")).to_have_text(str(run.score))
    screenshot(page, "pages-replay-desktop")

    # Pausing holds the board still; the slider jumps anywhere; keys step.
    page.get_by_role("button", name="Back to the start").click()
    page.get_by_role("button", name="Play").click()
    page.get_by_role("button", name="Pause").click()
    held = _tiles(page)
    page.wait_for_timeout(700)
    assert _tiles(page) == held
    slider = page.locator("[data-testid=replay-slider]")
    slider.fill("10")
    expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(_placed_after(run, 10))
    page.locator("[data-testid=replay-moves] li").nth(2).locator("button").click()
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=replay-move]")).to_contain_text(f"Move 4 of {total}")

    page.set_viewport_size(PHONE)
    page.reload()
    for _ in range(8):
        forward.click()
    expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(_placed_after(run, 8))
    _no_horizontal_scroll(page)
    screenshot(page, "pages-replay-phone")


def test_player_page_plots_scores(
    page: Page, open_challenge: Challenge, site_url: str, screenshot: Screenshot
) -> None:
    player = None
    for offset in (3, 2, 1):
        challenge = ChallengeFactory(number=open_challenge.number - offset)
        _board(challenge, [60, 30])
        player = submitted_run(challenge, player=player, moves=10 + offset).player
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/players/{player.username}/")
    expect(page.locator("[data-testid=score-chart] circle.dot")).to_have_count(3)
    expect(page.locator("[data-testid=standing-chart] circle.dot")).to_have_count(3)
    expect(page.locator("[data-testid=player-history] tbody tr")).to_have_count(3)
    page.locator("[data-testid=score-chart] circle.dot").nth(1).hover()
    expect(page.locator(".chart-tip")).to_be_visible()
    expect(page.locator(".chart-tip")).to_contain_text(f"#{open_challenge.number - 2}: ")
    screenshot(page, "pages-player-desktop")
    page.set_viewport_size(PHONE)
    page.reload()
    _no_horizontal_scroll(page)
    screenshot(page, "pages-player-phone")


def test_signup_from_a_leaderboard_comes_back_to_it(
    page: Page, open_challenge: Challenge, site_url: str, screenshot: Screenshot
) -> None:
    page.set_viewport_size(PHONE)
    board_url = f"{site_url}/challenges/{open_challenge.pk}/"
    page.goto(board_url)
    page.locator(".site-header").get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up to play")).to_be_visible()
    _no_horizontal_scroll(page)
    screenshot(page, "pages-signup-phone")
    page.fill("input[name=username]", "pagesnewcomer")
    page.fill("input[name=password1]", "hexagon-bridge-77")
    page.fill("input[name=password2]", "hexagon-bridge-77")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(board_url)
    expect(page.locator(".site-header")).to_contain_text("pagesnewcomer")

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="You're logged out")).to_be_visible()
    page.get_by_role("link", name="Log in again").click()
    screenshot(page, "pages-login-phone")


def test_not_found_page_is_styled(page: Page, site_url: str, screenshot: Screenshot) -> None:
    page.set_viewport_size(PHONE)
    response = page.goto(f"{site_url}/challenges/999999/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="No tile fits here")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    _no_horizontal_scroll(page)
    screenshot(page, "pages-404-phone")
