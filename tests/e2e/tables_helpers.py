"""The live tables' browser steps, taken as the players take them: each player a browser
context of their own (a phone for a name that starts with "phone", else a desktop), a
table made on one page and joined on the others by its invitation, and each turn taken
on the page whose turn it is (tests/e2e/test_classic_browser.py's ``_turn``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from challenges.classic import services as classic_services
from tests.e2e.devices import DEVICES
from tests.e2e.test_classic_browser import _turn

# A deal where the first tiles fit at once (the classic page's browser test's).
SEED = "e2e00005"
TURN_MS = 30_000
# More turns than any round takes: a round that does not end fails rather than hangs.
MOST_TURNS = 300


@pytest.fixture
def table_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table made in the test is dealt ``SEED`` (a module uses the fixture through
    ``pytest.mark.usefixtures("table_deal")``, importing it)."""
    monkeypatch.setattr(classic_services.secrets, "token_hex", lambda size: SEED)


def touch(name: str) -> bool:
    """Whether the player ``name`` plays with a finger (a phone)."""
    return name.startswith("phone")


def player_context(browser: Any, device: str) -> BrowserContext:
    context = browser.new_context(**DEVICES[device])
    context.set_default_timeout(TURN_MS)
    return context


@dataclass
class Players:
    """The players' pages by name, and the errors any of them threw."""

    pages: dict[str, Page]
    errors: list[str] = field(default_factory=list)


@contextlib.contextmanager
def players(browser: Any, *names: str) -> Iterator[Players]:
    """A page for each of ``names`` in a context of its own, its page errors collected;
    every context is closed after, whatever happened."""
    devices = {name: "phone" if touch(name) else "desktop" for name in names}
    contexts = {name: player_context(browser, device) for name, device in devices.items()}
    try:
        table = Players(pages={name: context.new_page() for name, context in contexts.items()})
        for page in table.pages.values():
            page.on("pageerror", lambda error: table.errors.append(str(error)))
        yield table
    finally:
        for context in contexts.values():
            context.close()


def make_table(page: Page, url: str, seats: int) -> str:
    """Makes a table of ``seats`` on the tables page; returns its invitation on ``url``."""
    page.goto(f"{url}/tables/")
    page.locator(f"#make-form input[name=seats][value='{seats}']").check()
    page.locator("[data-testid=make-table]").click()
    expect(page.locator("[data-screen=waiting]")).to_be_visible()
    invite = page.locator("[data-testid=invite-link]").input_value()
    assert "?invite=" in invite
    return invite.replace("http://testserver", url)


def join(page: Page, invite: str) -> None:
    page.goto(invite)
    page.locator("[data-testid=join-button]").click()


def seat_all(pages: dict[str, Page], url: str, seats: int) -> None:
    """The first page makes a table of ``seats``, the others join it, and every page
    shows the game."""
    host, *guests = pages.values()
    invite = make_table(host, url, seats=seats)
    for guest in guests:
        join(guest, invite)
    for page in pages.values():
        expect(page.locator("[data-screen=game]")).to_be_visible()


def mover(pages: dict[str, Page]) -> str | None:
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


def play_until_to_move(pages: dict[str, Page], name: str) -> None:
    """The others take their turns until it is ``name``'s."""
    while (name_to_move := mover(pages)) != name:
        assert name_to_move is not None, "the round ended first"
        _turn(pages[name_to_move], touch(name_to_move))


def play_to_the_end(
    pages: dict[str, Page], *, after_turn: Callable[[str], None] | None = None
) -> int:
    """Each page takes its turns until the round ends (``after_turn(name)`` after
    each); every page then shows the end. Returns the turns taken."""
    turns = 0
    while (name := mover(pages)) is not None:
        _turn(pages[name], touch(name))
        turns += 1
        assert turns < MOST_TURNS, "the round does not end"
        if after_turn is not None:
            after_turn(name)
    for page in pages.values():
        expect(page.locator("[data-screen=end]")).to_be_visible()
    return turns
