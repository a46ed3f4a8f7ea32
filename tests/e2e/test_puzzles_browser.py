"""The puzzles in a real browser, on a phone (390x844, touch) and a desktop (1280): the
first puzzle solved by touch and by keyboard, a joker used for 2 stars, the series' map
showing them, and the puzzle of the day with its share line. The server checks every
filling (the stars shown are the ones it kept)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils.formats import date_format
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import SiteClock
from tests.e2e.devices import DEVICES, each_device  # noqa: F401 (the fixture "device")


@pytest.fixture
def series(transactional_db: None) -> list[Any]:
    from challenges.models import Puzzle
    from challenges.puzzles.services import puzzles_series_make

    puzzles_series_make(upto=2)
    return list(Puzzle.objects.filter(number__isnull=False).order_by("number"))


@pytest.fixture
def page(browser: Browser, device: str, site_clock: SiteClock, site_url: str) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(**DEVICES[device])
    context.clock.install(time=site_clock.now())
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context.new_page()
    context.close()
    assert not thrown, f"a page threw: {thrown}"


def _cell_centre(page: Page, cell: list[int]) -> tuple[float, float]:
    box = page.locator(f'.board__open [data-cell="{cell[0]},{cell[1]}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _tap(page: Page, device: str, target: Any) -> None:
    if device == "phone":
        target.tap()
    else:
        target.click()


def _tap_cell(page: Page, device: str, cell: list[int]) -> None:
    page.locator("#board").scroll_into_view_if_needed()
    x, y = _cell_centre(page, cell)
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


# A person's hand: no piece goes down sooner than the pace floor after the one before
# (the server refuses a faster time); the page's clock is Playwright's, moved on here.
PIECE_MS = 250


def _solve_by_taps(page: Page, device: str, pieces: list[dict[str, Any]]) -> None:
    """Each piece: choose the tile (a tap chooses, the next turns it) until it shows the
    piece's turn, then tap the cell; a joker from its button."""
    for piece in pieces:
        page.clock.run_for(PIECE_MS)
        if piece["type"] == "joker":
            _tap(page, device, page.locator("#joker-button"))
        else:
            tile = page.locator(f'#tray > .tray-tile[data-tile="{piece["tile"]}"]')
            for _ in range(4):
                if tile.get_attribute("aria-pressed") == "true" and tile.get_attribute(
                    "data-rotation"
                ) == str(piece["rotation"]):
                    break
                _tap(page, device, tile)
        _tap_cell(page, device, piece["cell"])


def _solve_by_keyboard(page: Page, pieces: list[dict[str, Any]], cells: list[list[int]]) -> None:
    """Digits choose a tile, R turns it; on the board the arrow keys walk the shape's
    cells in reading order from the first, Enter puts the tile down, J a joker."""
    order = sorted(cells)
    page.locator("#board").focus()
    at = 0
    for piece in pieces:
        page.clock.run_for(PIECE_MS)
        if piece["type"] != "joker":
            tray = page.locator("#tray .tray-tile")
            tiles = [tray.nth(i).get_attribute("data-tile") for i in range(tray.count())]
            page.keyboard.press(str(tiles.index(piece["tile"]) + 1))
            tile = page.locator(f'#tray > .tray-tile[data-tile="{piece["tile"]}"]')
            for _ in range(3):
                if tile.get_attribute("data-rotation") == str(piece["rotation"]):
                    break
                page.keyboard.press("r")
        target = order.index(piece["cell"])
        page.locator("#board").focus()
        for _ in range(abs(target - at)):
            page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
        at = target
        page.keyboard.press("j" if piece["type"] == "joker" else "Enter")


def _saved(page: Page) -> None:
    expect(page.locator("#puzzle")).to_have_attribute("data-saved", "true")


def _stars_kept(number: int) -> int:
    from challenges.models import PuzzleProgress

    return int(PuzzleProgress.objects.get(puzzle__number=number).stars)


def test_the_first_puzzle_solved_by_touch_or_mouse(
    page: Page, device: str, series: list[Any], site_url: str
) -> None:
    page.goto(f"{site_url}/puzzles/1/")
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    _solve_by_taps(page, device, series[0].solution)
    _saved(page)
    expect(page.locator("#end-stars")).to_have_attribute("aria-label", "3 stars")
    assert _stars_kept(1) == 3
    expect(page.locator("#next-link")).to_be_visible()


def test_the_first_puzzle_solved_by_keyboard(page: Page, series: list[Any], site_url: str) -> None:
    page.goto(f"{site_url}/puzzles/1/")
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    _solve_by_keyboard(page, series[0].solution, series[0].cells)
    _saved(page)
    expect(page.locator("#end-stars")).to_have_attribute("aria-label", "3 stars")
    assert _stars_kept(1) == 3


def test_a_joker_gives_two_stars_and_the_map_shows_them(
    page: Page, device: str, series: list[Any], site_url: str
) -> None:
    page.goto(f"{site_url}/puzzles/1/")
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    solution = series[0].solution
    # A mismatch is refused as it goes down: the board never holds a wrong tile.
    first, second = solution[0], solution[1]
    pieces = [{"type": "joker", "cell": first["cell"]}, *solution[1:]]
    _solve_by_taps(page, device, pieces)
    _saved(page)
    expect(page.locator("#end-stars")).to_have_attribute("aria-label", "2 stars")
    expect(page.locator("#end-stars")).to_have_text("★★☆")
    assert _stars_kept(1) == 2
    assert second  # the rest went down as the solution has them

    page.goto(f"{site_url}/puzzles/")
    expect(page.locator('[data-number="1"]')).to_have_attribute("data-stars", "2")
    expect(page.locator('[data-number="2"] a')).to_be_visible()
    page.locator('[data-number="2"] a').click()
    expect(page.locator("h1")).to_contain_text("2")


def test_the_puzzle_of_the_day_with_its_share_line(
    page: Page, device: str, transactional_db: None, site_url: str
) -> None:
    from challenges.models import Puzzle

    page.goto(f"{site_url}/puzzles/today/")
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    today = Puzzle.objects.get(day__isnull=False)
    _solve_by_taps(page, device, today.solution)
    _saved(page)
    share = page.locator("#share-text")
    expect(share).to_contain_text("★★★")
    expect(share).to_contain_text(date_format(today.day, "DATE_FORMAT"))
    expect(page.locator("#end-streak")).to_have_text("1 day in a row")
    _tap(page, device, page.locator("#copy-button"))
    assert "★★★" in page.evaluate("navigator.clipboard.readText()")


def test_axe_finds_nothing_serious_on_the_puzzles_pages(
    page: Page, device: str, series: list[Any], site_url: str
) -> None:
    from tests.e2e.axe import expect_no_serious_violation, settle

    def sweep(where: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            settle(page)
            expect_no_serious_violation(page, f"{where} ({scheme}, {device})")
        page.emulate_media(color_scheme="light")

    for where, path in {
        "the series' map": "/puzzles/",
        "a locked puzzle": "/puzzles/2/",
        "the puzzle of the day": "/puzzles/today/",
        "puzzle 1": "/puzzles/1/",
    }.items():
        page.goto(f"{site_url}{path}")
        sweep(where)
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "true")
    solution = series[0].solution
    _solve_by_taps(page, device, [{"type": "joker", "cell": solution[0]["cell"]}, *solution[1:]])
    _saved(page)
    sweep("a solved puzzle")
