"""A kept PostgreSQL connection is checked before each request uses it: an idle live
one by a look at its socket (no query), a dead one by the real ``SELECT 1``, so the
first request after the database dropped it reconnects (config/postgresql)."""

from __future__ import annotations

import select
import time
from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def kept(postgres: None) -> Iterator[BaseDatabaseWrapper]:
    """A second connection, kept between requests as ``CONN_MAX_AGE`` keeps one."""
    wrapper = connections.create_connection("default")
    wrapper.settings_dict["CONN_HEALTH_CHECKS"] = True
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def _backend(wrapper: BaseDatabaseWrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def _last_query(pid: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [pid])
        return str(cursor.fetchone()[0])


def _request_begins(wrapper: BaseDatabaseWrapper) -> None:
    wrapper.health_check_done = False  # what each request's start does
    wrapper.close_if_health_check_failed()


def test_a_live_idle_connection_is_kept_without_a_query(kept: BaseDatabaseWrapper) -> None:
    pid = _backend(kept)
    with kept.cursor() as cursor:
        cursor.execute("SELECT 'the last query before the check'")
    _request_begins(kept)
    assert kept.connection is not None
    assert _last_query(pid) == "SELECT 'the last query before the check'"
    assert _backend(kept) == pid


def test_a_connection_the_server_ended_is_dropped_and_the_next_query_reconnects(
    kept: BaseDatabaseWrapper,
) -> None:
    pid = _backend(kept)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    socket = kept.connection.fileno()
    deadline = time.monotonic() + 5
    while not select.select([socket], [], [], 0.05)[0]:
        assert time.monotonic() < deadline, "the server never said it ended the connection"
    _request_begins(kept)
    assert kept.connection is None  # dropped before any query could fail on it
    assert _backend(kept) != pid
