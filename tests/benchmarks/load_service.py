"""Load test: requests per second and server CPU per request of the moves sent while
playing, of `finish` and of a cached leaderboard read, under gunicorn.

    .venv/bin/python tests/benchmarks/load_service.py [--workers 2] [--clients 8]
        [--requests 1500] [--seconds 20] [--entries 20000] [--moves 60]

Starts gunicorn (``deploy/gunicorn.conf.py``, ``--workers`` processes) on a loopback
port against PostgreSQL and Redis, fills a dedicated database, then drives it from
``--clients`` threads (each with its own keep-alive ``http.client`` connection):

0. ``POST /api/runs/{id}/moves/``: batches of 3 moves of real runs, in order, each run
   sending all its batches (a 60-move run: 20 batches), driven by ``wrk`` (a C
   client, so the client costs the two cores little) with a Lua script;
1. ``POST /api/runs/{id}/finish/`` with real valid logs of ``--moves`` moves (greedy
   play by the rules engine), one per run, each run started just before;
2. ``GET /api/challenges/{id}/leaderboard/`` (pages 1 and a middle one, cached) on a
   board of ``--entries`` entries.

Each phase stops after ``--requests`` requests or ``--seconds`` seconds, whichever
comes first, and prints requests per second, latency percentiles, and the server's
CPU time per request: the user + system time of gunicorn's processes over the phase
(from /proc), divided by the requests served. That figure does not move with noise. Environment:
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
import signal
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
    "RUN_MOVES_THROTTLE": "1000000/min",
    "RUNS_PER_CHALLENGE_LIMIT": "1000000",
    # Workers keep running for the whole load: their CPU time is read from /proc.
    "GUNICORN_MAX_REQUESTS": "0",
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

    from accounts.services import api_token_create
    from challenges import services
    from challenges.models import Entry, Run
    from tests.factories import challenge_log

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE challenges_scorecount, challenges_entry, challenges_run,"
            " challenges_challenge, accounts_apitoken, accounts_usernamekey, auth_user CASCADE"
        )
    cache.clear()
    challenge = services.challenge_current_ensure()
    users = get_user_model()
    people = users.objects.bulk_create(
        [users(username=f"load-{n}", password="!") for n in range(max(players, entries))]
    )
    tokens = [api_token_create(user=u).secret for u in people[:players]]
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
    log = challenge_log(challenge, moves=moves, start_ms=0, step_ms=1000)
    return Fixture(
        challenge_id=challenge.pk,
        tokens=tokens,
        board_pages=-(-entries // 50),
        log_body=json.dumps(log).encode(),
    )


def runs_start(fixture: Fixture, count: int, *, ago_seconds: float = 0) -> None:
    """Start ``count`` runs ``ago_seconds`` ago (through the ORM: the load phases time
    moves and finish only). Runs started a minute ago may send moves up to a minute."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.services import api_token_authenticate
    from challenges.models import Run

    owners = {}
    for secret in fixture.tokens:
        token = api_token_authenticate(secret=secret)
        assert token is not None
        owners[secret] = token.user_id
    now = timezone.now() - timedelta(seconds=ago_seconds)
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
_TICKS = os.sysconf("SC_CLK_TCK")


def server_cpu_seconds(server: subprocess.Popen[bytes]) -> float:
    """User + system CPU seconds of gunicorn's master and workers so far (/proc)."""
    pending, total = [server.pid], 0.0
    while pending:
        pid = pending.pop()
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue  # exited meanwhile
        fields = stat.rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime
        pending.extend(int(child) for child in children)
    return total


def cpu_report(name: str, requests: int, cpu_seconds: float) -> None:
    per = 1000 * cpu_seconds / requests if requests else 0.0
    print(f"{name}: server CPU {cpu_seconds:.2f} s for {requests} requests = {per:.2f} ms/request")


_WRK_SCRIPT = r"""
-- One connection per thread; each thread sends its own runs' batches in order:
-- batch 1 of each of its runs, then batch 2, ... and stops after the last.
local runs_by_thread = {runs}
local bodies = {bodies}
local threads, sent, done = {{}}, 0, 0
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  mine = runs_by_thread[id]
end
function request()
  local k = sent
  sent = sent + 1
  local run = mine[(k % #mine) + 1]
  local batch = math.floor(k / #mine) + 1
  return wrk.format("POST", run[1], {{
    ["Authorization"] = "Token " .. run[2],
    ["Content-Type"] = "application/json",
  }}, bodies[batch])
end
function response(status, headers, body)
  done = done + 1
  if status ~= 200 then io.stderr:write("status " .. status .. ": " .. body .. "\n") end
  if done == #mine * #bodies then
    io.stderr:write("thread done\n")
    wrk.thread:stop()
  end
end
"""


