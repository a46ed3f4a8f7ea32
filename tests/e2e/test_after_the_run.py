"""After the run and the day after, in a real Chromium, on a desktop and on a
390 x 844 phone with touch: three runs and the second (the best) submitted from the end
screen, the final board and the personal-best moment, the share card copied and its
result page's Open Graph picture, following a player and the following tab, and no
element wider than the screen on any page.

Screenshots (test-artifacts/screenshots/): the end screen, the player page and the
share picture, on both devices.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import SCREENSHOTS, SiteClock
from tests.e2e.devices import context_for, each_device  # noqa: F401 (the fixture "device")
from tests.e2e.play_helpers import (
    drag_tile_to_board,
    end_run,
    tap_draw,
    touch_drag_tile_to_board,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FINISH_URL = re.compile(r"/api/runs/[^/]+/finish/$")
STANDING_URL = re.compile(r"/api/runs/[^/]+/standing/")


@pytest.fixture
def device_context(
    browser: Browser, device: str, site_clock: SiteClock, site_url: str
) -> Iterator[BrowserContext]:
    """A context for ``device`` on the site's clock, allowed the clipboard, failing the
    test on any error a page throws."""
    with context_for(browser, device, now=site_clock.now()) as context:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
        yield context


@pytest.fixture
def player_page(
    device_context: BrowserContext,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Page, str, str], None],
    open_challenge: Any,
) -> Page:
    page = device_context.new_page()
    user, password = make_player()
    login(page, user.username, password)
    page.player = user  # type: ignore[attr-defined]
    return page


def _place(page: Page, device: str) -> None:
    placed = touch_drag_tile_to_board(page) if device == "phone" else drag_tile_to_board(page)
    assert placed is not None


def _press(page: Page, device: str, selector: str) -> None:
    if device == "phone":
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def _play_run(page: Page, device: str, placements: int) -> str:
    """Starts a run from the intro or the end screen, places ``placements`` tiles, ends
    it and waits for the end screen and its standing; returns the run's id."""
    start = "#start-button" if page.locator("#start-button").is_visible() else "#again-button"
    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")) as started:
        _press(page, device, start)
    expect(page.locator(".tray-tile")).to_have_count(9)
    for _ in range(placements):
        _place(page, device)
    with page.expect_response(STANDING_URL):
        end_run(page, tap=device == "phone")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    return str(started.value.json()["id"])


