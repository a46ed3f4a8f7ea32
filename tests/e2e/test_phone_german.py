"""What a German player and a German moderator read on a 390 x 844 phone, in a real
Chromium: a resumed run's look back at the moves missed, the desk's charts, the
header's account links, the player page's table, the classic log's numbers, the puzzle
pages loading cleanly, and Enter where the tile does not fit.

Screenshots (test-artifacts/screenshots/): ``de-phone-<page>`` for each page fixed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from challenges.models import Challenge, Entry
from tests.e2e.conftest import SCREENSHOTS, SiteClock
from tests.e2e.devices import context_for
from tests.e2e.play_helpers import (
    PLAY_BOARD,
    end_run,
    expect_server_holds_all,
    touch_drag_tile_to_board,
)
from tests.factories import ChallengeFactory, player_history, submitted_run
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
ANALYSIS_URL = re.compile(r"/api/runs/[^/]+/analysis/$")
PHONE_WIDTH = 390
LogIn = Callable[[Page, str, str], None]


@pytest.fixture
def phone(browser: Browser, site_clock: SiteClock) -> Iterator[BrowserContext]:
    """A German phone on the site's clock; the test fails on any error a page throws
    (context_for) or logs to its console (``console_errors``)."""
    with context_for(browser, "phone", now=site_clock.now(), locale="de-DE") as context:
        yield context


def console_errors(page: Page) -> list[str]:
    """The errors ``page`` logs from now on (an SVG attribute the browser cannot read
    is one)."""
    errors: list[str] = []
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    return errors


def test_a_resumed_runs_end_screen_shows_the_moves_missed_on_their_board(
    phone: BrowserContext, site_url: str, open_challenge: Challenge, screenshot: Any
) -> None:
    page = phone.new_page()
    errors = console_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" on a reload
    page.goto(f"{site_url}/play/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    with page.expect_response(START_URL):
        page.locator("#start-button").tap()
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    for _ in range(2):
        assert touch_drag_tile_to_board(page) is not None
    expect_server_holds_all(page)

    page.reload()
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(2)
    assert touch_drag_tile_to_board(page) is not None
    with page.expect_response(ANALYSIS_URL) as analysed:
        end_run(page, tap=True)
    analysis = analysed.value.json()
    assert analysis["misses"], "the helpers' three tiles of this deal miss points"
    first = analysis["moves"][analysis["misses"][0]]

    expect(page.locator("#end-missed")).to_be_visible()
    headline = re.compile(rf"^Zug {first['index'] + 1}: ")
    expect(page.locator("#end-missed-text")).to_have_text(headline)
    row, column = first["best"]["cell"]
    ghost = page.locator(f"#end-missed-board .tile--missed[data-cell='{row},{column}']")
    expect(ghost).to_have_count(1)
    expect(page.locator("#end-missed-board .board__tiles .tile")).to_have_count(first["index"])
    page.locator("#end-missed").scroll_into_view_if_needed()
    ghost.evaluate("(g) => Promise.all(g.getAnimations().map((a) => a.finished))")
    screenshot(page, "de-phone-end-missed-resumed", full_page=False)
    assert errors == []


def test_the_desks_charts_draw_in_german(
    phone: BrowserContext,
    site_url: str,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    make_moderator: Callable[[], tuple[Any, str]],
    login: LogIn,
    screenshot: Any,
) -> None:
    moderator, password = make_moderator()
    player, _ = make_player()
    player_history(player, [0.35, 0.525, 0.4, 0.61])
    run = submitted_run(open_challenge, player=player, moves=16)
    Entry.objects.filter(run=run).update(status="held", hold_reasons=["provisional"])
    held = Entry.objects.get(run=run)
    page = phone.new_page()
    errors = console_errors(page)
    login(page, moderator.username, password)
    page.goto(f"{site_url}/desk/entries/{held.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")

    form = page.get_by_test_id("form-chart")
    expect(form.locator("circle")).to_have_count(4)
    # Every dot stands where its numbers put it: in the chart, not at 0,0.
    centres = form.locator("circle").evaluate_all(
        "dots => dots.map((dot) => [dot.cx.baseVal.value, dot.cy.baseVal.value])"
    )
    assert all(x > 0 and y > 0 for x, y in centres), centres
    assert len({x for x, _ in centres}) == 4, "one dot per challenge, side by side"
    line = form.locator("path").evaluate("(path) => path.getBBox().width")
    assert line > 100, "the counted challenges joined by a line"
    bars = page.get_by_test_id("pace-chart").locator("rect")
    assert bars.count() > 0
    heights = bars.evaluate_all("rs => rs.map((r) => r.height.baseVal.value)")
    assert all(height > 0 for height in heights), heights
    # The labels a person reads are German.
    expect(form.locator("text").nth(1)).to_have_text("0,5")
    form.scroll_into_view_if_needed()
    screenshot(page, "de-phone-desk-entry")
    assert errors == []


@pytest.mark.parametrize("logged_in", [False, True], ids=["visitor", "player"])
def test_the_header_keeps_the_account_on_screen(
    phone: BrowserContext,
    site_url: str,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    login: LogIn,
    screenshot: Any,
    logged_in: bool,
) -> None:
    page = phone.new_page()
    if logged_in:
        user, password = make_player("ein-langer-name")
        login(page, user.username, password)
        wanted = [page.locator(".site-account .nav-user")]
    else:
        wanted = [
            page.locator(".site-header").get_by_role("link", name="Anmelden"),
            page.locator(".site-header").get_by_role("link", name="Registrieren"),
        ]
    page.goto(f"{site_url}/challenges/")
    screenshot(page, f"de-phone-header-{'player' if logged_in else 'visitor'}", full_page=False)
    for link in wanted:
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH, box
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] < 110, f"the header grew: {header}"
    # The pages' row scrolls sideways, and says so while some of it is off-screen.
    nav = page.locator(".site-nav")
    if nav.evaluate("(nav) => nav.scrollWidth > nav.clientWidth"):
        expect(nav).to_have_class(re.compile(r"\bhas-more\b"))
        nav.evaluate("(nav) => nav.scrollTo({ left: nav.scrollWidth })")
        expect(nav).not_to_have_class(re.compile(r"\bhas-more\b"))
        nav.evaluate("(nav) => nav.scrollTo({ left: 0 })")


def test_the_player_pages_table_scrolls_within_the_phone(
    phone: BrowserContext,
    site_url: str,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    login: LogIn,
    screenshot: Any,
) -> None:
    user, password = make_player()
    closed = ChallengeFactory(number=open_challenge.number - 1)
    submitted_run(closed, player=user)
    page = phone.new_page()
    login(page, user.username, password)
    page.goto(f"{site_url}/players/{user.username}/")
    table = page.get_by_test_id("player-history")
    expect(table).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH
    wrap = page.locator(".table-wrap:has([data-testid=player-history])")
    box = wrap.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE_WIDTH
    # Every column shows in the table's frame, none cut off to scroll to.
    widths = wrap.evaluate("(wrap) => [wrap.scrollWidth, wrap.clientWidth]")
    assert widths[0] <= widths[1], f"the table is {widths[0]} px wide in a {widths[1]} px frame"
    last = table.locator("tbody tr").first.locator("td").last
    cell = last.bounding_box()
    assert cell is not None and cell["x"] + cell["width"] <= box["x"] + box["width"], cell
    table.scroll_into_view_if_needed()
    screenshot(page, "de-phone-player-table", full_page=False)


def test_the_classic_logs_two_digit_numbers_show_whole(
    phone: BrowserContext, site_url: str, screenshot: Any
) -> None:
    page = phone.new_page()
    page.goto(f"{site_url}/classic/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # A log of twelve lines, as a round's first moves give it.
    fits = page.locator("#moves").evaluate(
        """(list) => {
            list.closest('[hidden]')?.removeAttribute('hidden');
            for (let i = 0; i < 12; i += 1) {
                const item = document.createElement('li');
                item.textContent = 'Bea zog einen Stein (-5).';
                list.appendChild(item);
            }
            // The widest marker, "12.", measured in the list's font, against the room
            // the list keeps left of its items.
            const style = getComputedStyle(list);
            const canvas = document.createElement('canvas').getContext('2d');
            canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const marker = canvas.measureText('12. ').width;
            return [parseFloat(style.paddingLeft), marker];
        }"""
    )
    padding, marker = fits
    assert padding >= marker, f"the markers need {marker:.1f} px, the list keeps {padding:.1f}"
    page.locator("#moves").scroll_into_view_if_needed()
    screenshot(page, "de-phone-classic-log", full_page=False)


def test_the_puzzle_pages_load_without_an_error(
    phone: BrowserContext, site_url: str, transactional_db: None
) -> None:
    from challenges.puzzles.services import puzzles_series_make

    puzzles_series_make(upto=1)
    page = phone.new_page()
    errors = console_errors(page)
    for path in ("/puzzles/1/", "/puzzles/today/"):
        page.goto(f"{site_url}{path}")
        expect(page.locator("#board .cell--shape").first).to_be_attached()
        view = page.locator("#board").get_attribute("viewBox") or ""
        assert re.fullmatch(r"(-?\d+(\.\d+)? ){3}-?\d+(\.\d+)?", view), view
    assert errors == []


def test_enter_where_the_tile_does_not_fit_shakes_it_and_says_why(
    browser: Browser, site_clock: SiteClock, site_url: str, open_challenge: Challenge
) -> None:
    # A phone with a keyboard (a Bluetooth one, or a tablet's): the same page.
    with context_for(browser, "phone", now=site_clock.now(), locale="de-DE") as context:
        page = context.new_page()
        page.goto(f"{site_url}/play/")
        expect(page.locator("#play")).to_have_attribute("data-ready", "true")
        with page.expect_response(START_URL):
            page.locator("#start-button").click()
        page.keyboard.press("1")
        page.locator(PLAY_BOARD).focus()
        # Off the origin, where the first tile cannot go.
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        tile = page.locator(".tray-tile").first
        expect(tile).to_have_class(re.compile(r"tray-tile--refused"))
        toast = page.locator("#toasts .toast--info")
        expect(toast).to_be_visible()
        expect(toast).to_contain_text("Dieser Stein passt dort nicht:")
        expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(0)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "de-phone-keyboard-misfit.png"))


def test_going_offline_mid_run_warns_before_the_run_stops_counting(
    phone: BrowserContext, site_url: str, open_challenge: Challenge, screenshot: Any
) -> None:
    page = phone.new_page()
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    with page.expect_response(START_URL):
        page.locator("#start-button").tap()
    assert touch_drag_tile_to_board(page) is not None
    expect_server_holds_all(page)
    warning = page.get_by_test_id("witness-countdown")
    expect(warning).to_be_hidden()

    phone.set_offline(True)
    # Nothing waits to be sent, yet the player is told what the next move must do.
    expect(warning).to_be_visible()
    expect(warning).to_have_text(
        "Du bist offline: Ein Zug, den du jetzt machst, muss den Server innerhalb von "
        "10 Sekunden erreichen, sonst kann diese Runde nicht mehr in die Rangliste kommen."
    )
    screenshot(page, "de-phone-play-offline", full_page=False)
    # A move made offline: the countdown to the window's end takes over.
    assert touch_drag_tile_to_board(page) is not None
    expect(warning).to_contain_text("Verbinde dich innerhalb von")
    phone.set_offline(False)
    expect_server_holds_all(page)
    expect(warning).to_be_hidden()


def test_the_history_and_the_share_card_in_german(
    phone: BrowserContext,
    site_url: str,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    login: LogIn,
    screenshot: Any,
) -> None:
    """A held entry reads as waiting for review in the history, never a bare dash; the
    share card of a run whose board is still hidden keeps its words in its panel."""
    user, password = make_player()
    run = submitted_run(open_challenge, player=user)
    Entry.objects.filter(run=run).update(status="held", hold_reasons=["provisional"])
    page = phone.new_page()
    login(page, user.username, password)
    page.goto(f"{site_url}/challenges/")
    yours = page.locator("[data-testid=history] tbody tr").first.locator("td").nth(-2)
    expect(yours).to_have_text(f"{run.score} (in Prüfung)")
    screenshot(page, "de-phone-history-held", full_page=False)

    shared = submitted_run(open_challenge)  # another player's, live: its card is public
    page.goto(f"{site_url}/share/{shared.pk}/")
    picture = page.locator(".share-card__picture")
    picture.scroll_into_view_if_needed()
    expect(picture).to_have_js_property("complete", True)
    assert picture.evaluate("(image) => image.naturalWidth") == 1200
    screenshot(page, "de-phone-share-card", full_page=False)
