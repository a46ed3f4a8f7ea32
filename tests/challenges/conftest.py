from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.db import connection
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.conftest import service_missing
from tests.factories import ChallengeFactory, UserFactory


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    # Throttle counters and cached boards live in the cache, which outlives a test's
    # database transaction; start and end every test with an empty one.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player(db: None) -> object:
    return UserFactory()


@pytest.fixture
def challenge(db: None) -> Challenge:
    """The challenge open now."""
    return ChallengeFactory()


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous API client."""
    return APIClient()


@pytest.fixture
def player_client(player: object) -> APIClient:
    api = APIClient()
    api.force_authenticate(player)
    return api


@pytest.fixture
def postgres() -> None:
    if connection.vendor != "postgresql":
        service_missing("needs PostgreSQL (set DATABASE_URL=postgres://...)")