def _assert_fits_the_screen(page: Page, where: str) -> None:
    """No element reaches past the viewport's right edge, except inside a box that
    scrolls or clips it (a wide table in its scroll wrapper is fine)."""
    wider = page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const clipped = (el) => {
            for (let up = el.parentElement; up; up = up.parentElement) {
              // A box that clips it and stands within the screen (a clipped link in a
              // nav that scrolls sideways is two such boxes deep).
              const clips = getComputedStyle(up).overflowX !== "visible";
              if (clips && up.getBoundingClientRect().right <= width + 1) return true;
            }
            return false;
          };
          const out = [];
          for (const el of document.body.querySelectorAll("*")) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || getComputedStyle(el).position === "fixed") continue;
            if (box.right > width + 1 && !clipped(el)) {
              const name = el.className?.baseVal ?? el.className;
              out.push(`${el.tagName.toLowerCase()}#${el.id}.${name} ${Math.round(box.right)}`);
            }
          }
          return {out: out.slice(0, 8), scroll: document.scrollingElement.scrollWidth, width};
        }"""
    )
    assert wider["out"] == [], f"{where}: wider than the screen: {wider}"
    assert wider["scroll"] <= wider["width"], f"{where}: the page scrolls sideways: {wider}"


def test_three_runs_the_best_submitted_from_the_end_screen(
    player_page: Page, device: str, site_url: str, screenshot: Any
) -> None:
    from challenges.models import Entry, Run

    page = player_page
    page.goto(f"{site_url}/play/")
    first = _play_run(page, device, placements=1)
    # The first run of all is a best in every span: the moment, and the final board.
    expect(page.locator("#end-moment")).to_have_text("New personal best!")
    expect(page.locator("#end-board")).to_be_visible()
    expect(page.locator("#end-board .board__tiles .tile")).to_have_count(1)
    _assert_fits_the_screen(page, "the end screen")

    second = _play_run(page, device, placements=3)
    expect(page.locator("#end-moment")).to_have_text("New personal best!")
    expect(page.locator("#end-board .board__tiles .tile")).to_have_count(3)
    screenshot(page, f"after-end-screen-{device}")

    third = _play_run(page, device, placements=0)
    scores = {str(run.pk): run.score for run in Run.objects.filter(player=page.player)}  # type: ignore[attr-defined]
    assert scores[first] is not None and scores[second] > max(scores[first], scores[third])
    expect(page.locator("#end-moment")).to_be_hidden()
    # No tile placed: no board to show.
    expect(page.locator("#end-board")).to_be_hidden()
    # The runs best first; this one is not the best, so Play again leads.
    runs = page.locator("#end-runs-list > li")
    expect(runs).to_have_count(3)
    listed = [runs.nth(index).get_attribute("data-run") for index in range(3)]
    assert [scores[str(run)] for run in listed] == sorted(scores.values(), reverse=True)
    expect(runs.first).to_have_attribute("data-run", str(second))
    expect(page.locator("#again-button")).not_to_have_class(re.compile(r"\bsecondary\b"))
    expect(page.locator("#submit-button")).to_have_class(re.compile(r"\bsecondary\b"))
    _assert_fits_the_screen(page, "the end screen with three runs")
    screenshot(page, f"after-runs-list-{device}")

    _press(page, device, f"#end-runs-list > li[data-run='{second}'] .end-runs__submit")
    expect(page.locator("#submit-dialog")).to_be_visible()
    expect(page.locator("#submit-dialog-score")).to_have_text(str(scores[second]))
    with page.expect_response(re.compile(rf"/api/runs/{second}/submit/$")) as submitted:
        _press(page, device, "#submit-confirm")
    assert submitted.value.status == 201
    expect(page.locator("#submit-result")).to_contain_text("Submitted!")
    expect(runs.first.locator(".end-runs__tag", has_text="your entry")).to_be_visible()
    expect(page.locator(".end-runs__submit")).to_have_count(0)
    assert str(Entry.objects.get(player=page.player).run_id) == second  # type: ignore[attr-defined]

    page.locator("#leaderboard-link").click()
    you = page.locator("[data-testid='leaderboard'] tr.is-you")
    expect(you).to_contain_text(page.player.username)  # type: ignore[attr-defined]
    expect(you).to_contain_text(str(scores[second]))
    _assert_fits_the_screen(page, "the leaderboard")


def test_share_the_card_and_its_result_page(
    player_page: Page, device: str, site_url: str, screenshot: Any
) -> None:
    page = player_page
    page.goto(f"{site_url}/play/")
    run_id = _play_run(page, device, placements=2)
    _press(page, device, "#share-button")
    expect(page.locator("#share-status")).to_be_visible()
    if page.locator("#share-status").inner_text().startswith("Copied"):
        text = page.evaluate("navigator.clipboard.readText()")
    else:
        text = page.locator("#share-text").input_value()
    lines = text.splitlines()
    assert re.fullmatch(r"Tri-Ominos Daily #\d+", lines[0]), lines
    assert re.fullmatch(r"-?\d+ points.*", lines[1]), lines
    # A bonus line only when the run made one: never a line of a lone dot.
    assert len(lines) in (3, 4) and "·" not in lines[2:-1], lines
    assert lines[-1] == f"{site_url}/share/{run_id}/"
    from challenges.models import Challenge

    challenge = Challenge.objects.get()
    for tile in [*challenge.tray, *challenge.well]:
        assert tile not in text, "the card names no tile"

    page.goto(lines[-1])
    expect(page.locator("[data-testid='share-card']")).to_be_visible()
    image_url = page.locator("meta[property='og:image']").get_attribute("content")
    assert image_url is not None and image_url.startswith(f"{site_url}/share/{run_id}/card.png")
    picture = page.request.get(image_url)
    assert picture.ok and picture.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(picture.body())).size == (1200, 630)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"share-picture-{device}.png").write_bytes(picture.body())
    expect(page.locator(".share-card__picture")).to_have_js_property("complete", True)
    assert page.locator(".share-card__picture").evaluate("img => img.naturalWidth") == 1200
    _assert_fits_the_screen(page, "the result page")
    screenshot(page, f"share-page-{device}")


def test_follow_a_player_and_see_the_following_tab(
    player_page: Page,
    device: str,
    site_url: str,
    open_challenge: Any,
    make_player: Callable[..., tuple[Any, str]],
    screenshot: Any,
) -> None:
    from tests.factories import EntryFactory

    friend, _ = make_player()
    stranger, _ = make_player()
    EntryFactory(challenge=open_challenge, player=friend, score=77)
    EntryFactory(challenge=open_challenge, player=stranger, score=99)
    page = player_page
    page.goto(f"{site_url}/players/{friend.username}/")
    _assert_fits_the_screen(page, "a player's page")
    expect(page.locator("[data-testid='streaks']")).to_be_visible()
    expect(page.locator("[data-testid='slot-streak']")).to_have_text("1")
    _press(page, device, "#follow-button")
    expect(page.locator("#follow-button")).to_have_text("Following · unfollow")
    expect(page.locator("[data-testid='followers']")).to_have_text("1 follower")
    screenshot(page, f"player-page-{device}")

    page.goto(f"{site_url}/challenges/{open_challenge.pk}/")
    _press(page, device, "[data-board='following']")
    board = page.locator("[data-testid='tab-board']")
    expect(board).to_contain_text(friend.username)
    expect(board).not_to_contain_text(stranger.username)
    expect(board).to_contain_text("#2 overall")
    _assert_fits_the_screen(page, "the following tab")
    _press(page, device, "[data-board='week']")
    expect(page.locator("[data-testid='tab-board']")).to_contain_text(stranger.username)
    expect(page.locator(".board-tabs__explained")).to_contain_text("best 7")


@pytest.mark.parametrize("device", ["phone"])
def test_no_page_is_wider_than_a_phone(
    player_page: Page, site_url: str, open_challenge: Any, device: str, screenshot: Any
) -> None:
    from tests.factories import EntryFactory

    page = player_page
    entry = EntryFactory(challenge=open_challenge, score=55)
    username = page.player.username  # type: ignore[attr-defined]
    paths = [
        "/",
        "/play/",
        "/how-to-play/",
        "/challenges/",
        f"/challenges/{open_challenge.pk}/",
        f"/challenges/{open_challenge.pk}/?board=following",
        f"/challenges/{open_challenge.pk}/?board=day",
        f"/challenges/{open_challenge.pk}/?board=week",
        f"/players/{username}/",
        f"/players/{entry.player.username}/",
        f"/share/{entry.run_id}/",
        "/no-such-page/",
    ]
    for path in paths:
        page.goto(f"{site_url}{path}")
        _assert_fits_the_screen(page, path)
    page.goto(f"{site_url}/play/")
    page.locator("#start-button").tap()
    expect(page.locator(".tray-tile")).to_have_count(9)
    _assert_fits_the_screen(page, "the game")
    # No keyboard help on a touch screen, no 1-9 labels that read as tile numbers.
    expect(page.locator(".keys-help")).to_be_hidden()
    expect(page.locator(".tray-tile__key").first).to_be_hidden()
    # The tray stays on screen however many tiles are drawn: the board gives way.
    for drawn in range(1, 9):
        tap_draw(page)
        expect(page.locator(".tray-tile")).to_have_count(9 + drawn)
    tray = page.locator("#tray").bounding_box()
    assert tray is not None and tray["y"] + tray["height"] <= 844 + 1, tray
    board = page.locator("#board").bounding_box()
    assert board is not None and board["height"] >= 170, "the board stays big enough to play"
    _assert_fits_the_screen(page, "the game with 17 tiles")
    screenshot(page, "play-phone-17-tiles", full_page=False)


def test_the_standing_arriving_does_not_move_the_end_screens_buttons(
    player_page: Page, device: str, site_url: str
) -> None:
    """The end screen opens with the run's score and its buttons; the player's standing
    (the best moment, bests, place) comes a moment later and must not push Submit or
    Play again from under a finger already on its way to them."""
    page = player_page
    page.goto(f"{site_url}/play/")
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route(STANDING_URL, hold)
    _press(page, device, "#start-button")
    expect(page.locator(".tray-tile")).to_have_count(9)
    _place(page, device)
    end_run(page, tap=device == "phone")
    expect(page.locator("[data-screen='end']")).to_be_visible()
    expect(page.locator("#submit-button")).to_be_visible()
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    page.wait_for_timeout(300)  # the standing's request is held, but nothing else is
    assert len(held) == 1
    buttons = ("#submit-button", "#again-button")
    before = [page.locator(button).bounding_box() for button in buttons]

    held[0].continue_()
    # The first run of all is a best: the moment, and the runs' lines, arrive.
    expect(page.locator("#end-moment")).to_have_text("New personal best!")
    expect(page.locator("#end-share")).to_be_visible()
    page.wait_for_timeout(1_000)  # the moment's animation is over
    after = [page.locator(button).bounding_box() for button in buttons]
    assert after == before, f"the buttons moved when the standing came: {before} -> {after}"
