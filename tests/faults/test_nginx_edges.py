"""The requests nginx refuses itself answer in the API's JSON error shape.

A real nginx runs with the deploy snippets (deploy/nginx/triominos-errors.conf and
triominos-proxy.conf) in front of the live test server. An address, a header or a body
too large never reaches Django: nginx answers 414, 431 or 413, and each answer is JSON
with a ``detail`` and a ``code``. What nginx passes on still reaches the site.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.factories import ChallengeFactory
from tests.faults.conftest import live_upstream
from tests.processes import NGINX_DEPLOY, nginx_serving

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def nginx(live_server: Any, tmp_path: Path, nginx_path: str) -> Iterator[int]:
    """A real nginx with the deploy snippets in front of the live server; its port."""
    server = f"""
        include {NGINX_DEPLOY / "triominos-errors.conf"};
        location / {{ include {NGINX_DEPLOY / "triominos-proxy.conf"}; }}"""
    upstream = live_upstream(live_server)
    with nginx_serving(nginx_path, workdir=tmp_path, upstream=upstream, server=server) as port:
        yield port


def _request(
    port: int,
    method: str,
    path: str,
    *,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, str, Any]:
    """Status, content type and JSON body of one request through nginx."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        raw = response.read()
        return response.status, response.getheader("Content-Type", ""), json.loads(raw)
    finally:
        connection.close()


def _assert_error(answer: tuple[int, str, Any], status: int, code: str) -> None:
    got_status, content_type, body = answer
    assert (got_status, body.get("code")) == (status, code), answer
    assert content_type.startswith("application/json")
    assert set(body) == {"detail", "code"} and body["detail"]


def test_what_nginx_passes_on_reaches_the_site(nginx: int) -> None:
    challenge = ChallengeFactory()
    status, content_type, body = _request(nginx, "GET", "/api/challenges/current/")
    assert (status, body["id"]) == (200, challenge.pk)
    assert content_type.startswith("application/json")
    # Unmatched paths under /api/ get Django's JSON errors, through nginx too: a read a
    # 404, a write without a session's CSRF token a 403 (CSRF is checked first).
    _assert_error(_request(nginx, "GET", "/api/no-such-thing/"), 404, "not_found")
    _assert_error(_request(nginx, "POST", "/api/no-such-thing/", body=b"{}"), 403, "csrf_failed")


def test_an_address_too_long_is_a_json_414(nginx: int) -> None:
    answer = _request(nginx, "GET", "/api/challenges/?page=" + "9" * 5000)
    _assert_error(answer, 414, "uri_too_long")


def test_a_header_too_large_is_a_json_431(nginx: int) -> None:
    answer = _request(nginx, "GET", "/api/challenges/current/", headers={"X-Note": "a" * 5000})
    _assert_error(answer, 431, "headers_too_large")


def test_a_body_too_large_is_a_json_413_that_never_reaches_the_site(nginx: int) -> None:
    body = json.dumps({"from": 0, "moves": ["x" * 300_000]}).encode()
    answer = _request(
        nginx,
        "POST",
        "/api/runs/00000000-0000-0000-0000-000000000000/moves/",
        body=body,
        headers={"Content-Type": "application/json"},
    )
    _assert_error(answer, 413, "too_large")
