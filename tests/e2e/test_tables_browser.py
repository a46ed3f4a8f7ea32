"""Live tables in real Chromium, each player a browser context of their own, against
the site served as ASGI with its sockets (tests/e2e/asgi_server.py):

- two people, one on a desktop (logged in) and one on a phone (a guest who came by
  the invitation), play a whole round at one table; the phone reloads mid-game, and
  the desktop's socket is cut during the other's turn and catches up when it is back;
- three people, one leaves mid-game: a medium computer takes the seat and the other
  two play the round to its end.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from challenges.classic import services as classic_services
from challenges.models import ClassicSeat, LiveTable, TableMember
from tests.e2e.asgi_server import asgi_site_url  # noqa: F401  (a fixture)
from tests.e2e.conftest import PASSWORD
from tests.e2e.devices import DEVICES
from tests.e2e.test_classic_browser import _turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A deal where the first tiles fit at once (the classic page's browser test's).
SEED = "e2e00005"
TURN_MS = 30_000


class SocketCutter:
    """The page's table sockets, passed through to the server until ``cut``: then the
    open one closes and new ones are refused, until ``restore``."""

    def __init__(self, page: Page) -> None:
        self.down = False
        self.routes: list[Any] = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, route: Any) -> None:
        if self.down:
            route.close(code=1011)
            return
        route.connect_to_server()
        self.routes.append(route)

    def cut(self) -> None:
        self.down = True
        for route in self.routes:
            route.close(code=1011)
        self.routes.clear()

    def restore(self) -> None:
        self.down = False


def _log_in(page: Page, url: str, username: str) -> None:
    page.goto(f"{url}/accounts/login/?next=/tables/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form:has(input[name=password]) [type=submit]").click()
    assert "/accounts/login/" not in page.url


def _context(browser: Any, device: str) -> BrowserContext:
    context = browser.new_context(**DEVICES[device])
    context.set_default_timeout(TURN_MS)
    return context


def _make_table(page: Page, url: str, seats: int) -> str:
    page.goto(f"{url}/tables/")
    page.locator(f"#make-form input[name=seats][value='{seats}']").check()
    page.locator("[data-testid=make-table]").click()
    expect(page.locator("[data-screen=waiting]")).to_be_visible()
    invite = page.locator("[data-testid=invite-link]").input_value()
    assert "?invite=" in invite
    return invite.replace("http://testserver", url)


def _join(page: Page, invite: str) -> None:
    page.goto(invite)
    page.locator("[data-testid=join-button]").click()


def _mover(pages: dict[str, Page]) -> str | None:
    """The name of the page whose turn it is (None: the game is over everywhere)."""
    for _ in range(300):
        for name, page in pages.items():
            state = page.locator("#play").get_attribute("data-state")
            if state == "end":
                return None
            if page.locator("#play").get_attribute("data-turn") == "mine":
                return name
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("nobody's turn came")


def _touch(name: str) -> bool:
    return name.startswith("phone")


def test_two_people_play_a_round_with_a_reload_and_a_socket_cut(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    make_player: Any,
    screenshot: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(classic_services.secrets, "token_hex", lambda size: SEED)
    url = asgi_site_url
    user, _ = make_player()
    desktop_context, phone_context = _context(browser, "desktop"), _context(browser, "phone")
    desktop, phone = desktop_context.new_page(), phone_context.new_page()
    sockets = SocketCutter(desktop)
    errors: list[str] = []
    for page in (desktop, phone):
        page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        _log_in(desktop, url, user.username)
        invite = _make_table(desktop, url, seats=2)
        _join(phone, invite)
        pages = {"desktop": desktop, "phone": phone}
        for page in pages.values():
            expect(page.locator("[data-screen=game]")).to_be_visible()
        # The socket is up on both: the start reached the host without a reload.
        expect(desktop.locator("#play[data-link=live]")).to_have_count(1)
        screenshot(desktop, "table-desktop-start")

        turns, reloaded, cut = 0, False, False
        while (name := _mover(pages)) is not None:
            page = pages[name]
            if turns == 4 and not reloaded and name == "phone":
                tiles = phone.locator("#board .board__tiles .tile").count()
                phone.reload()
                expect(phone.locator("[data-screen=game]")).to_be_visible()
                expect(phone.locator("#board .board__tiles .tile")).to_have_count(tiles)
                expect(phone.locator("#play[data-turn=mine]")).to_have_count(1)
                reloaded = True
            if turns >= 6 and not cut and name == "phone":
                # The desktop's socket cut mid-turn, and kept down while the phone plays.
                before = desktop.locator("#board .board__tiles .tile").count()
                sockets.cut()
                expect(desktop.locator("#play[data-link=polling]")).to_have_count(1)
                _turn(phone, True)
                turns += 1
                sockets.restore()
                expect(desktop.locator("#play[data-link=live]")).to_have_count(1, timeout=20_000)
                board = phone.locator("#board .board__tiles .tile").count()
                expect(desktop.locator("#board .board__tiles .tile")).to_have_count(board)
                assert board >= before
                cut = True
                continue
            _turn(page, _touch(name))
            turns += 1
            assert turns < 300, "the round does not end"

        for page in pages.values():
            expect(page.locator("[data-screen=end]")).to_be_visible()
            expect(page.locator("[data-testid=results] li")).to_have_count(2)
        screenshot(phone, "table-phone-end")
        assert reloaded and cut
        table = LiveTable.objects.get()
        assert table.status == "finished"
        assert sorted(table.members.values_list("result", flat=True)) == ["lost", "won"]
        # Both saw the same board at the end: every event reached both.
        assert (
            desktop.locator("#board .board__tiles .tile").count()
            == phone.locator("#board .board__tiles .tile").count()
        )
        assert errors == []
    finally:
        desktop_context.close()
        phone_context.close()


def test_three_people_one_leaves_and_a_computer_takes_the_seat(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    screenshot: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(classic_services.secrets, "token_hex", lambda size: SEED)
    url = asgi_site_url
    contexts = {
        "desktop": _context(browser, "desktop"),
        "phone": _context(browser, "phone"),
        "phone-2": _context(browser, "phone"),
    }
    pages = {name: context.new_page() for name, context in contexts.items()}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept())
    try:
        invite = _make_table(pages["desktop"], url, seats=3)
        _join(pages["phone"], invite)
        _join(pages["phone-2"], invite)
        for page in pages.values():
            expect(page.locator("[data-screen=game]")).to_be_visible()

        turns = 0
        leaving = pages.pop("phone-2")
        while (name := _mover(pages | {"phone-2": leaving} if turns < 3 else pages)) is not None:
            if name == "phone-2":
                _turn(leaving, True)
            else:
                _turn(pages[name], _touch(name))
            turns += 1
            if turns == 3:
                leaving.wait_for_timeout(400)
                leaving.locator("[data-testid=leave-button]").tap()
                # Gone from the table: watching it, with no hand and no controls.
                expect(leaving.locator("#play[data-seat=spectator]")).to_have_count(1)
                expect(leaving.locator("#seat-actions")).to_be_hidden()
                for page in pages.values():
                    expect(page.locator("#moves")).to_contain_text("from now on")
                    expect(page.locator("#seats [data-testid=seat-2]")).to_contain_text("Computer")
                screenshot(pages["desktop"], "table-desktop-computer-took-seat")
            assert turns < 300, "the round does not end"

        for page in pages.values():
            expect(page.locator("[data-screen=end]")).to_be_visible()
        table = LiveTable.objects.get()
        left = TableMember.objects.get(table=table, seat=2)
        assert left.result == "left" and left.coins == 0
        assert ClassicSeat.objects.get(game=table.game, seat=2).strength == "medium"
        assert errors == []
    finally:
        for context in contexts.values():
            context.close()
