"""Shared test settings.

TOD_REQUIRE_SERVICES=1 (set by .ci/run) turns "service missing, skipped" into a
failure, so CI cannot go green by skipping the tests that need PostgreSQL, Redis,
a Celery worker or Chromium.
"""

from __future__ import annotations

import os

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


_DJANGO_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server", "client"}


@pytest.fixture(autouse=True)
def _cache_cleared(request: pytest.FixtureRequest) -> None:
    """Throttle counts and cached leaderboards live in the cache, which outlives each
    test's database transaction: start every Django test with an empty one."""
    if request.node.get_closest_marker("django_db") or _DJANGO_FIXTURES & set(request.fixturenames):
        from django.core.cache import cache

        cache.clear()


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
def postgres() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        service_missing("needs PostgreSQL (set DATABASE_URL=postgres://...)")
