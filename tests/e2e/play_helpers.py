"""Browser helpers that play the play page as a player would, on any deal.

They read what the page shows (each tray tile's ``data-fits``, the well count, the
cells highlighted while a tile is held) and leave every decision to the pure functions
of ``deals.py`` (``move_choose``, ``cell_choose``), which test_deals.py runs over
hundreds of deals on the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, FloatRect, Locator, Page, expect

from tests.e2e.deals import DRAW, cell_choose, move_choose
from triominos import DEFAULT_RULESET

# The play board only: the end screen draws boards of its own (the final board, the
# move you missed), with the same classes, which stay in the page between runs.
PLAY_BOARD = "#board"
HIGHLIGHTED = f"{PLAY_BOARD} .board__highlight [data-highlight='legal']"
# Chromium on a touch screen fires no click for a tap that comes right after another
# touch gesture (its double-tap time). Tried: a tap just after a touch drag gave a
# pointerdown/pointerup on the Draw button but no click; after a 400-600 ms pause it
# drew every time.
DOUBLE_TAP_MS = 400
# The helpers play at a person's pace: a placement never comes within the ruleset's
# pace floor (200 ms) of the one before, so every run they finish can be eligible.
HUMAN_PACE_MS = 250


# The first-run tour (play/tour.js) shows before a browser's first run; the tests that
# are not about it start as a browser that has seen it (tests/e2e/test_first_visit.py
# is about it).
TOUR_SEEN_SCRIPT = "try { localStorage.setItem('tod:tour-seen', '1'); } catch (error) {}"


def tour_seen(context: BrowserContext) -> None:
    """Every page of ``context`` starts as a browser that has seen the tour."""
    context.add_init_script(TOUR_SEEN_SCRIPT)


def centre(box: FloatRect | None) -> tuple[float, float]:
    assert box is not None, "the element is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tray_fits(page: Page) -> list[int]:
    """How many cells each tray tile fits, in tray order (the page's ``data-fits``)."""
    values = page.locator(".tray-tile").evaluate_all(
        "tiles => tiles.map((tile) => Number(tile.dataset.fits || 0))"
    )
    return [int(value) for value in values]


def well_left(page: Page) -> int:
    return int(page.locator("#well-count").inner_text())


def fitting_tray_tile(page: Page, *, draw: Callable[[], None] | None = None) -> Locator | None:
    """A tray tile that fits somewhere, drawing (``draw``, the Draw button by default)
    until one does, for as long as the well lasts; None when nothing fits and the well
    is empty. The tile is scrolled into view, ready to be picked up."""
    while True:
        left = well_left(page)
        choice = move_choose(fits=tray_fits(page), well_left=left)
        if choice is None:
            return None
        if choice != DRAW:
            tile = page.locator(".tray-tile").nth(choice)
            tile.scroll_into_view_if_needed()
            return tile
        if draw is None:
            page.locator("#draw-button").click()
        else:
            draw()
        expect(page.locator("#well-count")).to_have_text(str(left - 1))


def tap_draw(page: Page) -> None:
    """Draws with a finger: waits out the double-tap time of the last touch, then taps
    Draw. A tap the browser still swallows (it fires no click, so the well keeps its
    count) is tapped again, at most three times; a second draw would show as a well two
    tiles shorter, which the caller's check refuses."""
    well = page.locator("#well-count")
    expected = str(well_left(page) - 1)
    for _ in range(3):
        page.wait_for_timeout(DOUBLE_TAP_MS)
        page.locator("#draw-button").tap()
        try:
            expect(well).to_have_text(expected, timeout=1_500)
        except AssertionError:
            continue
        return
    raise AssertionError("three taps on Draw drew nothing")


def held_tile_target(page: Page) -> tuple[str, Locator]:
    """While a tile is held: the highlighted cell the helpers choose, and its element,
    scrolled into view (after many draws the tray can run below the board, and a
    player scrolls back up with the tile in hand)."""
    expect(page.locator(HIGHLIGHTED).first).to_be_attached()
    cells = page.locator(HIGHLIGHTED).evaluate_all("cells => cells.map((c) => c.dataset.cell)")
    cell = cell_choose([str(key) for key in cells])
    target = page.locator(f"{PLAY_BOARD} .board__highlight [data-cell='{cell}']")
    target.scroll_into_view_if_needed()
    return cell, target


def drag_tile_to_board(page: Page) -> str | None:
    """Drags a fitting tray tile (drawing until one fits) onto the chosen highlighted
    cell with the mouse; returns the cell key, or None when nothing can be placed."""
    tile = fitting_tray_tile(page)
    if tile is None:
        return None
    x, y = centre(tile.bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=3)
    cell, target = held_tile_target(page)
    tx, ty = centre(target.bounding_box())
    page.mouse.move(tx, ty, steps=12)
    expect(page.locator(f"{PLAY_BOARD} .board__preview .tile")).to_have_count(1)
    page.wait_for_timeout(HUMAN_PACE_MS)
    page.mouse.up()
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile[data-cell='{cell}']")).to_have_count(1)
    expect(page.locator(HIGHLIGHTED)).to_have_count(0)
    return cell


def moves_made(page: Page) -> int:
    """The moves of the run so far, as the page shows them: tiles on the board and
    tiles drawn from the well."""
    placed = page.locator(f"{PLAY_BOARD} .board__tiles .tile").count()
    return placed + DEFAULT_RULESET.well_size - well_left(page)


def expect_server_holds_all(page: Page, *, timeout: float = 8_000) -> int:
    """Waits until the server has acknowledged every move made so far (the connection
    line's ``data-acknowledged``); returns that count."""
    made = moves_made(page)
    expect(page.locator("#link-state")).to_have_attribute(
        "data-acknowledged", str(made), timeout=timeout
    )
    return made


def touch_drag_tile_to_board(page: Page) -> str | None:
    """Drags a fitting tray tile (tapping Draw until one fits) onto the chosen
    highlighted cell with a finger (touch events through the DevTools protocol): the
    tile floats above the finger, so the finger ends below the cell it aims at. Returns
    the cell key, or None when nothing can be placed."""
    tile = fitting_tray_tile(page, draw=lambda: tap_draw(page))
    if tile is None:
        return None
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = centre(tile.bounding_box())
    touch("touchStart", x, y)
    touch("touchMove", x, y - 20)
    cell, target = held_tile_target(page)
    tx, ty = centre(target.bounding_box())
    side = float(page.evaluate("parseFloat(board.style.getPropertyValue('--side-px'))"))
    lift = max(40.0, side * 0.6)
    for step in range(1, 9):
        touch("touchMove", x + (tx - x) * step / 8, (y - 20) + (ty + lift - y + 20) * step / 8)
    page.wait_for_timeout(HUMAN_PACE_MS)
    touch("touchEnd", tx, ty + lift)
    expect(page.locator(f"{PLAY_BOARD} .board__tiles .tile[data-cell='{cell}']")).to_have_count(1)
    cdp.detach()
    return cell


def end_run(page: Page, *, tap: bool = False) -> None:
    """Presses End run (a tap with ``tap``) and, on a touch screen where it asks first
    (play/end_confirm.js), answers "End it"."""
    for selector in ("#end-button", "#end-confirm"):
        button = page.locator(selector)
        if selector == "#end-confirm" and not button.is_visible():
            return
        if tap:
            button.tap()
        else:
            button.click()
