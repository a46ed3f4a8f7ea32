"""Browser tests: Playwright driving Debian's Chromium against a live Django server.

Shared fixtures (the play and pages tests both use them):

- ``open_challenge``: the challenge open now, with the deal the tests chose
  (``deals.TEST_DEAL``), so no test depends on which slot is open.
- ``make_player(username=None)``: creates a user; returns ``(user, password)``.
- ``logged_in_page``: a Playwright page logged in (through the real login form) as a
  fresh player, available as ``logged_in_page.player`` (the user object).
- ``login(page, username, password)``: logs a page in through the login form.
- ``screenshot(page, name)``: saves ``test-artifacts/screenshots/<name>.png``.
- ``site_url``: the live server's base URL, without a trailing slash.

Every test here needs the database from another thread (the live server), so the
fixtures use ``transactional_db``.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_missing

# Playwright's sync API runs an event loop in the test thread; Django's ORM refuses
# to run beside one unless told this is deliberate (it is: tests only).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
PASSWORD = "tri-ominos-hexagon-42"

_usernames = itertools.count(1)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, never a downloaded one (`playwright install` is not used)."""
    if not CHROMIUM.exists():
        service_missing(f"Chromium is not installed at {CHROMIUM}")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture
def site_url(live_server: Any) -> str:
    return str(live_server.url).rstrip("/")


@pytest.fixture
def open_challenge(transactional_db: None) -> Any:
    """The challenge open now, dealt ``TEST_DEAL``; the next slot's too, so a test that
    runs across 00:00, 08:00 or 16:00 still plays the same deal. The site makes a slot's
    challenge only when its row is missing, so the live server plays these rows."""
    from django.utils import timezone

    from challenges import schedule
    from challenges.models import Challenge
    from tests.e2e.deals import TEST_DEAL, TEST_DEAL_SEED

    current = schedule.slot_number(at=timezone.now())
    for number in (current, current + 1):
        slot = schedule.slot_get(number=number)
        Challenge.objects.update_or_create(
            number=number,
            defaults={
                "id": number,
                "opens_at": slot.opens_at,
                "closes_at": slot.closes_at,
                "tray": list(TEST_DEAL.tray),
                "well": list(TEST_DEAL.well),
                "seed": f"test-deal-{TEST_DEAL_SEED}",
            },
        )
    return Challenge.objects.get(number=current)


@pytest.fixture
def make_player(transactional_db: None) -> Callable[..., tuple[Any, str]]:
    from django.contrib.auth import get_user_model

    def make(username: str | None = None, password: str = PASSWORD) -> tuple[Any, str]:
        name = username or f"player{os.getpid()}x{next(_usernames)}"
        user = get_user_model().objects.create_user(username=name, password=password)
        return user, password

    return make


@pytest.fixture
def login(site_url: str) -> Callable[[Any, str, str], None]:
    def log_in(page: Any, username: str, password: str) -> None:
        page.goto(f"{site_url}/accounts/login/?next=/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        with page.expect_navigation():
            page.locator("form:has(input[name=password]) [type=submit]").click()
        if "/accounts/login/" in page.url:
            raise AssertionError(f"logging in as {username} failed; still on {page.url}")

    return log_in


@pytest.fixture
def logged_in_page(
    page: Any,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Any, str, str], None],
    open_challenge: Any,
) -> Iterator[Any]:
    user, password = make_player()
    login(page, user.username, password)
    page.player = user
    yield page


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page: Any, name: str, *, full_page: bool = True) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
