"""The end screen a beginner reads, in a real Chromium, on a 390 x 844 phone with touch
and on a 1280 px desktop with a mouse:

- the score framed against the board: "better than X % of players · median M · par P",
  its figures those of the live entries;
- the final board framed so its digits read (12 px or more) and described in words;
  the move table closed;
- the moves missed said in words, the better tile going down on a small board where it
  should have gone; a run with no move gets no word of praise.

Screenshots (test-artifacts/screenshots/): ``end-screen-<device>`` (the screen as it
opens) and ``end-missed-<device>`` (the moves missed, the better tile come to rest).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SiteClock
from tests.e2e.devices import context_for, each_device  # noqa: F401 (the fixture "device")
from tests.e2e.play_helpers import drag_tile_to_board, end_run, touch_drag_tile_to_board
from tests.factories import EntryFactory
from triominos import DEFAULT_RULESET

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START_URL = re.compile(r"/api/challenges/\d+/runs/$")
FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")
ANALYSIS_URL = re.compile(r"/api/runs/[^/]+/analysis/$")
PAR = 480
# Others' entries: two below any two-tile run, two far above it.
OTHERS = [-30, -5, 1000, 1100]
# A tile's digits are 0.24 of its side (board_view/drawing.js); they should read at 12 px.
DIGIT_OF_SIDE = 0.24
READABLE_DIGIT_PX = 12


@pytest.fixture
def page(browser: Browser, device: str, site_clock: SiteClock) -> Iterator[Page]:
    with context_for(browser, device, now=site_clock.now()) as context:
        yield context.new_page()


@pytest.fixture
def board(open_challenge: Any) -> Any:
    """The open challenge with a par and four other players' live entries."""
    open_challenge.par = PAR
    open_challenge.save(update_fields=["par"])
    for score in OTHERS:
        EntryFactory(challenge=open_challenge, score=score)
    return open_challenge


def _press(page: Page, device: str, selector: str) -> None:
    target = page.locator(selector)
    if device == "phone":
        target.tap()
    else:
        target.click()


def _run(page: Page, device: str, placements: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Plays a guest's run of ``placements`` tiles; returns the finish and analysis
    answers once the end screen has drawn both."""
    start = "#start-button" if page.locator("#start-button").is_visible() else "#again-button"
    with page.expect_response(START_URL):
        _press(page, device, start)
    expect(page.locator(".tray-tile")).to_have_count(DEFAULT_RULESET.tray_size)
    for _ in range(placements):
        placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
        assert placed is not None
    with (
        page.expect_response(ANALYSIS_URL) as analysed,
        page.expect_response(FINISH_URL) as finished,
    ):
        end_run(page, tap=device == "phone")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    return finished.value.json(), analysed.value.json()


def _side_px(page: Page, board_id: str) -> float:
    return float(
        page.evaluate(
            "(id) => parseFloat(document.getElementById(id).style.getPropertyValue('--side-px'))",
            board_id,
        )
    )


def test_the_end_screen_frames_the_score_against_the_board_and_reads_compactly(
    page: Page, site_url: str, board: Any, device: str, screenshot: Any
) -> None:
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")
    finish, analysis = _run(page, device, placements=2)
    score = finish["score"]
    assert finish["valid"] and OTHERS[1] < score < OTHERS[2]

    below = sum(other < score for other in OTHERS)
    median = statistics.median(OTHERS)
    assert analysis["field"] == {
        "entries": len(OTHERS),
        "median": median,
        "better_than": 100 * below // len(OTHERS),
    }
    expect(page.locator("#end-par")).to_have_text(
        f"better than {100 * below // len(OTHERS)}% of players · median {median:g} · par {PAR}"
    )

    # The final board: framed to be read, described in words; the move table closed.
    expect(page.locator("#end-board")).to_be_visible()
    assert _side_px(page, "end-board") * DIGIT_OF_SIDE >= READABLE_DIGIT_PX
    described = re.compile(r"^The board at the end of the run, 2 tiles: .+ at .+; .+ at .+\.$")
    expect(page.locator("#end-board")).to_have_attribute("aria-label", described)
    expect(page.locator("#end-review")).not_to_have_attribute("open", "")
    expect(page.locator("#review")).to_be_hidden()
    screenshot(page, f"end-screen-{device}", full_page=False)


def test_the_moves_missed_in_words_the_better_tile_going_down_on_a_board(
    page: Page, site_url: str, board: Any, device: str, screenshot: Any
) -> None:
    page.goto(f"{site_url}/play/")
    expect(page.locator("#play")).to_have_attribute("data-ready", "true")

    # A run with no move missed nothing worth praise: no word of it.
    _finish, empty = _run(page, device, placements=0)
    assert empty["moves"] == []
    expect(page.locator("#end-par")).to_be_visible()
    expect(page.locator("#end-missed")).to_be_hidden()

    _finish, analysis = _run(page, device, placements=3)
    assert analysis["misses"], "the helpers' three tiles of this deal miss points"
    first = analysis["moves"][analysis["misses"][0]]
    row, column = first["best"]["cell"]
    expect(page.locator("#end-missed")).to_be_visible()
    expect(page.locator("#end-missed-text")).to_have_text(
        re.compile(
            rf"^Move {first['index'] + 1}: best move you missed: {first['best']['tile']} on row "
            rf"{row}, column {column}, for \+{first['best_outcome']['points']}( with a \w+)?; "
            r"you made [+-]?\d+\.$"
        )
    )
    expect(page.locator("#end-missed-text")).not_to_contain_text("rotation")

    # The better tile, where it should have gone, going down onto its spot.
    tile = first["best"]["tile"]
    ghost = page.locator(
        f"#end-missed-board .tile--missed[data-cell='{row},{column}'][data-tile='{tile}']"
    )
    expect(ghost).to_have_count(1)
    assert ghost.evaluate("(g) => getComputedStyle(g).animationName") == "missed-drop"
    assert ghost.evaluate("(g) => g.getAnimations().map((a) => a.animationName)") == ["missed-drop"]
    assert _side_px(page, "end-missed-board") * DIGIT_OF_SIDE >= READABLE_DIGIT_PX
    page.locator("#end-missed").scroll_into_view_if_needed()
    # The picture once the tile has come to rest on its spot.
    ghost.evaluate("(g) => Promise.all(g.getAnimations().map((a) => a.finished))")
    screenshot(page, f"end-missed-{device}", full_page=False)

    # Choosing another miss draws its tile going down again.
    if len(analysis["misses"]) > 1:
        second = analysis["moves"][analysis["misses"][1]]
        _press(page, device, f"#end-missed-list li[data-move='{second['index']}'] button")
        expect(page.locator("#end-missed-text")).to_contain_text(f"Move {second['index'] + 1}:")
        again = page.locator("#end-missed-board .tile--missed")
        assert again.evaluate("(g) => getComputedStyle(g).animationName") == "missed-drop"
