"""A player who goes away from a live table, in real Chromium (a browser context for
each player, the site served as ASGI with its sockets):

- at two seats, the player to move closes their page; 40 s later (the site's clock
  jumps on: ``site_clock.advance``, no sleep) the other is shown them away and the
  claim, claims the game, and wins it;
- at three seats, the same: a medium computer takes the seat, the other two see it
  and play the round to its end.

The server's own rules (40 s away, 5 s to show away) are the production ones; the
pages find out by reading the table as they do while someone is to move.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from challenges.models import ClassicSeat, LiveTable, TableMember
from tests.e2e.asgi_server import asgi_site_url  # noqa: F401  (a fixture)
from tests.e2e.conftest import log_in
from tests.e2e.tables_helpers import (
    play_to_the_end,
    play_until_to_move,
    players,
    seat_all,
    table_deal,  # noqa: F401  (a fixture)
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("table_deal"),
]

AWAY_LONG_ENOUGH = 41
"""Seconds the site's clock jumps: past the 40 s after which the others may claim."""
READ_AGAIN_MS = 20_000
"""Time for a page's next read of the table (every 5 s) on a busy machine."""


def _go_away(page: Page) -> None:
    """The player closes the table's page: no socket, no read, no ping from then on."""
    page.close()


def test_at_two_seats_the_other_claims_against_a_player_away(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    make_player: Any,
    site_clock: Any,
    screenshot: Any,
) -> None:
    url = asgi_site_url
    user, _ = make_player()
    with players(browser, "desktop", "phone") as seated:
        pages = seated.pages
        desktop, phone = pages["desktop"], pages["phone"]
        desktop.on("dialog", lambda dialog: dialog.accept())
        log_in(desktop, url, user.username)
        seat_all(pages, url, seats=2)
        play_until_to_move(pages, "phone")
        phone_seat = int(phone.locator("#play").get_attribute("data-seat") or "")
        expect(desktop.locator("[data-testid=claim-button]")).to_be_hidden()

        _go_away(phone)
        site_clock.advance(AWAY_LONG_ENOUGH)
        # The page reads the table again within 5 s while another person is to move.
        expect(desktop.locator(f"[data-testid=away-{phone_seat}]")).to_be_visible(
            timeout=READ_AGAIN_MS
        )
        claim = desktop.locator("[data-testid=claim-button]")
        expect(claim).to_be_visible()
        screenshot(desktop, "table-desktop-claim")
        claim.click()

        expect(desktop.locator("[data-screen=end]")).to_be_visible()
        expect(desktop.locator("[data-testid=results] li")).to_have_count(2)
        table = LiveTable.objects.get()
        assert table.status == "finished"
        results = dict(table.members.values_list("seat", "result"))
        assert results == {phone_seat: "left", 1 - phone_seat: "won"}
        assert table.members.get(seat=1 - phone_seat).coins == 2
        claimed = table.events.filter(body__event="seat_left").get().body
        assert claimed == {"event": "seat_left", "seat": phone_seat, "reason": "claimed"}
        assert seated.errors == []


def test_at_three_seats_a_computer_takes_the_seat_of_a_player_away(
    browser: Any,
    asgi_site_url: str,  # noqa: F811
    site_clock: Any,
    screenshot: Any,
) -> None:
    with players(browser, "desktop", "phone", "phone-2") as seated:
        pages = dict(seated.pages)
        seat_all(pages, asgi_site_url, seats=3)
        play_until_to_move(pages, "phone-2")
        leaving = pages.pop("phone-2")
        seat = int(leaving.locator("#play").get_attribute("data-seat") or "")

        _go_away(leaving)
        site_clock.advance(AWAY_LONG_ENOUGH)
        # The next read of the table finds the seat due: a computer takes it and plays.
        for page in pages.values():
            expect(page.locator(f"#seats [data-testid=seat-{seat}]")).to_contain_text(
                "Computer", timeout=READ_AGAIN_MS
            )
            expect(page.locator("#moves")).to_contain_text("from now on")
        screenshot(pages["desktop"], "table-desktop-computer-for-the-away")

        play_to_the_end(pages)
        table = LiveTable.objects.get()
        left = TableMember.objects.get(table=table, seat=seat)
        assert left.result == "left" and left.coins == 0
        took = table.events.filter(body__event="seat_left").get().body
        assert took == {"event": "seat_left", "seat": seat, "reason": "timed_out"}
        assert ClassicSeat.objects.get(game=table.game, seat=seat).strength == "medium"
        assert seated.errors == []
