"""The browsing pages tried as a keyboard and screen-reader player would: no
links inside the player page's charts (role="img"), the log-in and sign-up
errors announced with the focus on them, the admin log-in's <h1>, the replay's move
buttons named by what they show."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, submitted_run

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_player_charts_hold_no_links_and_their_dots_still_lead_to_the_board(
    page: Page, open_challenge: Challenge, site_url: str
) -> None:
    player = None
    for offset in (3, 2, 1):
        challenge = ChallengeFactory(number=open_challenge.number - offset)
        player = submitted_run(challenge, player=player, moves=8).player
    page.goto(f"{site_url}/players/{player.username}/")
    charts = page.locator("svg[role=img]")
    assert charts.count() >= 2
    assert page.locator("svg[role=img] a, svg[role=img] [tabindex]").count() == 0
    # The table under the charts links every challenge, for the keyboard.
    expect(page.locator("[data-testid=player-history] tbody th a")).to_have_count(3)
    # A click on a dot still opens its leaderboard.
    dot = page.locator("[data-testid=score-chart] circle.dot").first
    href = dot.get_attribute("data-href")
    assert href is not None and re.fullmatch(r"/challenges/\d+/", href)
    dot.click()
    expect(page).to_have_url(f"{site_url}{href}")


def test_a_failed_log_in_is_announced_and_takes_the_focus(
    page: Page, make_player: Any, site_url: str
) -> None:
    user, _password = make_player()
    page.goto(f"{site_url}/accounts/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "not-the-password-9")
    page.locator("form:has(input[name=password]) [type=submit]").click()
    errors = page.get_by_role("alert")
    expect(errors).to_contain_text("correct username and password")
    expect(errors).to_be_focused()


def test_a_refused_sign_up_is_announced_and_takes_the_focus(
    page: Page, make_player: Any, site_url: str
) -> None:
    user, _password = make_player()
    page.goto(f"{site_url}/accounts/signup/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password1]", "hexagon-bridge-77")
    page.fill("input[name=password2]", "hexagon-bridge-78")
    page.locator("form:has(input[name=password1]) [type=submit]").click()
    errors = page.get_by_role("alert")
    expect(errors).to_contain_text("Please correct the 2 fields marked below.")
    expect(errors).to_be_focused()
    # Each field says what is wrong with it, and is marked invalid.
    expect(page.locator("input[name=username]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("input[name=password2]")).to_have_attribute("aria-invalid", "true")


def test_the_admin_log_in_has_a_level_one_heading(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/admin/login/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in")


def test_the_replays_move_buttons_are_named_by_what_they_show(page: Page, site_url: str) -> None:
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    run = submitted_run(closed, moves=8)
    page.goto(f"{site_url}/runs/{run.id}/replay/")
    buttons = page.locator("[data-testid=replay-moves] li button")
    expect(buttons).to_have_count(len(run.log["moves"]))
    for button in buttons.all()[:5]:
        shown = re.sub(r"\s+", " ", button.inner_text()).strip()
        assert re.match(r"^\d+\. (Placed|Drew) ", shown), shown
        expect(button).to_have_accessible_name(shown)