def _lua(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value)
    assert isinstance(value, list)
    return "{" + ", ".join(_lua(item) for item in value) + "}"


def moves_drive(
    server: subprocess.Popen[bytes], fixture: Fixture, *, threads: int, batch: int
) -> None:
    """Each started run sends its log in batches of ``batch`` moves, from ``wrk``."""
    # The same moves 200 ms apart: the whole log is in the server's reach from the
    # start, and a run has its 130 s to send them however slow the machine is.
    moves = [{**move, "t": 200 * n} for n, move in enumerate(json.loads(fixture.log_body)["moves"])]
    # Each run opens with an empty batch, as a browser's first tick before any move
    # (wrk sends one thread's first request without its body: that one is harmless).
    bodies = [json.dumps({"from": 0, "moves": []})] + [
        json.dumps({"from": start, "moves": moves[start : start + batch]})
        for start in range(0, len(moves), batch)
    ]
    runs_by_thread: list[list[list[str]]] = [[] for _ in range(threads)]
    for n, (run_id, token) in enumerate(fixture.runs):
        runs_by_thread[n % threads].append([f"/api/runs/{run_id}/moves/", token])
    script = Path("/tmp/tod-load-moves.lua")
    script.write_text(_WRK_SCRIPT.format(runs=_lua(runs_by_thread), bodies=_lua(bodies)))
    expected = len(fixture.runs) * len(bodies)
    cpu_before = server_cpu_seconds(server)
    began = time.perf_counter()
    # wrk waits out its duration even after every thread stopped: once each says it is
    # done, interrupt it (it then prints its figures) and time the phase here.
    wrk = subprocess.Popen(
        ["wrk", "-t", str(threads), "-c", str(threads), "-d", "300s", "--latency",
         "-s", str(script), f"http://127.0.0.1:{PORT}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert wrk.stderr is not None and wrk.stdout is not None
    refusals: list[str] = []
    finished = 0
    for line in wrk.stderr:
        if line.startswith("thread done"):
            finished += 1
            if finished == threads:
                break
        elif line.startswith("status "):
            refusals.append(line.strip())
    elapsed = time.perf_counter() - began
    cpu = server_cpu_seconds(server) - cpu_before
    wrk.send_signal(signal.SIGINT)
    output, _ = wrk.communicate(timeout=30)
    summary = [line.strip() for line in output.splitlines() if line.strip()]
    served = next(int(line.split()[0]) for line in summary if "requests in" in line)
    p50 = next((line for line in summary if line.startswith("50%")), "50% ?")
    p99 = next((line for line in summary if line.startswith("99%")), "99% ?")
    print(
        f"moves (batches of {batch}, {len(bodies)} a run, the first empty):"
        f" {served} of {expected} batches in {elapsed:.2f} s = {served / elapsed:.0f} req/s;"
        f" latency {p50}, {p99};"
        f" non-200: {len(refusals)} {sorted(set(r[:120] for r in refusals))[:2]}"
    )
    cpu_report("moves", served, cpu)


def drive(
    name: str,
    requests: list[Request],
    *,
    clients: int,
    seconds: float,
    server: subprocess.Popen[bytes] | None = None,
) -> None:
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
    cpu_before = server_cpu_seconds(server) if server is not None else 0.0
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
    if server is not None:
        cpu_report(name, len(latencies), server_cpu_seconds(server) - cpu_before)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument(
        "--batch-runs", type=int, default=200, help="Runs sending their moves in batches."
    )
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
        # Started 15 s ago, so every move of the batches (t up to 12 s) is in reach.
        runs_start(fixture, args.batch_runs, ago_seconds=15)
        moves_drive(server, fixture, threads=2, batch=3)

        # Started 70 s ago, so every move of a 60-move log (t up to 59 s) is in reach.
        runs_start(fixture, args.requests, ago_seconds=70)
        finish: list[Request] = [
            (
                "POST",
                f"/api/runs/{run_id}/finish/",
                fixture.log_body,
                {"Authorization": f"Token {token}", "Content-Type": "application/json"},
            )
            for run_id, token in fixture.runs
        ]
        drive(
            "finish (replay + store)",
            finish,
            clients=args.clients,
            seconds=args.seconds,
            server=server,
        )

        pages = [1, max(1, fixture.board_pages // 2)]
        board = f"/api/challenges/{fixture.challenge_id}/leaderboard/"

        def warm(page: int) -> Request:
            return ("GET", f"{board}?page={page}", None, {})

        drive("warm-up", [warm(p) for p in pages], clients=1, seconds=10)
        reads = [warm(pages[n % 2]) for n in range(args.requests * 2)]
        drive(
            "leaderboard page (cached)",
            reads,
            clients=args.clients,
            seconds=args.seconds,
            server=server,
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
