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
from playwright.sync_api import Page, expect

from challenges.models import ClassicSeat, LiveTable, TableMember
from tests.e2e.asgi_server import asgi_site_url  # noqa: F401  (a fixture)
from tests.e2e.conftest import log_in
from tests.e2e.tables_helpers import (
    mover,
    play_to_the_end,
    players,
    seat_all,
    table_deal,  # noqa: F401  (a fixture)
    touch,
)
from tests.e2e.test_classic_browser import _turn

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("table_deal"),
]


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


def test_two_people_play_a_round_with_a_reload_and_a_socket_cut(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    make_player: Any,
    screenshot: Any,
) -> None:
    url = asgi_site_url
    user, _ = make_player()
    with players(browser, "desktop", "phone") as seated:
        pages = seated.pages
        desktop, phone = pages["desktop"], pages["phone"]
        sockets = SocketCutter(desktop)
        log_in(desktop, url, user.username)
        seat_all(pages, url, seats=2)
        # The socket is up on both: the start reached the host without a reload.
        expect(desktop.locator("#play[data-link=live]")).to_have_count(1)
        screenshot(desktop, "table-desktop-start")

        turns, reloaded, cut = 0, False, False
        while (name := mover(pages)) is not None:
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
            _turn(page, touch(name))
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
        assert seated.errors == []


def test_three_people_one_leaves_and_a_computer_takes_the_seat(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    screenshot: Any,
) -> None:
    with players(browser, "desktop", "phone", "phone-2") as seated:
        pages = dict(seated.pages)
        for page in pages.values():
            page.on("dialog", lambda dialog: dialog.accept())
        seat_all(pages, asgi_site_url, seats=3)
        turns = 0

        def leave_after_the_third_turn(name: str) -> None:
            nonlocal turns
            turns += 1
            if turns != 3:
                return
            leaving = pages.pop("phone-2")
            leaving.wait_for_timeout(400)
            leaving.locator("[data-testid=leave-button]").tap()
            # Gone from the table: watching it, with no hand and no controls.
            expect(leaving.locator("#play[data-seat=spectator]")).to_have_count(1)
            expect(leaving.locator("#seat-actions")).to_be_hidden()
            for page in pages.values():
                expect(page.locator("#moves")).to_contain_text("from now on")
                expect(page.locator("#seats [data-testid=seat-2]")).to_contain_text("Computer")
            screenshot(pages["desktop"], "table-desktop-computer-took-seat")

        play_to_the_end(pages, after_turn=leave_after_the_third_turn)
        table = LiveTable.objects.get()
        left = TableMember.objects.get(table=table, seat=2)
        assert left.result == "left" and left.coins == 0
        assert ClassicSeat.objects.get(game=table.game, seat=2).strength == "medium"
        assert seated.errors == []
