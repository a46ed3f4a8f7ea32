"""What the fault tests share: the servers they start, or a clear failure without them."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from tests.conftest import service_missing
from tests.processes import LoopbackSite

Site = TypeVar("Site", bound=LoopbackSite)


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
