"""Shared test settings.

TOD_REQUIRE_SERVICES=1 (set by .ci/run) turns "service missing, skipped" into a
failure, so CI cannot go green by skipping the tests that need PostgreSQL, Redis,
a Celery worker or Chromium.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# Property tests are about correctness; speed lives in the benchmarks, so no per-example
# deadline that a busy two-core CI machine could trip.
settings.register_profile("tod", deadline=None, print_blob=True)
settings.load_profile("tod")

REQUIRE_SERVICES = os.environ.get("TOD_REQUIRE_SERVICES") == "1"


def service_missing(reason: str) -> None:
    """Skip locally, fail in CI: call when a service a test needs is not there."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def throttle_window_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """The API throttles' clock held in the middle of one minute: a test that counts up
    to a limit on a loaded machine could otherwise straddle two windows."""
    import time

    from config.throttling import AtomicScopedRateThrottle

    mid_window = (time.time() // 60) * 60 + 30
    monkeypatch.setattr(AtomicScopedRateThrottle, "timer", lambda self: mid_window)


@pytest.fixture
def nginx_path() -> str:
    """Where nginx is (the tests that run a real one in front of the live server)."""
    from tests.processes import nginx_binary

    binary = nginx_binary()
    if binary is None:
        service_missing("needs nginx (apt-get install nginx-light)")
        raise AssertionError("unreachable")
    return binary


_DJANGO_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server", "client"}


@pytest.fixture(autouse=True)
def _cache_cleared(request: pytest.FixtureRequest) -> None:
    """Throttle counts and cached leaderboards live in the cache, which outlives each
    test's database transaction: start every Django test with an empty one."""
    if request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames):
        from django.core.cache import cache, caches

        from config import database_outage

        cache.clear()  # and the process's near copies (config/near_cache.py)
        caches["limits"].clear()
        # Its memory of when each read was copied would skip a copy the cache just lost.
        database_outage._copied_at.clear()


@pytest.fixture(autouse=True)
def _language_reset(request: pytest.FixtureRequest) -> Iterator[None]:
    """A request in French leaves French active in this thread (LocaleMiddleware does
    not undo it): each Django test starts from the default language."""
    yield
    if request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames):
        from django.utils import translation

        translation.deactivate()


@pytest.fixture(autouse=True)
def _par_not_solved_in_background(request: pytest.FixtureRequest) -> None:
    """No test solves a par behind its back (a thread of seconds of CPU, or a Celery
    message nobody takes): pars are the tests' to solve (PAR_SOLVE=off). The tests of
    the background paths turn them on themselves."""
    if request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames):
        settings_ = request.getfixturevalue("settings")
        settings_.PAR_SOLVE = "off"


@pytest.fixture(autouse=True)
def _trust_rules_where_tested(request: pytest.FixtureRequest) -> None:
    """Most tests' players are brand-new accounts scoring at the top of a near-empty board:
    every such entry is held for its player's lack of history (``provisional``). The
    tests about something else set the trust rules off, explicitly, here (TRUST_TOP=0:
    no top of a board is guarded; no near-copy, no overlapping-runs check); the tests
    marked ``trust`` (tests/api/test_trust.py, the desk) run with the service's defaults."""
    if request.node.get_closest_marker("trust"):
        return
    if request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames):
        settings_ = request.getfixturevalue("settings")
        settings_.TRUST_TOP = 0
        settings_.TRUST_NEAR_COPY_SHARE = 0
        settings_.TRUST_OVERLAPPING_RUNS = False
        settings_.TRUST_TIMING_SPREAD = 0


@pytest.fixture(autouse=True)
def _api_responses_match_the_schema(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every JSON answer under /api/ that a test client gets must match /api/schema/
    (tests/schema_check.py): the schema stays true because the suite reads it."""
    if not (
        request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames)
    ):
        return
    from django.test.client import Client

    from tests.schema_check import response_problem

    original = Client.request

    def checked(self: Client, **environ: object) -> object:
        response = original(self, **environ)
        if str(response.get("Content-Type", "")).startswith("application/json"):
            problem = response_problem(
                str(environ.get("REQUEST_METHOD", "GET")),
                str(environ.get("PATH_INFO", "")),
                response.status_code,
                json.loads(response.content or b"null"),
            )
            if problem is not None:
                pytest.fail(f"response outside the API schema: {problem}", pytrace=False)
        return response

    monkeypatch.setattr(Client, "request", checked)


# --- players, the open challenge and API clients (domain, API and page tests) ----------


@pytest.fixture
def player(db: None) -> object:
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def challenge(db: None) -> object:
    """The challenge open now, dealt the tests' own deal (tests.factories)."""
    from tests.factories import ChallengeFactory

    return ChallengeFactory()


@pytest.fixture
def api_client() -> object:
    """An anonymous API client."""
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def player_client(player: object) -> object:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(player)
    return api


@pytest.fixture
def server_clock(monkeypatch: pytest.MonkeyPatch) -> object:
    """The server's clock (``django.utils.timezone.now``), standing still from the real
    time now until the test moves it on, as a player's seconds pass (tests.playing)."""
    from django.utils import timezone

    from tests.playing import ServerClock

    clock = ServerClock(timezone.now())
    monkeypatch.setattr(timezone, "now", clock.now)
    return clock


@pytest.fixture
def postgres() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        service_missing("needs PostgreSQL (set DATABASE_URL=postgres://...)")
