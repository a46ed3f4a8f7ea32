"""A pytest plugin for the trust group of `make mutate` (``-p tools.mutation.reused_db``
with ``--reuse-db``): the SQLite test database is a file next to the mutated code,
migrated by the first run and kept, where each mutant's pytest would otherwise build
an in-memory one again; on PostgreSQL, a test database of the mutation runs' own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(Path.cwd() / "test-db.sqlite3")
    else:
        # Not the test database of a plain pytest run on the same DATABASE_URL, which
        # drops its own at the end.
        database.setdefault("TEST", {})["NAME"] = f"test_{database['NAME']}_mutation"
