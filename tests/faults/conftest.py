"""What the fault tests share: the servers they need, or a clear failure without them."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from tests.conftest import service_missing
from tests.processes import LoopbackSite, nginx_binary

Site = TypeVar("Site", bound=LoopbackSite)


@pytest.fixture
def nginx_path() -> str:
    binary = nginx_binary()
    if binary is None:
        service_missing("needs nginx (apt-get install nginx-light)")
        raise AssertionError("unreachable")
    return binary


def live_upstream(live_server: Any) -> str:
    """The live test server as nginx's upstream: host:port."""
    return str(live_server.url).removeprefix("http://").rstrip("/")


@contextlib.contextmanager
def site_running(make: Callable[[], Site]) -> Iterator[Site]:
    """The site ``make`` starts, closed after; a missing server fails (or skips) clearly."""
    try:
        site = make()
    except FileNotFoundError as missing:
        service_missing(str(missing))
        raise
    try:
        yield site
    finally:
        site.close()
