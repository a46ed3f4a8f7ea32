"""Two gunicorn instances behind a real nginx, for ``make load --nginx``.

The nginx runs the site's own pieces from ``deploy/nginx/``: the proxy snippet every
request goes through, the request caps and the compression snippets, before an upstream of the two
instances (round robin, as the production upstream spreads over its servers). It adds
one header of its own, ``X-Upstream``, so the check below can tell which instance
answered.

``instances_agree`` then shows that a player cannot tell the instances apart: a
session made on one is honoured by the other, a throttle counts across both, a submit
on one is seen at once on the other's cached board, and a run's batches of moves go
on from each other whichever instance takes them.
"""

from __future__ import annotations

import http.client
import json
import re
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
# The instances' auth throttle during the check (the load phases do not log in).
CHECK_AUTH_THROTTLE = 12

_CONF = """
worker_processes 1;
user root;
pid {prefix}/nginx.pid;
error_log stderr warn;
events {{ worker_connections 2048; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    proxy_cache_path {prefix}/cache levels=1:2 keys_zone=triominos_pages:10m;
    upstream triominos_web {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        include {deploy}/triominos-errors.conf;
        include {deploy}/triominos-gzip.conf;
        add_header X-Upstream $upstream_addr always;
        location / {{
            include {deploy}/triominos-proxy.conf;
            include {deploy}/triominos-cache.conf;
        }}
    }}
}}
"""


def nginx_start(port: int, upstreams: list[int]) -> subprocess.Popen[bytes]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    prefix = Path(f"/tmp/tod-load-nginx-{port}")
    prefix.mkdir(exist_ok=True)
    servers = "\n".join(f"        server 127.0.0.1:{p} fail_timeout=0;" for p in upstreams)
    conf = prefix / "nginx.conf"
    conf.write_text(
        _CONF.format(prefix=prefix, servers=servers, port=port, deploy=ROOT / "deploy/nginx")
    )
    return subprocess.Popen(
        [nginx, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"], cwd=prefix
    )


@dataclass
class Browser:
    """One client of the site through nginx: its cookies, and who answered."""

    host: str
    cookies: dict[str, str] = field(default_factory=dict)
    upstreams: set[str] = field(default_factory=set)

    def call(
        self, method: str, path: str, *, body: str = "", headers: dict[str, str] | None = None
    ) -> tuple[int, str]:
        host, port = self.host.split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body.encode() if body else None, headers=sent)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        self.upstreams.add(response.headers.get("X-Upstream", "?"))
        conn.close()
        return response.status, text


def _check(what: str, ok: bool, detail: Any) -> None:
    print(f"  {'ok' if ok else 'FAILED'}: {what} ({detail})")
    if not ok:
        raise SystemExit(f"the two instances disagree: {what}")


