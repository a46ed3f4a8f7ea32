"""axe-core on every page and every state of the play page, in the light and the dark
colour scheme: no serious or critical violation. The vendored
axe.min.js runs in the page itself (tests/e2e/axe.py); no network."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.e2e.axe import expect_no_serious_violation, settle
from tests.e2e.conftest import SiteClock
from tests.e2e.play_helpers import PLAY_BOARD, centre, drag_tile_to_board, fitting_tray_tile
from tests.factories import ChallengeFactory, EntryFactory, submitted_run

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The light and dark schemes, and the high-contrast theme a device asking for more
# contrast gets (contrast.css), over either scheme.
MEDIA = (("light", "no-preference"), ("dark", "no-preference"), ("dark", "more"))


def _sweep(page: Page, where: str) -> None:
    """axe on the page as it stands, in both colour schemes and in high contrast."""
    for scheme, contrast in MEDIA:
        page.emulate_media(color_scheme=scheme, contrast=contrast)
        settle(page)
        suffix = scheme if contrast == "no-preference" else f"{scheme}, high contrast"
        expect_no_serious_violation(page, f"{where} ({suffix})")
    page.emulate_media(color_scheme="light", contrast="no-preference")


# Pages swept as soon as their URLs exist.
_BEING_BUILT = {
    "the home page": "challenges:home",
    "the how-to-play page": "challenges:how-to-play",
}


def _pages_being_built() -> dict[str, str]:
    found = {}
    for where, name in _BEING_BUILT.items():
        try:
            found[where] = reverse(name)
        except NoReverseMatch:
            continue
    return found


def test_axe_finds_nothing_serious_on_any_page(
    logged_in_page: Page, open_challenge: Challenge, site_url: str
) -> None:
    page = logged_in_page
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    run = submitted_run(closed, player=page.player)
    submitted_run(closed)
    for challenge in (open_challenge, closed):
        for score in (120, 80):
            EntryFactory(challenge=challenge, score=score)

    pages = {
        "the open leaderboard": f"/challenges/{open_challenge.pk}/",
        "a closed leaderboard": f"/challenges/{closed.pk}/",
        "the history": "/challenges/",
        "the player page": f"/players/{page.player.username}/",
        "the replay": f"/runs/{run.id}/replay/",
        "the par replay": f"/challenges/{closed.pk}/par/",
        "the share page": f"/share/{run.id}/",
        "the settings": "/accounts/settings/",
        "the archive": f"/archive/?month={closed.opens_at:%Y-%m}",
        "an archive challenge": f"/archive/{closed.number}/",
        "the 404 page": "/challenges/999999/",
    }
    pages.update(_pages_being_built())
    for where, path in pages.items():
        page.goto(f"{site_url}{path}")
        _sweep(page, where)

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="You're logged out")).to_be_visible()
    _sweep(page, "the logged-out page")
    anonymous = {
        "the log-in page": "/accounts/login/",
        "the sign-up page": "/accounts/signup/",
        "the admin log-in": "/admin/login/",
        "the play page, logged out": reverse("challenges:play"),
        **{f"{where}, logged out": path for where, path in _pages_being_built().items()},
    }
    for where, path in anonymous.items():
        page.goto(f"{site_url}{path}")
        _sweep(page, where)

    # The forms with their errors shown.
    page.goto(f"{site_url}/accounts/login/")
    page.fill("input[name=username]", "nobody-here")
    page.fill("input[name=password]", "not-the-password-1")
    page.locator("form:has(input[name=password]) [type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()
    _sweep(page, "the log-in page with its error")
    page.goto(f"{site_url}/accounts/signup/")
    page.fill("input[name=username]", page.player.username)
    page.fill("input[name=password1]", "hexagon-bridge-77")
    page.fill("input[name=password2]", "hexagon-bridge-78")
    page.locator("form:has(input[name=password1]) [type=submit]").click()
    expect(page.locator(".errorlist").first).to_be_visible()
    _sweep(page, "the sign-up page with its errors")


def test_axe_finds_nothing_serious_in_any_state_of_the_play_page(
    logged_in_page: Page, site_url: str, open_challenge: Challenge
) -> None:
    page = logged_in_page
    page.goto(f"{site_url}{reverse('challenges:play')}")
    _sweep(page, "the play intro")

    page.locator("#start-button").click()
    expect(page.locator(".tray-tile")).to_have_count(9)
    _sweep(page, "a run just started")

    # The board with the focus: cursor, the cells where the tile fits, the preview.
    page.keyboard.press("1")
    page.locator(PLAY_BOARD).focus()
    _sweep(page, "the board with the keyboard cursor")
    # The focus leaves the board (its hints go), as a mouse player's would.
    page.locator(".play-head h1").click()

    # A tile held in the hand, over the board.
    tile = fitting_tray_tile(page)
    assert tile is not None
    x, y = centre(tile.bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 40, steps=4)
    expect(page.locator(f"{PLAY_BOARD} .board__highlight [data-highlight]").first).to_be_attached()
    _sweep(page, "a tile held")
    page.mouse.up()

    assert drag_tile_to_board(page) is not None
    _sweep(page, "a run with a tile down")

    _end_run(page)
    expect(page.locator("[data-screen='end']")).to_be_visible(timeout=10_000)
    expect(page.locator("#submit-button")).to_be_visible()
    # The standing comes after the score (its Share, its best moment): the screen whole.
    expect(page.locator("#end-share")).to_be_visible(timeout=10_000)
    _sweep(page, "the end screen")

    page.locator("#submit-button").click()
    _sweep(page, "the submit dialog")
    page.locator("#submit-confirm").click()
    expect(page.locator("#submit-result")).to_be_visible()
    _sweep(page, "the end screen after the submit")


def _end_run(page: Page) -> None:
    """Ends the run from the End run button (with a mouse it ends at once; the touch
    screen's question is swept in test_accessibility_play.py)."""
    page.locator("#end-button").click()


@pytest.mark.first_run_tour
def test_axe_finds_nothing_serious_on_a_visitors_first_run(
    page: Page, site_url: str, open_challenge: Challenge
) -> None:
    """A visitor's first run: the coach mark on the deal, the guest's run, the guest's end."""
    page.goto(f"{site_url}{reverse('challenges:play')}")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    _sweep(page, "the play intro, as a visitor")
    page.locator("#start-button").click()
    tour = page.locator("#tour")
    expect(tour).to_be_visible()
    expect(page.locator(".tray-tile")).to_have_count(9)
    _sweep(page, "the first-run coach mark on the deal")
    page.locator("#tour-done").click()
    expect(tour).to_be_hidden()
    _sweep(page, "a guest's run")
    assert drag_tile_to_board(page) is not None
    _end_run(page)
    expect(page.locator("#guest-submit")).to_be_visible(timeout=10_000)
    _sweep(page, "a guest's end screen")


def test_axe_finds_nothing_serious_on_the_player_page_on_a_phone_and_the_admin_queue(
    browser: Browser,
    site_clock: SiteClock,
    open_challenge: Challenge,
    site_url: str,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Page, str, str], None],
) -> None:
    """The player page's calendar scrolls sideways on a phone (it must take the focus);
    the admin's review queue, with its breadcrumbs, holds an entry to decide."""
    user, password = make_player()
    user.is_staff = user.is_superuser = True
    user.save()
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    submitted_run(closed, player=user)
    EntryFactory(challenge=open_challenge, status="held", hold_reasons=["duplicate_log"])
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.clock.install(time=site_clock.now())
    page = context.new_page()
    login(page, user.username, password)
    page.goto(f"{site_url}/players/{user.username}/")
    expect(page.get_by_test_id("calendar")).to_be_visible()
    _sweep(page, "the player page, on a phone")
    page.goto(f"{site_url}{reverse('admin:challenges_heldentry_changelist')}")
    expect(page.locator("#result_list")).to_be_visible()
    _sweep(page, "the admin's review queue, on a phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    _sweep(page, "the admin's review queue, on a desktop")
    context.close()


def test_axe_finds_nothing_serious_on_the_other_pages_in_german_on_a_phone(
    browser: Browser,
    site_clock: SiteClock,
    open_challenge: Challenge,
    site_url: str,
    make_moderator: Callable[[], tuple[Any, str]],
    login: Callable[[Page, str, str], None],
    screenshot: Callable[..., Any],
) -> None:
    """The pages the sweeps above leave out, as a German moderator reads them on a phone:
    the API docs, the desk (its queue, an entry with both charts, a flash message), the
    classic game, the practice page and the puzzles."""
    from challenges.models import Entry, Puzzle
    from challenges.puzzles.services import puzzles_series_make
    from tests.factories import player_history

    user, password = make_moderator()
    puzzles_series_make(upto=2)
    last_puzzle = Puzzle.objects.filter(number__isnull=False).order_by("number").last()
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    player_history(user, [0.3, 0.45, 0.4])
    held_run = submitted_run(open_challenge, player=user)
    Entry.objects.filter(run=held_run).update(status="held", hold_reasons=["near_par"])
    held = Entry.objects.get(run=held_run)
    submitted_run(closed)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE"
    )
    context.clock.install(time=site_clock.now())
    page = context.new_page()
    login(page, user.username, password)
    pages = {
        "the API docs": "/api/docs/",
        "the desk": "/desk/",
        "an entry at the desk": f"/desk/entries/{held.pk}/",
        "the void confirmation at the desk": f"/desk/entries/{held.pk}/void/",
        "the classic game": "/classic/",
        "the classic record": "/classic/record/",
        "the practice page": f"/practice/{closed.pk}/",
        "the puzzles": "/puzzles/",
        "the first puzzle": "/puzzles/1/",
        "a locked puzzle": f"/puzzles/{last_puzzle.number}/",
        "the puzzle of the day": "/puzzles/today/",
    }
    for where, path in pages.items():
        page.goto(f"{site_url}{path}")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        if where == "the API docs":
            expect(page.locator(".swagger-ui .info .title")).to_be_visible()
        _sweep(page, where)
        screenshot(page, "de-phone-" + where.removeprefix("the ").replace(" ", "-"))

    # A flash message, as one shows after a decision.
    page.goto(f"{site_url}/desk/entries/{held.pk}/")
    page.get_by_test_id("approve").click()
    expect(page.locator(".messages li")).to_have_count(1)
    _sweep(page, "the desk with a flash message")
    screenshot(page, "de-phone-desk-flash-message", full_page=False)
    context.close()
