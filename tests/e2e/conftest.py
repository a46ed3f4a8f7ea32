"""Browser tests: Playwright driving Debian's Chromium against a live Django server.

Shared fixtures (the play and pages tests both use them):

- ``site_clock`` (automatic): the clock the server reads and every browser context
  shows, started one hour into the slot open now and ticking in real time (``advance``
  jumps it on), so no test meets 00:00, 08:00 or 16:00 and the browser agrees with the
  server on the hour (a test marked ``real_browser_clock`` keeps the browser's own
  clock).
- ``e2e_deal``: the deal the tests play, ``deals.TEST_DEAL`` unless ``TOD_E2E_DEAL``
  names another (``hostile``, ``seed:N``, or ``slot:N`` for the site's own deal of
  slot N, e.g. ``slot:978``).
- ``challenge_dealt(tray, well)``: makes the open slot's challenge with that deal.
- ``open_challenge``: the challenge open now, dealt ``e2e_deal``. The site makes a
  slot's challenge only when its row is missing, so the live server plays this row.
- ``make_player(username=None)``: creates a user; returns ``(user, password)``.
- ``make_moderator()``: a staff user who may change entries; returns ``(user, password)``.
- ``logged_in_page``: a Playwright page logged in (through the real login form) as a
  fresh player, available as ``logged_in_page.player`` (the user object).
- ``login(page, username, password)``: logs a page in through the login form.
- ``screenshot(page, name)``: saves ``test-artifacts/screenshots/<name>.png``.
- ``site_url``: the live server's base URL, without a trailing slash.

Every test here needs the database from another thread (the live server), so the
fixtures use ``transactional_db``. After each test, the browser's pages are closed and
the live server's answers finished before that database is emptied
(``_answers_finished``).
"""

from __future__ import annotations

import itertools
import os
import re
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.signals import request_finished, request_started

from tests.conftest import service_missing
from tests.e2e.deals import deal_named
from tests.e2e.play_helpers import tour_seen
from triominos import Deal

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


# A JavaScript function's source: "() => ...", "x => ...", "(a, b) => ...", "function ...".
_FUNCTION_SOURCE = re.compile(
    r"^\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)"
)


