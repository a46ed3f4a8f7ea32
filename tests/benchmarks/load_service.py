"""Load test: requests per second of `finish` and of a cached leaderboard read, under gunicorn.

    .venv/bin/python tests/benchmarks/load_service.py [--workers 2] [--clients 8]
        [--requests 1500] [--seconds 20] [--entries 20000] [--moves 60]

Starts gunicorn (``deploy/gunicorn.conf.py``, ``--workers`` processes) on a loopback
port against PostgreSQL and Redis, fills a dedicated database, then drives it from
``--clients`` threads (each with its own keep-alive ``http.client`` connection):

1. ``POST /api/runs/{id}/finish/`` with real valid logs of ``--moves`` moves (greedy
   play by the rules engine), one per run, each run started just before;
2. ``GET /api/challenges/{id}/leaderboard/`` (pages 1 and a middle one, cached) on a
   board of ``--entries`` entries.

Each phase stops after ``--requests`` requests or ``--seconds`` seconds, whichever
comes first, and prints requests per second and latency percentiles. Environment:
``LOAD_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/service_load``; the
database is created if missing and its tables emptied), ``LOAD_REDIS_URL`` (default
``redis://127.0.0.1:6379/3``), ``LOAD_PORT`` (default 8614).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
DATABASE_URL = os.environ.get(
    "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/service_load"
)
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/3")
PORT = int(os.environ.get("LOAD_PORT", "8614"))
SERVER_ENV = {
    "DATABASE_URL": DATABASE_URL,
    "REDIS_URL": REDIS_URL,
    "CACHE_KEY_PREFIX": "tod-load",
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DJANGO_ENV": "development",
    "DEBUG": "false",
    "CONN_MAX_AGE": "60",
    "RUN_START_THROTTLE": "1000000/min",
    "AUTH_THROTTLE": "1000000/min",
    "LOG_LEVEL": "WARNING",
}


def database_create() -> None:
    import psycopg

    url = urlparse(DATABASE_URL)
    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def django_setup() -> None:
    os.environ.update(SERVER_ENV)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@dataclass
class Fixture:
    challenge_id: int
    tokens: list[str]
    board_pages: int
    runs: list[tuple[str, str]] = field(default_factory=list)  # (run id, token)
    log_body: bytes = b""


def fixture_make(*, players: int, entries: int, moves: int) -> Fixture:
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from rest_framework.authtoken.models import Token

    from challenges import services
    from challenges.models import Entry, Run
    from tests.factories import challenge_log

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE challenges_scorecount, challenges_entry, challenges_run,"
            " challenges_challenge, authtoken_token, auth_user CASCADE"
        )
    cache.clear()
    challenge = services.challenge_current_ensure()
    users = get_user_model()
    people = users.objects.bulk_create(
        [users(username=f"load-{n}", password="!") for n in range(max(players, entries))]
    )
    tokens = [Token.objects.create(user=u).key for u in people[:players]]
    started = challenge.opens_at
    runs = Run.objects.bulk_create(
        [
            Run(
                player=u,
                challenge=challenge,
                started_at=started,
                finished_at=started,
                status=Run.Status.FINISHED,
                score=(n * 7919) % 400,
                log={"moves": []},
            )
            for n, u in enumerate(people[:entries])
        ]
    )
    Entry.objects.bulk_create(
        [
            Entry(challenge=challenge, player=r.player, run=r, score=r.score, submitted_at=started)
            for r in runs
        ]
    )
    services.challenge_entry_stats_refresh(challenge=challenge)  # bulk inserts skip it
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would, after the bulk inserts
    log = challenge_log(challenge, moves=moves, start_ms=0, step_ms=0)
    return Fixture(
        challenge_id=challenge.pk,
        tokens=tokens,
        board_pages=-(-entries // 50),
        log_body=json.dumps(log).encode(),
    )


def runs_start(fixture: Fixture, count: int) -> None:
    """Start ``count`` runs now (through the ORM: the load phase times finish only)."""
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from challenges.models import Run

    owners = {t.key: t.user_id for t in Token.objects.filter(key__in=fixture.tokens)}
    now = timezone.now()
    runs = Run.objects.bulk_create(
        [
            Run(
                player_id=owners[fixture.tokens[n % len(fixture.tokens)]],
                challenge_id=fixture.challenge_id,
                started_at=now,
            )
            for n in range(count)
        ]
    )
    fixture.runs = [
        (str(r.pk), fixture.tokens[n % len(fixture.tokens)]) for n, r in enumerate(runs)
    ]


def server_start(workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        **SERVER_ENV,
        "GUNICORN_BIND": f"127.0.0.1:{PORT}",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_ACCESS_LOG": "",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "config.wsgi:application"],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            conn.request("GET", "/api/challenges/current/")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not come up within 30 s")


Request = tuple[str, str, bytes | None, dict[str, str]]


def drive(name: str, requests: list[Request], *, clients: int, seconds: float) -> None:
    """Send ``requests`` from ``clients`` threads until done or ``seconds`` pass."""
    work: queue.SimpleQueue[Request] = queue.SimpleQueue()
    for item in requests:
        work.put(item)
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        while time.monotonic() < stop_at:
            try:
                method, path, body, headers = work.get_nowait()
            except queue.Empty:
                break
            began = time.perf_counter()
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            took = time.perf_counter() - began
            with lock:
                latencies.append(took * 1000)
                statuses[response.status] += 1
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    rate = len(latencies) / elapsed
    print(
        f"{name}: {len(latencies)} requests in {elapsed:.2f} s = {rate:.0f} req/s;"
        f" latency p50 {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms;"
        f" statuses {dict(statuses)}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args(argv)

    database_create()
    django_setup()
    began = time.perf_counter()
    fixture = fixture_make(players=50, entries=args.entries, moves=args.moves)
    print(
        f"fixture: challenge #{fixture.challenge_id}, {args.entries:,} entries,"
        f" a {args.moves}-move valid log ({len(fixture.log_body)} bytes),"
        f" {time.perf_counter() - began:.1f} s"
    )
    server = server_start(args.workers)
    print(f"gunicorn: {args.workers} workers on 127.0.0.1:{PORT}; {args.clients} client threads")
    try:
        runs_start(fixture, args.requests)
        finish: list[Request] = [
            (
                "POST",
                f"/api/runs/{run_id}/finish/",
                fixture.log_body,
                {"Authorization": f"Token {token}", "Content-Type": "application/json"},
            )
            for run_id, token in fixture.runs
        ]
        drive("finish (replay + store)", finish, clients=args.clients, seconds=args.seconds)

        pages = [1, max(1, fixture.board_pages // 2)]
        board = f"/api/challenges/{fixture.challenge_id}/leaderboard/"

        def warm(page: int) -> Request:
            return ("GET", f"{board}?page={page}", None, {})

        drive("warm-up", [warm(p) for p in pages], clients=1, seconds=10)
        reads = [warm(pages[n % 2]) for n in range(args.requests * 2)]
        drive("leaderboard page (cached)", reads, clients=args.clients, seconds=args.seconds)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
