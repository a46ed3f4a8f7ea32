"""The solver in a real Chromium: the end screen's par ("68% of par 412") and the move
missed drawn on a board, the same in the replay viewer, the solver's run played in the
viewer once the results are out (and linked from the leaderboard beside the top runs,
with the par line in its histogram), and a player reporting an entry. Screenshots in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from challenges.models import Challenge, EntryReport, Run
from challenges.schedule.par import challenge_par_solve
from tests.e2e.conftest import SiteClock
from tests.e2e.deals import TEST_DEAL
from tests.e2e.play_helpers import drag_tile_to_board
from tests.factories import ChallengeFactory, submitted_run

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
Screenshot = Callable[..., Path]
BUDGET = 5_000


def _results_out(site_clock: SiteClock) -> Challenge:
    """A challenge two slots before the site's: closed, its results out."""
    return ChallengeFactory(number=site_clock.slot - 2)


def test_the_replay_viewer_draws_the_best_move_missed_on_the_board(
    logged_in_page: Page, open_challenge: Challenge, site_url: str, screenshot: Screenshot
) -> None:
    page = logged_in_page
    run = submitted_run(open_challenge, player=page.player, moves=30)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/runs/{run.id}/replay/")

    misses = page.locator("[data-testid=replay-misses] li")
    expect(misses.first).to_be_visible()
    assert misses.count() >= 1
    first = misses.first.inner_text()
    misses.first.locator("button").click()

    note = page.locator("[data-testid=replay-miss]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("best move you missed:")
    # The sentence of the biggest miss, and its tile drawn as a ghost on the board.
    tile = first.split(": ", 1)[1].split(" on row ", 1)[0]
    expect(note).to_contain_text(f"{tile} on row ")
    ghost = page.locator("#replay-board .board__preview .tile--missed")
    expect(ghost).to_have_count(1)
    expect(ghost).to_be_visible()
    screenshot(page, "solver-replay-missed-move")

    # Switched off, the board shows the run alone.
    page.locator("[data-testid=replay-show-misses]").uncheck()
    expect(ghost).to_have_count(0)
    expect(note).to_be_hidden()


def test_after_the_results_the_solvers_run_plays_in_the_replay_viewer(
    page: Page, site_url: str, site_clock: SiteClock, screenshot: Screenshot
) -> None:
    challenge = _results_out(site_clock)
    challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    challenge.refresh_from_db()
    assert challenge.par is not None
    for score_run in range(3):
        submitted_run(challenge, moves=10 + score_run)

    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/challenges/{challenge.pk}/")
    # The par line (a zero-width SVG line: attached, not "visible") and its label.
    expect(page.locator("[data-testid=histogram-par]")).to_have_count(1)
    expect(page.locator(".chart .par-label")).to_contain_text(f"par {challenge.par}")
    expect(page.locator("[data-testid=par]")).to_have_text(str(challenge.par))
    page.get_by_role("link", name="Watch the solver's run").click()
    expect(page).to_have_url(f"{site_url}/challenges/{challenge.pk}/par/")

    moves = challenge.par_log["moves"]
    placed = sum(1 for move in moves if move["type"] == "place")
    expect(page.locator("[data-testid=replay-moves] li")).to_have_count(len(moves))
    page.locator("#replay-speed").select_option(label="Fast")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#replay-board .board__tiles .tile")).to_have_count(placed, timeout=60_000)
    expect(page.locator("[data-testid=replay-score]")).to_have_text(str(challenge.par))
    expect(page.locator("[data-testid=final-score]")).to_have_text(str(challenge.par))
    screenshot(page, "solver-par-replay")


def test_a_player_reports_an_entry_from_its_replay(
    logged_in_page: Page, site_url: str, site_clock: SiteClock, screenshot: Screenshot
) -> None:
    page = logged_in_page
    challenge = _results_out(site_clock)
    run = submitted_run(challenge, moves=30)
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}/runs/{run.id}/replay/")
    form = page.locator("#report-form")
    expect(form).to_be_visible()
    form.locator("select").select_option("copied")
    form.locator("textarea").fill("The same moves as a run I watched.")
    form.get_by_role("button", name="Report it").click()
    expect(page.locator("[data-testid=report-result]")).to_contain_text("Thank you")
    expect(form).to_be_hidden()
    report = EntryReport.objects.get()
    assert (report.reporter_id, report.reason, report.detail) == (
        page.player.pk,
        "copied",
        "The same moves as a run I watched.",
    )
    screenshot(page, "solver-report-sent")
    page.reload()
    expect(page.locator("[data-testid=reported]")).to_be_visible()


def test_the_end_screen_shows_par_and_the_move_missed_drawn_on_a_board(
    page: Page,
    challenge_dealt: Callable[..., Challenge],
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Any, str, str], None],
    site_url: str,
    screenshot: Screenshot,
) -> None:
    # The test deal, whatever TOD_E2E_DEAL says: the helper opens with its first tray
    # tile, 1-1-1 (3 points) where 3-4-5 would make 12, so its first move is a miss.
    challenge = challenge_dealt(TEST_DEAL.tray, TEST_DEAL.well)
    challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    challenge.refresh_from_db()
    user, password = make_player()
    login(page, user.username, password)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}/play/")
    expect(page.locator("[data-testid=par]")).to_have_text(f"par {challenge.par}")

    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")):
        page.locator("#start-button").click()
    for _ in range(4):
        assert drag_tile_to_board(page) is not None
    with page.expect_response(re.compile(r"/api/runs/.+/analysis/$")) as analysed:
        page.locator("#end-button").click()
    assert analysed.value.status == 200
    expect(page.locator("[data-screen='end']")).to_be_visible()

    run = Run.objects.get(player=user)
    share = round(100 * (run.score or 0) / challenge.par)
    expect(page.locator("[data-testid=end-par]")).to_have_text(f"{share}% of par {challenge.par}")
    missed = page.locator("[data-testid=end-missed]")
    expect(missed).to_be_visible()
    expect(page.locator("[data-testid=end-missed-text]")).to_contain_text(
        "Move 1: best move you missed: 3-4-5 on row 0, column 0, for +12"
    )
    expect(page.locator("#end-missed-board .board__preview .tile--missed")).to_have_count(1)
    expect(page.locator("#end-missed-board .board__preview .tile--missed")).to_be_visible()
    # Before move 1 the board is empty: the ghost stands alone.
    expect(page.locator("#end-missed-board .board__tiles .tile")).to_have_count(0)
    missed.scroll_into_view_if_needed()
    screenshot(page, "solver-end-screen-missed-move")
