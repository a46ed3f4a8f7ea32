"""nginx answers a closed board's page from its own cache, and never an open one's.

A real nginx runs with the deploy snippets (triominos-proxy.conf and
triominos-cache.conf) in front of the live test server; the test counts the requests
that reach Django (``request_started`` fires in the live server's thread, in this
process). A board whose results are out is marked public by Django: its second read,
and a browser's revalidation, are answered by nginx alone. An open board is asked of
Django on every read, so a submit shows on the very next one.
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.signals import request_started
from rest_framework.test import APIClient

from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory
from tests.faults.conftest import live_upstream
from tests.processes import NGINX_DEPLOY, nginx_serving

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def nginx(live_server: Any, tmp_path: Path, nginx_path: str) -> Iterator[int]:
    """A real nginx with the proxy and cache snippets before the live server; its port."""
    cache = f"    proxy_cache_path {tmp_path / 'cache'} levels=1:2 keys_zone=triominos_pages:1m;"
    server = f"""
        location / {{
            include {NGINX_DEPLOY / "triominos-proxy.conf"};
            include {NGINX_DEPLOY / "triominos-cache.conf"};
        }}"""
    upstream = live_upstream(live_server)
    with nginx_serving(
        nginx_path, workdir=tmp_path, upstream=upstream, server=server, http=cache
    ) as port:
        yield port


@pytest.fixture
def reached() -> Iterator[list[str]]:
    """The paths of the requests that reach Django, in order."""
    paths: list[str] = []

    def seen(sender: object, environ: dict[str, Any] | None = None, **kwargs: Any) -> None:
        if environ is not None:
            paths.append(environ.get("PATH_INFO", ""))

    request_started.connect(seen, dispatch_uid="nginx-cache-test")
    yield paths
    request_started.disconnect(dispatch_uid="nginx-cache-test")


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Status, ETag and body of one GET through nginx."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("ETag", ""), response.read().decode()
    finally:
        connection.close()


def test_a_closed_boards_page_is_answered_by_nginx_alone(nginx: int, reached: list[str]) -> None:
    now = ChallengeFactory()
    past = ChallengeFactory(number=now.number - 3)
    EntryFactory(challenge=past, score=50, player=UserFactory(username="early"))
    path = f"/challenges/{past.pk}/"

    status, etag, first = _get(nginx, path)
    assert status == 200 and etag and 'href="/players/early/">early</a>' in first, first[:2000]
    assert reached.count(path) == 1
    status, _, again = _get(nginx, path)
    assert status == 200 and again == first
    # A browser's revalidation: nginx answers 304 from the ETag it kept.
    status, _, _ = _get(nginx, path, {"If-None-Match": etag})
    assert status == 304
    assert reached.count(path) == 1  # Django saw neither

    # Another language is another page: asked of Django once, then kept too.
    status, _, french = _get(nginx, path, {"Accept-Language": "fr"})
    assert status == 200 and french != first
    _get(nginx, path, {"Accept-Language": "fr"})
    assert reached.count(path) == 2

    # A reader with a session sees their own page, from Django.
    _get(nginx, path, {"Cookie": "sessionid=whatever"})
    assert reached.count(path) == 3


def test_a_submit_on_an_open_board_shows_on_the_next_read(nginx: int, reached: list[str]) -> None:
    challenge = ChallengeFactory()
    EntryFactory(challenge=challenge, score=50)
    path = f"/challenges/{challenge.pk}/"
    status, etag, before = _get(nginx, path)
    assert status == 200 and not etag and "newcomer" not in before

    newcomer = UserFactory(username="newcomer")
    run = RunFactory(player=newcomer, challenge=challenge, finished=True)
    client = APIClient()
    client.force_authenticate(newcomer)
    assert client.post(f"/api/runs/{run.pk}/submit/").status_code == 201

    status, _, after = _get(nginx, path)
    assert status == 200 and 'href="/players/newcomer/">newcomer</a>' in after
    assert reached.count(path) == 2
