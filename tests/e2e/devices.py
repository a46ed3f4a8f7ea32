"""The two screens the play tests run on: a desktop, and a phone held upright.

A module that plays on both imports ``each_device``: the fixture ``device``, each name in
turn, which overrides pytest-playwright's own ``device`` in that module only (so it is
not in the conftest). Its tests open their context with ``DEVICES[device]``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.e2e.play_helpers import tour_seen

DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
PHONE = DEVICES["phone"]


@pytest.fixture(name="device", params=sorted(DEVICES))
def each_device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@contextlib.contextmanager
def context_for(
    browser: Browser, device: str, *, now: datetime, **options: Any
) -> Iterator[BrowserContext]:
    """A context for ``device`` (and ``options``) whose clock starts at ``now`` (the
    site's), as a browser that has seen the tour; the test fails on any error a page
    throws."""
    context = browser.new_context(**DEVICES[device], **options)
    context.clock.install(time=now)
    tour_seen(context)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context
    context.close()
    assert not thrown, f"a page threw: {thrown}"


@pytest.fixture(name="phone")
def phone_context(browser: Browser, site_clock: Any) -> Iterator[BrowserContext]:
    """A phone's context on the site's clock (``context_for``), for a module that plays
    on the phone only: it imports ``phone_context``, the fixture ``phone``."""
    with context_for(browser, "phone", now=site_clock.now()) as context:
        yield context


@pytest.fixture(name="phone_player")
def phone_player_page(phone: BrowserContext, make_player: Any, login: Any) -> Any:
    """A page on ``phone`` logged in (through the log-in form) as a new player, who is
    ``page.player``; a module imports ``phone_player_page``, the fixture ``phone_player``."""
    user, password = make_player()
    page = phone.new_page()
    login(page, user.username, password)
    page.player = user
    return page