@pytest.fixture(scope="session", autouse=True)
def _service_workers_blocked() -> Iterator[None]:
    """The site's service worker (lib/install.js) would answer requests that a test's
    ``route`` means to answer (Playwright's routes do not see what a worker fetches): a
    context blocks it unless the test allows it (``service_workers="allow"``, as
    tests/e2e/test_install_browser.py does)."""
    from playwright.sync_api import Browser

    original = Browser.new_context

    def new_context(browser: Browser, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        return original(browser, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Browser, "new_context", new_context)
        yield


@pytest.fixture(scope="session", autouse=True)
def _wait_for_function_without_eval() -> Iterator[None]:
    """``page.wait_for_function("an expression")`` polls by eval'ing the string in the
    page, which the site's Content-Security-Policy refuses (no 'unsafe-eval'); a function
    source is called through DevTools instead, which CSP leaves alone. So an expression
    is sent as ``() => (expression)``: the tests keep their words, and the pages keep
    their policy (no test turns it off)."""
    from playwright.sync_api import Page

    original = Page.wait_for_function

    def wait_for_function(page: Page, expression: str, **options: Any) -> Any:
        if not _FUNCTION_SOURCE.match(expression):
            expression = f"() => ({expression})"
        return original(page, expression, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "wait_for_function", wait_for_function)
        yield


class _Answering:
    """How many requests the live server is still answering, counted by Django's request
    signals (they fire in the server's threads)."""

    def __init__(self) -> None:
        self._count = 0
        self._changed = threading.Condition()

    def started(self, **_: Any) -> None:
        with self._changed:
            self._count += 1

    def finished(self, **_: Any) -> None:
        with self._changed:
            self._count -= 1
            self._changed.notify_all()

    def wait_until_none(self, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self._count <= 0, timeout)


_answering = _Answering()
request_started.connect(_answering.started, dispatch_uid="e2e-answering-started")
request_finished.connect(_answering.finished, dispatch_uid="e2e-answering-finished")

# Long enough for any answer the site gives; a request still open after it is a hang.
ANSWERS_FINISH_S = 10


@pytest.fixture(autouse=True)
def _answers_finished(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test may end while its page still waits on an answer (an end screen's
    standing, a metric). The database is emptied after each test, and on PostgreSQL
    that flush deadlocks with an answer still reading. Close the browser's pages, then
    let the answers finish first. Set up after pytest-django's live-server helper,
    which makes the test's database, so this is torn down before the flush."""
    yield
    if "live_server" not in request.fixturenames:
        return
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
    if not _answering.wait_until_none(ANSWERS_FINISH_S):
        warnings.warn(
            f"the live server was still answering {ANSWERS_FINISH_S} s after the test",
            stacklevel=1,
        )


@pytest.fixture
def site_url(live_server: Any) -> str:
    return str(live_server.url).rstrip("/")


# How far into its slot the site's clock starts: hours from either end of the slot.
CLOCK_INTO_SLOT = timedelta(hours=1)


@dataclass
class SiteClock:
    """The site's time during one test: ``start`` plus the real time gone by since."""

    slot: int
    start: datetime
    _started: float = field(default_factory=time.monotonic)

    def now(self) -> datetime:
        return self.start + timedelta(seconds=time.monotonic() - self._started)

    def advance(self, seconds: float) -> None:
        """The site's time jumps on: a wait the server's clocks count, with no sleep."""
        self.start += timedelta(seconds=seconds)


@pytest.fixture(autouse=True)
def site_clock(monkeypatch: pytest.MonkeyPatch) -> SiteClock:
    """Every reader of ``django.utils.timezone.now`` (the services' default, the views,
    the live server's thread) gets this clock, one hour into the slot open now."""
    from django.utils import timezone

    from challenges.slots import slot_at

    slot = slot_at(at=timezone.now())
    clock = SiteClock(slot=slot.number, start=slot.opens_at + CLOCK_INTO_SLOT)
    monkeypatch.setattr(timezone, "now", clock.now)
    return clock


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "real_browser_clock: the browser keeps its real clock (Playwright's fake clock "
        "keeps no performance marks, which the metrics tests read)",
    )
    config.addinivalue_line(
        "markers",
        "first_run_tour: the browser has not seen the play page's first-run tour (every "
        "other test starts as one that has)",
    )


@pytest.fixture
def context(context: Any, site_clock: SiteClock, request: pytest.FixtureRequest) -> Iterator[Any]:
    """pytest-playwright's context, its pages showing the site's time (it still flows;
    tests may fast-forward it), unless the test is marked ``real_browser_clock``.

    An error a page's script throws and nothing catches fails the test, even when what
    the test looks at still came out right."""
    if request.node.get_closest_marker("real_browser_clock") is None:
        context.clock.install(time=site_clock.now())
    if request.node.get_closest_marker("first_run_tour") is None:
        tour_seen(context)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context
    assert not thrown, f"a page threw: {thrown}"


@pytest.fixture
def e2e_deal() -> Deal:
    name = os.environ.get("TOD_E2E_DEAL", "test")
    kind, _, number = name.partition(":")
    if kind == "slot" and number.lstrip("-").isdigit():
        from challenges.schedule.services import challenge_seed, challenge_tiles_deal

        tray, well = challenge_tiles_deal(seed=challenge_seed(number=int(number)))
        return Deal(tuple(tray), tuple(well))
    return deal_named(name)


@pytest.fixture
def challenge_dealt(
    transactional_db: None, site_clock: SiteClock
) -> Callable[[Sequence[str], Sequence[str]], Any]:
    """Makes (or re-deals) the open slot's challenge with ``tray`` and ``well``."""
    from challenges.models import Challenge
    from challenges.slots import slot_get

    def deal(tray: Sequence[str], well: Sequence[str]) -> Any:
        slot = slot_get(number=site_clock.slot)
        challenge, _ = Challenge.objects.update_or_create(
            number=slot.number,
            defaults={
                "opens_at": slot.opens_at,
                "closes_at": slot.closes_at,
                "tray": list(tray),
                "well": list(well),
                "seed": "chosen-by-the-test",
            },
        )
        return challenge

    return deal


@pytest.fixture
def open_challenge(challenge_dealt: Callable[..., Any], e2e_deal: Deal) -> Any:
    return challenge_dealt(e2e_deal.tray, e2e_deal.well)


@pytest.fixture
def make_player(transactional_db: None) -> Callable[..., tuple[Any, str]]:
    from django.contrib.auth import get_user_model

    def make(username: str | None = None, password: str = PASSWORD) -> tuple[Any, str]:
        name = username or f"player{os.getpid()}x{next(_usernames)}"
        user = get_user_model().objects.create_user(username=name, password=password)
        return user, password

    return make


@pytest.fixture
def make_moderator(make_player: Callable[..., tuple[Any, str]]) -> Callable[[], tuple[Any, str]]:
    """``make_moderator()``: a staff user who may change entries (the desk's and the
    review queue's permission); returns ``(user, password)``."""
    from django.contrib.auth.models import Permission

    def make() -> tuple[Any, str]:
        user, password = make_player()
        user.is_staff = True
        user.save()
        user.user_permissions.add(Permission.objects.get(codename="change_entry"))
        return user, password

    return make


def log_in(page: Any, url: str, username: str, password: str = PASSWORD) -> None:
    """Logs ``page`` in through the login form of the site at ``url``."""
    page.goto(f"{url}/accounts/login/?next=/play/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.locator("form:has(input[name=password]) [type=submit]").click()
    if "/accounts/login/" in page.url:
        raise AssertionError(f"logging in as {username} failed; still on {page.url}")


@pytest.fixture
def login(site_url: str) -> Callable[[Any, str, str], None]:
    return lambda page, username, password: log_in(page, site_url, username, password)


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