def instances_agree(host: str, fixture: Any) -> None:
    """Sessions, throttles, the cache and a run's moves, across the two instances."""
    from django.contrib.auth import get_user_model

    from tests.benchmarks import load_fixture as fx

    print("behind nginx, whichever instance answers:")
    # A session made on one instance works on the other.
    users = get_user_model()
    users.objects.filter(username="nginx-check").delete()
    users.objects.create_user("nginx-check", password="a long check password 13")
    browser = Browser(host)
    status, page = browser.call("GET", "/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert status == 200 and token, status
    form = urlencode({"csrfmiddlewaretoken": token.group(1), "username": "nginx-check",
                      "password": "a long check password 13"})  # fmt: skip
    status, _ = browser.call(
        "POST", "/accounts/login/", body=form,
        headers={"Content-Type": "application/x-www-form-urlencoded",
                 "Referer": f"http://{host}/accounts/login/"},
    )  # fmt: skip
    browser.upstreams.clear()
    statuses = [browser.call("GET", "/accounts/settings/")[0] for _ in range(6)]
    _check(
        "a session made on one instance is honoured by both",
        statuses == [200] * 6 and len(browser.upstreams) == 2,
        f"log-in {status}, then {statuses} from {sorted(browser.upstreams)}",
    )

    # A throttle counts across both: exactly its limit passes, all sent at once. Its
    # window is the clock's minute: start well inside one.
    if time.time() % 60 > 40:
        time.sleep(61 - time.time() % 60)
    client = Browser(host)

    def attempt(n: int) -> int:
        return client.call(
            "POST", "/api/auth/token/",
            body=json.dumps({"username": f"nobody-{n}", "password": "wrong"}),
            headers={"Content-Type": "application/json"},
        )[0]  # fmt: skip

    with ThreadPoolExecutor(max_workers=CHECK_AUTH_THROTTLE + 6) as pool:
        answers = list(pool.map(attempt, range(CHECK_AUTH_THROTTLE + 6)))
    passed = sum(1 for s in answers if s != 429)
    _check(
        f"a throttle of {CHECK_AUTH_THROTTLE}/min lets exactly {CHECK_AUTH_THROTTLE} through",
        passed == CHECK_AUTH_THROTTLE and len(client.upstreams) == 2,
        f"{passed} passed, then {answers[-3:]}, from {sorted(client.upstreams)}",
    )

    # A run's batches go on from each other, whichever instance takes each one.
    player = fixture.players[0]
    auth = {"Authorization": f"Token {player.token}", "Content-Type": "application/json"}
    runner = Browser(host)
    status, text = runner.call(
        "POST", f"/api/challenges/{fixture.challenge_id}/runs/", headers=auth
    )
    run = json.loads(text)["id"]
    moves = fixture.log["moves"][:12]
    moves = [{**m, "t": 50 + 250 * n} for n, m in enumerate(moves)]
    received = []
    runner.upstreams.clear()
    began = time.monotonic()
    for start in range(0, 9, 3):
        # A move reaches the server after it was made: wait for the batch's last one.
        time.sleep(max(0.0, began + moves[start + 2]["t"] / 1000 + 0.1 - time.monotonic()))
        body = json.dumps({"from": start, "moves": moves[start : start + 3]})
        status, text = runner.call("POST", f"/api/runs/{run}/moves/", body=body, headers=auth)
        received.append((status, json.loads(text).get("received")))
    time.sleep(max(0.0, began + moves[-1]["t"] / 1000 + 0.1 - time.monotonic()))
    body = json.dumps({"from": 9, "moves": moves[9:]})
    status, text = runner.call("POST", f"/api/runs/{run}/finish/", body=body, headers=auth)
    finished = json.loads(text)
    _check(
        "a run's batches and finish go on from each other",
        received == [(200, 3), (200, 6), (200, 9)] and status == 200 and finished["valid"]
        and finished["received"] == 12 and len(runner.upstreams) == 2,
        f"batches {received}, finish {status} valid={finished.get('valid')}"
        f" received={finished.get('received')}, from {sorted(runner.upstreams)}",
    )  # fmt: skip

    # The cache: both instances have the board cached; a submit through one is on both.
    board = f"/api/challenges/{fixture.challenge_id}/leaderboard/"
    reader = Browser(host)
    counts = {json.loads(reader.call("GET", board)[1])["count"] for _ in range(4)}
    submitter = fx.tokens_issue(fx.users_make("nginx-submit", 1))
    run_id = fx.runs_to_submit(fixture, submitter, moves=20)[0]
    status, _ = reader.call(
        "POST", f"/api/runs/{run_id}/submit/",
        headers={"Authorization": f"Token {submitter[0].token}"},
    )  # fmt: skip
    reader.upstreams.clear()
    after = {json.loads(reader.call("GET", board)[1])["count"] for _ in range(4)}
    _check(
        "a submit on one instance is on the other's cached board at once",
        len(counts) == 1 and status == 201 and after == {counts.pop() + 1}
        and len(reader.upstreams) == 2,
        f"submit {status}; count after {sorted(after)} from {sorted(reader.upstreams)}",
    )  # fmt: skip
