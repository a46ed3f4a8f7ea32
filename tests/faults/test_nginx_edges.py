"""The requests nginx refuses itself answer in the API's JSON error shape.

A real nginx runs with the deploy snippets (deploy/nginx/triominos-errors.conf and
triominos-proxy.conf) in front of the live test server. An address, a header or a body
too large never reaches Django: nginx answers 414, 431 or 413, and each answer is JSON
with a ``detail`` and a ``code``. What nginx passes on still reaches the site.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_missing
from tests.factories import ChallengeFactory

pytestmark = pytest.mark.django_db(transaction=True)

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx"


def _nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(path, os.X_OK)),
        None,
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _config(*, workdir: Path, listen: int, upstream: str) -> str:
    temp = "\n".join(
        f"    {kind}_temp_path {workdir / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""
worker_processes 1;
daemon off;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
{temp}
    upstream triominos_web {{ server {upstream}; keepalive 4; }}
    server {{
        listen 127.0.0.1:{listen};
        include {DEPLOY / "triominos-errors.conf"};
        location / {{ include {DEPLOY / "triominos-proxy.conf"}; }}
    }}
}}
"""


@pytest.fixture
def nginx(live_server: Any, tmp_path: Path) -> Iterator[int]:
    """A real nginx with the deploy snippets in front of the live server; its port."""
    binary = _nginx_binary()
    if binary is None:
        service_missing("needs nginx (apt-get install nginx-light)")
        raise AssertionError("unreachable")
    # nginx's workers may run as another user (nobody): they must write their temp files.
    tmp_path.chmod(0o777)
    upstream = str(live_server.url).removeprefix("http://").rstrip("/")
    port = _free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(_config(workdir=tmp_path, listen=port, upstream=upstream))
    process = subprocess.Popen(
        [binary, "-p", str(tmp_path), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    error = process.stderr.read().decode() if process.stderr else ""
                    raise AssertionError(f"nginx did not start: {error}") from None
                time.sleep(0.05)
        yield port
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


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
