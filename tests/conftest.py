"""Shared test settings.

TOD_REQUIRE_SERVICES=1 (set by .ci/run) turns "service missing, skipped" into a
failure, so CI cannot go green by skipping the tests that need PostgreSQL, Redis,
a Celery worker or Chromium.
"""

from __future__ import annotations

import os

import pytest

REQUIRE_SERVICES = os.environ.get("TOD_REQUIRE_SERVICES") == "1"


def service_missing(reason: str) -> None:
    """Skip locally, fail in CI: call when a service a test needs is not there."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing: {reason}", pytrace=False)
    pytest.skip(reason)
