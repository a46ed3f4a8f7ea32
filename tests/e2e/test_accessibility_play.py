"""The play page tried as a keyboard and screen-reader player would:
the board speaks at the cursor and sums itself up, its digits are hidden, the focus
never falls to <body> after a submit and Play again stays, the board's graphics stand
3:1 in both schemes, names contain what is shown, and on a phone End run is a 44 px
target away from Draw that asks before it ends the run."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.axe import expect_no_serious_violation
from tests.e2e.conftest import SiteClock
from tests.e2e.devices import PHONE
from tests.e2e.play_helpers import HUMAN_PACE_MS, PLAY_BOARD, fitting_tray_tile, tour_seen

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ANNOUNCER = "#announcer"


def _start_by_keyboard(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}{reverse('challenges:play')}")
    page.locator("#start-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tray-tile")).to_have_count(9)


def _tile_value(tile_id: str) -> int:
    return sum(int(number) for number in tile_id.split("-"))


def test_the_board_says_what_is_at_the_cursor_and_sums_itself_up(
    logged_in_page: Page, site_url: str
) -> None:
    page = logged_in_page
    _start_by_keyboard(page, site_url)
    first = page.locator(".tray-tile").first.get_attribute("data-tile")
    assert first is not None
    spoken = first.replace("-", " ")

    # Enter on a tray tile chooses it and takes the focus to the board.
    page.keyboard.press("Enter")
    board = page.locator(PLAY_BOARD)
    expect(board).to_be_focused()
    # A visible focus: the board's outline is drawn.
    assert board.evaluate("el => getComputedStyle(el).outlineStyle") != "none"

    # The cursor starts on the middle: empty, where the first tile goes, and its points.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(ANNOUNCER)).to_have_text(
        re.compile(
            r"^Row 0, column 0, pointing up\. Empty: the first tile goes here\. "
            + re.escape(f"{spoken} fits here, for {_tile_value(first)} point")
        )
    )
    page.wait_for_timeout(HUMAN_PACE_MS)
    page.keyboard.press("Enter")
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(1)

    # On the tile now: its numbers; one cell to the right: empty, touching it.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(ANNOUNCER)).to_have_text(
        re.compile(
            rf"^Row 0, column 0, pointing up\. Tile {spoken}: "
            r"\d at the top, \d bottom right, \d bottom left\."
        )
    )
    page.keyboard.press("ArrowRight")
    expect(page.locator(ANNOUNCER)).to_contain_text(
        "Row 0, column 1, pointing down. Empty, next to the tiles. "
        f"Touching: {spoken} on the left edge."
    )
    expect(page.locator(ANNOUNCER)).to_contain_text("Corners need")
    expect(page.locator(ANNOUNCER)).to_have_text(
        re.compile(r"(fits here, for \d+ points?|does not fit here)")
    )

    page.keyboard.press("b")
    expect(page.locator(ANNOUNCER)).to_have_text(
        re.compile(
            r"^1 tile on the board, rows 0 to 0, columns 0 to 0; 3 open spots next to them\. "
            r"Score \d+\. 8 tiles in your tray, 47 tiles in the well\."
        )
    )

    # The live region is polite, and the drawing's digits are hidden from screen readers.
    expect(page.locator(ANNOUNCER)).to_have_attribute("aria-live", "polite")
    layers = page.locator(f"{PLAY_BOARD} > g")
    assert layers.count() >= 5
    assert set(layers.evaluate_all("gs => gs.map((g) => g.getAttribute('aria-hidden'))")) == {
        "true"
    }
    snapshot = board.aria_snapshot()
    assert not re.search(r"\d", snapshot.split("\n", 1)[-1] if "\n" in snapshot else ""), snapshot


def test_after_a_submit_the_focus_stays_on_the_page_and_play_again_stays(
    logged_in_page: Page, site_url: str
) -> None:
    page = logged_in_page
    _start_by_keyboard(page, site_url)
    for placed in (1, 2):
        tile = fitting_tray_tile(page, draw=lambda: page.keyboard.press("d"))
        assert tile is not None
        page.keyboard.press(tile.get_attribute("data-index") or "1")
        page.keyboard.press("n")
        page.wait_for_timeout(HUMAN_PACE_MS)
        page.keyboard.press("Enter")
        expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(placed)
    page.locator("#end-button").focus()
    page.keyboard.press("Enter")
    submit = page.locator("#submit-button")
    expect(submit).to_be_visible(timeout=10_000)

    submit.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#submit-dialog")).to_be_visible()
    expect(page.locator("#submit-confirm")).to_be_focused()
    page.keyboard.press("Enter")
    result = page.locator("#submit-result")
    expect(result).to_contain_text("Submitted!")
    expect(result).to_be_focused()
    assert page.evaluate("() => document.activeElement !== document.body")

    again = page.locator("#again-button")
    expect(again).to_be_visible()
    expect(submit).to_be_hidden()
    again.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-screen='game']")).to_be_visible()
    expect(page.locator(".tray-tile").first).to_be_focused()


# The contrast of the board's graphics against the board, from the colours the browser
# applies (getComputedStyle): each colour is composited over what lies under it (its
# own opacity and fill-opacity too), and the board's background is read twice, plain and
# at its glow's brightest, the harder of the two counting.
_CONTRASTS = """() => {
  // Computed colours read "rgb(r, g, b)", "rgba(r, g, b, a)" or "rgb(r g b / a)".
  const rgba = (text) => {
    if (!/^rgba?\\(/.test(text.trim())) throw new Error(`not an sRGB colour: ${text}`);
    const parts = text.match(/[\\d.]+/g).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, under, alpha = top.a) => ({
    r: top.r * alpha + under.r * (1 - alpha),
    g: top.g * alpha + under.g * (1 - alpha),
    b: top.b * alpha + under.b * (1 - alpha),
    a: 1,
  });
  const channel = (c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m);
    return (hi + 0.05) / (lo + 0.05);
  };
  const board = document.querySelector("#board");
  const boardStyle = getComputedStyle(board);
  const plain = rgba(boardStyle.backgroundColor);
  const glow = rgba(getComputedStyle(document.documentElement).getPropertyValue("--board-glow"));
  const backgrounds = [plain, over(glow, plain)];
  const opacityOf = (el) => {
    let alpha = 1;
    for (let node = el; node && node !== board; node = node.parentElement) {
      alpha *= Number(getComputedStyle(node).opacity);
    }
    return alpha;
  };
  const against = (el, property, extra = 1) => {
    const style = getComputedStyle(el);
    const colour = rgba(style[property]);
    const alpha = colour.a * opacityOf(el) * extra;
    return Math.min(...backgrounds.map((bg) => ratio(over(colour, bg, alpha), bg)));
  };
  const one = (selector) => {
    const el = document.querySelector(selector);
    if (el === null) throw new Error(`nothing matches ${selector}`);
    return el;
  };
  const legal = one("#board .cell--legal");
  const tray = one(".tray");
  const chosen = one(".tray-tile[aria-pressed='true']");
  const trayColour = rgba(getComputedStyle(tray).backgroundColor);
  const result = {
    fitsFill: against(legal, "fill", Number(getComputedStyle(legal).fillOpacity)),
    fitsEdge: against(legal, "stroke"),
    openSpot: against(one("#board .cell--open"), "stroke"),
    tileEdge: against(one("#board .board__tiles .tile__face"), "stroke"),
    cursor: against(one("#board .cell--cursor"), "stroke"),
    chosenTrayTile: ratio(rgba(getComputedStyle(chosen).borderTopColor), trayColour),
  };
  return result;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_boards_graphics_stand_three_to_one(
    logged_in_page: Page, site_url: str, scheme: str
) -> None:
    page = logged_in_page
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    _start_by_keyboard(page, site_url)
    tile = fitting_tray_tile(page, draw=lambda: page.keyboard.press("d"))
    assert tile is not None
    page.keyboard.press(tile.get_attribute("data-index") or "1")
    page.keyboard.press("n")
    page.wait_for_timeout(HUMAN_PACE_MS)
    page.keyboard.press("Enter")
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile")).to_have_count(1)
    # A tile chosen with the board focused: the cells where it fits, the cursor.
    tile = fitting_tray_tile(page, draw=lambda: page.keyboard.press("d"))
    assert tile is not None
    page.keyboard.press(tile.get_attribute("data-index") or "1")
    page.locator(PLAY_BOARD).focus()
    expect(page.locator(f"{PLAY_BOARD} .cell--legal").first).to_be_attached()
    page.keyboard.press("ArrowDown")

    ratios = page.evaluate(_CONTRASTS)
    print(scheme, {name: round(value, 2) for name, value in ratios.items()})
    low = {name: round(value, 2) for name, value in ratios.items() if value < 3}
    assert not low, f"below 3:1 in the {scheme} scheme: {low}"


def test_names_start_with_what_is_shown(logged_in_page: Page, site_url: str) -> None:
    page = logged_in_page
    _start_by_keyboard(page, site_url)
    draw = page.locator("#draw-button")
    visible = re.sub(r"\s+", " ", draw.inner_text()).strip()
    assert visible == "Draw \N{MINUS SIGN}5 47 left"
    expect(page.get_by_role("button", name=re.compile(rf"^{re.escape(visible)}\b"))).to_be_visible()
    for index, tile in enumerate(page.locator(".tray-tile").all(), start=1):
        key = tile.locator(".tray-tile__key").inner_text()
        assert key == str(index)
        numbers = tile.locator(".tile__number").all_text_contents()
        expect(tile).to_have_accessible_name(re.compile(rf"^{index}: {' '.join(numbers)}: "))


# ---------------------------------------------------------------- End run on a phone


@pytest.fixture
def phone(browser: Browser, site_clock: SiteClock) -> Iterator[BrowserContext]:
    context = browser.new_context(**PHONE)
    context.clock.install(time=site_clock.now())
    tour_seen(context)
    yield context
    context.close()


def test_end_run_on_a_phone_is_a_big_target_away_from_draw_and_asks_first(
    phone: BrowserContext,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Page, str, str], None],
    open_challenge: Any,
    site_url: str,
    screenshot: Callable[..., Any],
) -> None:
    page = phone.new_page()
    user, password = make_player()
    login(page, user.username, password)
    page.goto(f"{site_url}{reverse('challenges:play')}")
    page.locator("#start-button").tap()
    expect(page.locator(".tray-tile")).to_have_count(9)

    end = page.locator("#end-button")
    draw = page.locator("#draw-button")
    end_box, draw_box = end.bounding_box(), draw.bounding_box()
    assert end_box is not None and draw_box is not None
    assert end_box["height"] >= 44, end_box
    assert draw_box["height"] >= 44, draw_box
    # Apart: the gap between the two, side by side or one above the other.
    gap = max(
        end_box["x"] - (draw_box["x"] + draw_box["width"]),
        draw_box["x"] - (end_box["x"] + end_box["width"]),
        end_box["y"] - (draw_box["y"] + draw_box["height"]),
        draw_box["y"] - (end_box["y"] + end_box["height"]),
    )
    assert gap >= 16, f"End run is {gap:.0f}px from Draw"
    screenshot(page, "a11y-phone-hud", full_page=False)

    # A tap asks first; "Keep playing" is the answer that has the focus, and keeps the run.
    end.tap()
    question = page.get_by_role("group", name="End the run now?")
    expect(question).to_be_visible()
    expect(page.locator("#end-cancel")).to_be_focused()
    for button in ("#end-confirm", "#end-cancel"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["height"] >= 44, (button, box)
    screenshot(page, "a11y-phone-end-run-asks", full_page=False)
    expect_no_serious_violation(page, "the phone's End run question")
    page.locator("#end-cancel").tap()
    expect(question).to_be_hidden()
    expect(end).to_be_visible()
    expect(page.locator("[data-screen='game']")).to_be_visible()

    end.tap()
    page.locator("#end-confirm").tap()
    expect(page.locator("[data-screen='end']")).to_be_visible(timeout=10_000)
