"""``make load``: the site under load, against the floor (docs/performance.md).

    .venv/bin/python tests/benchmarks/load_service.py [--entries 100000] [--workers 2]
        [--seconds 10] [--connections 8] [--only NAME ...] [--nginx] [--burst 10000]

Starts gunicorn (``deploy/gunicorn.conf.py``, production settings: ``DEBUG`` off,
PostgreSQL, Redis) on a loopback port, fills a dedicated database with one open
challenge of ``--entries`` entries (and a closed one), and drives every phase with
``wrk`` (tests/benchmarks/load_wrk.py). The floor (load_floor.py: a one-file Django app,
one JSON view answering the same 50 rows, the same gunicorn settings) is measured
first and last, and for ``--floor-seconds`` after every phase. Each phase prints a row:
requests per second, latency p50 and p99, the web tier's CPU per request (gunicorn's
processes, from /proc), that CPU as a multiple of the floor's, PostgreSQL's CPU per
request (the backends of the load's database), a write's SQL statements
(load_queries.py), the errors (any answer of 400 and up but an expected 404) and the
load average. The table is printed again with each row against the mean of the floors
measured just before and just after it (the floor's own CPU drifts by a third within
a run on this machine: the first floor, right after the fixture's bulk writes, ran at
half the rate of the last), then the floors' spread and each write's statements.

The CPU per request is the figure to compare: requests per second move with whatever
else the machine is running, the CPU a request costs much less; the load average
beside each row says how quiet the machine was.

With ``--nginx``, two gunicorn instances (``--workers`` each) run behind a real nginx
built from ``deploy/nginx/`` (load_nginx.py, with its page cache), sharing PostgreSQL
and Redis; the run first checks that sessions, throttles, the cache and a run's moves
behave the same whichever instance answers.

Environment: ``LOAD_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/
service_load``; created if missing, its tables emptied), ``LOAD_REDIS_URL`` (default
``redis://127.0.0.1:6379/3``), ``LOAD_PORT`` (default 8614; with ``--nginx`` the two
instances take the next two ports).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import load_fixture as fx  # noqa: E402
from tests.benchmarks.load_wrk import (  # noqa: E402
    TABLE_HEAD,
    Request,
    Result,
    load_average,
    wrk_run,
)

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
    "CONN_MAX_AGE": "600",
    "RUN_START_THROTTLE": "1000000/min",
    "RUN_MOVES_THROTTLE": "1000000/min",
    "RUNS_PER_CHALLENGE_LIMIT": "1000000",
    # Workers keep running for the whole load: their CPU time is read from /proc.
    "GUNICORN_MAX_REQUESTS": "0",
    "AUTH_THROTTLE": "1000000/min",
    "LOG_LEVEL": "WARNING",
}
FLOOR_PORT = PORT + 10
PHASES = [
    "board-api-cached",
    "board-api-page-1000",
    "board-api-uncached",
    "board-html-cached",
    "board-html-uncached",
    "closed-html",
    "closed-304",
    "me",
    "current",
    "player-page",
    "history-page",
    "run-start",
    "moves",
    "finish",
    "submit",
    "burst",
]


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
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def server_start(
    port: int,
    workers: int,
    extra: dict[str, str] | None = None,
    *,
    server_env: dict[str, str] | None = None,
    app: str = "config.wsgi:application",
    health: str = "/healthz",
) -> subprocess.Popen[bytes]:
    """gunicorn with the production settings on ``port``, once it answers ``/healthz``;
    ``server_env`` replaces the load's database and Redis (``make lighthouse``'s SQLite)."""
    env = {
        **os.environ,
        **(SERVER_ENV if server_env is None else server_env),
        **(extra or {}),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_ACCESS_LOG": "",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "--config", "deploy/gunicorn.conf.py", app],
        cwd=ROOT,
        env=env,
    )
    url_wait(port, server, health)
    return server


def url_wait(port: int, process: subprocess.Popen[bytes], path: str = "/healthz") -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit(f"nothing answered on port {port} within 30 s")


def database_pids() -> list[int]:
    """The PostgreSQL backends serving the load's database (the web tier's connections
    persist: CONN_MAX_AGE)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        return [pid for (pid,) in cursor.fetchall()]


def _token(player: fx.Player) -> dict[str, str]:
    return {"Authorization": f"Token {player.token}"}


def _json(player: fx.Player) -> dict[str, str]:
    return {**_token(player), "Content-Type": "application/json"}


class Load:
    def __init__(self, args: argparse.Namespace, fixture: fx.Fixture, web_pids: list[int]):
        self.args = args
        self.fixture = fixture
        self.web_pids = web_pids
        self.url = f"http://127.0.0.1:{PORT}"
        self.results: list[Result] = []
        self.floor_ms = 0.0
        self.queries: dict[str, list[str]] = {}
        self.phase = ""

    def run(self, name: str, requests: list[Request], *, once: bool = False, **kw: object) -> None:
        kw.setdefault("connections", self.args.connections)
        kw.setdefault("seconds", self.args.seconds)
        result = wrk_run(
            name, self.url, requests, web_pids=self.web_pids, db_pids=database_pids,
            once=once, **kw,  # type: ignore[arg-type]
        )  # fmt: skip
        result.floor_ms = self.floor_ms
        if self.phase in self.queries:
            result.queries = str(len(self.queries[self.phase]))
        self.results.append(result)
        print(result.line() + (f"  e.g. {result.sample}" if result.sample else ""), flush=True)

    def warm(self, requests: list[Request]) -> None:
        wrk_run("warm-up", self.url, requests, web_pids=[], db_pids=list, once=True, connections=2)

    # --- the phases ----------------------------------------------------------------

    def board_api_cached(self) -> None:
        reads: list[Request] = [("GET", self._board(1), {}, "")]
        self.warm(reads)
        self.run("leaderboard page 1, API, cached", reads)

    def board_api_page_1000(self) -> None:
        page = min(1000, self.fixture.board_pages)
        reads: list[Request] = [("GET", self._board(page), {}, "")]
        self.warm(reads)
        self.run(f"leaderboard page {page}, API, cached", reads)

    def board_api_uncached(self) -> None:
        self.run(
            "leaderboard pages, API, uncached (each page once)",
            [("GET", self._board(page), {}, "") for page in self._pages(2000)],
            once=True,
        )

    def board_html_cached(self) -> None:
        reads: list[Request] = [("GET", f"/challenges/{self.fixture.challenge_id}/", {}, "")]
        self.warm(reads)
        self.run("leaderboard HTML page 1, cached", reads)

    def board_html_uncached(self) -> None:
        self.run(
            "leaderboard HTML pages, uncached (each page once)",
            [("GET", f"/challenges/{self.fixture.challenge_id}/?page={p}", {}, "")
             for p in self._pages(800)],
            once=True,
        )  # fmt: skip

    def closed_html(self) -> None:
        reads: list[Request] = [("GET", f"/challenges/{self.fixture.closed_id}/", {}, "")]
        self.warm(reads)
        where = "nginx's cache" if self.args.nginx else "Django's cache"
        self.run(f"closed board HTML page 1, not logged in ({where})", reads)

    def closed_304(self) -> None:
        path = f"/challenges/{self.fixture.closed_id}/"
        etag = _etag(PORT, path)
        self.run(
            "closed board HTML page 1, revalidated (If-None-Match: 304)",
            [("GET", path, {"If-None-Match": etag}, "")],
        )

    def me(self) -> None:
        path = f"/api/challenges/{self.fixture.challenge_id}/leaderboard/me/"
        self.run(
            "me: rank and percentile, API",
            [("GET", path, _token(p), "") for p in self.fixture.players],
        )

    def current(self) -> None:
        reads: list[Request] = [("GET", "/api/challenges/current/", {}, "")]
        self.warm(reads)
        self.run("current challenge, API", reads)

    def player_page(self) -> None:
        self.run(
            "player page, HTML",
            [("GET", f"/players/{p.username}/", {}, "") for p in self.fixture.players],
        )

    def history_page(self) -> None:
        self.run("history page, HTML", [("GET", "/challenges/", {}, "")])

    def run_start(self) -> None:
        path = f"/api/challenges/{self.fixture.challenge_id}/runs/"
        players = self.fixture.players * 4
        self.run("run start", [("POST", path, _json(p), "") for p in players], once=True)

    def moves(self) -> None:
        """Each run sends its log in batches of 3 moves, as a browser would every
        few seconds; the runs started 15 s ago, so every move is in the server's reach
        (the same moves 200 ms apart)."""
        players = self.fixture.players[:120]
        runs = fx.runs_start(self.fixture, players, ago_seconds=15)
        moves = [{**m, "t": 200 * n} for n, m in enumerate(self.fixture.log["moves"])]
        bodies = [
            fx.log_json({"from": start, "moves": moves[start : start + 3]})
            for start in range(0, len(moves), 3)
        ]
        # The batches of one run must arrive in order: each wrk thread sends its own
        # runs' batches, batch 1 of each, then batch 2, ...
        connections = self.args.connections
        per_thread: list[list[Request]] = [[] for _ in range(connections)]
        for n, (run, player) in enumerate(zip(runs, players, strict=True)):
            mine = per_thread[n % connections]
            mine.append((run, player))  # type: ignore[arg-type]
        requests: list[Request] = []
        for k in range(max(len(m) for m in per_thread) * len(bodies)):
            for t in range(connections):
                mine = per_thread[t]
                batch, index = divmod(k, len(mine)) if mine else (len(bodies), 0)
                if batch < len(bodies):
                    run, player = mine[index]  # type: ignore[misc]
                    requests.append(
                        ("POST", f"/api/runs/{run}/moves/", _json(player), bodies[batch])
                    )
                else:
                    requests.append(("GET", "/healthz", {}, ""))
        self.run(f"moves batch (3 moves, {len(bodies)} a run)", requests, once=True)

    def finish(self) -> None:
        """A player's finish: the run's last 3 moves, the others having arrived in
        batches while it was played, all witnessed (the run is eligible). Then a
        client's finish of the whole log at once, which no batch preceded (its run is
        never witnessed, and the reason is formatted in the answer)."""
        count = 1200
        players = (self.fixture.players * (count // len(self.fixture.players) + 1))[:count]
        moves = self.fixture.log["moves"]
        runs, rest = fx.runs_played_to_the_end(self.fixture, players, left=3)
        body = fx.log_json({"from": rest, "moves": moves[rest:]})
        self.run(
            f"finish (the last {len(moves) - rest} moves, after batches: a player's)",
            [("POST", f"/api/runs/{r}/finish/", _json(p), body)
             for r, p in zip(runs, players, strict=True)],
            once=True,
            # Started as the last move was made, as the phase begins: each of the 3 is
            # in reach, and reaches the server within the witness's 10 s.
            just_before=lambda: fx.runs_clock_set(runs, ago_ms=moves[-1]["t"] + 500),
        )  # fmt: skip
        print(f"  {fx.runs_eligible(runs)} of {len(runs)} finished runs eligible", flush=True)
        whole = fx.runs_start(self.fixture, players, ago_seconds=70)
        body = fx.log_json(self.fixture.log)
        self.run(
            f"finish ({len(moves)} moves at once: replay + store; never witnessed)",
            [("POST", f"/api/runs/{r}/finish/", _json(p), body)
             for r, p in zip(whole, players, strict=True)],
            once=True,
        )  # fmt: skip

    def submit(self) -> None:
        players = fx.tokens_issue(fx.users_make("submit", self.args.submits))
        runs = fx.runs_to_submit(self.fixture, players, moves=30)
        # A player submits with the token that started and played the run: its first
        # use (read, then last_used_at written) is not the submit's cost.
        self.warm([("GET", "/api/challenges/current/", _token(p), "") for p in players])
        self.run(
            "submit",
            [("POST", f"/api/runs/{r}/submit/", _json(p), "")
             for r, p in zip(runs, players, strict=True)],
            once=True,
        )  # fmt: skip

    def burst(self) -> None:
        """A slot opens: the cache is cold and ``--burst`` players who have not played it
        each read the current challenge and start a run, all within the same minute."""
        from django.core.cache import cache

        cache.clear()
        path = f"/api/challenges/{self.fixture.challenge_id}/runs/"
        requests: list[Request] = []
        for player in self.fixture.newcomers:
            requests.append(("GET", "/api/challenges/current/", _token(player), ""))
            requests.append(("POST", path, _json(player), ""))
        self.run(
            f"slot-opening burst: {len(self.fixture.newcomers)} players read + start",
            requests,
            once=True,
            connections=self.args.burst_connections,
        )

    def _board(self, page: int) -> str:
        return f"/api/challenges/{self.fixture.challenge_id}/leaderboard/?page={page}"

    def _pages(self, most: int) -> list[int]:
        pages = list(range(2, self.fixture.board_pages + 1))
        random.Random(13).shuffle(pages)
        return pages[:most]


def floor_start(body: bytes, workers: int) -> subprocess.Popen[bytes]:
    """The floor (load_floor.py) under the same gunicorn settings, answering ``body``."""
    body_file = Path(f"/tmp/tod-floor-{os.getpid()}.json")
    body_file.write_bytes(body)
    return server_start(
        FLOOR_PORT,
        workers,
        {"FLOOR_BODY_FILE": str(body_file)},
        server_env={"LOG_LEVEL": "WARNING", "GUNICORN_MAX_REQUESTS": "0"},
        app="tests.benchmarks.load_floor:application",
        health="/board",
    )


def floor_measure(floor: subprocess.Popen[bytes], *, connections: int, seconds: float) -> Result:
    requests: list[Request] = [("GET", "/board", {}, "")]
    url = f"http://127.0.0.1:{FLOOR_PORT}"
    wrk_run("warm-up", url, requests, web_pids=[], db_pids=list, once=True, connections=2)
    result = wrk_run(
        "floor: one-file Django, one JSON view (the same 50 rows)", url, requests,
        web_pids=[floor.pid], db_pids=list, connections=connections, seconds=seconds,
        tries=6,  # its 4 s are cheap, and every row is divided by it
    )  # fmt: skip
    result.floor_ms = result.web_cpu_ms
    return result


def body_get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    answer = conn.getresponse()
    body = answer.read()
    if answer.status != 200:
        raise SystemExit(f"{path}: {answer.status}")
    return body


def _etag(port: int, path: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    answer = conn.getresponse()
    answer.read()
    etag = answer.getheader("ETag")
    if not etag:
        raise SystemExit(f"{path}: no ETag")
    return etag


def _stop_on_sigterm() -> None:
    """A terminated load still stops its servers (the ``finally`` below)."""

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGTERM, stop)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--burst-connections", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--floor-seconds", type=float, default=4.0)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--burst", type=int, default=10_000)
    parser.add_argument("--submits", type=int, default=300)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument(
        "--history", type=int, default=120,
        help="Challenges before the open one, of which each of --players played about 60%%.",
    )  # fmt: skip
    parser.add_argument("--only", nargs="*", choices=PHASES, default=None)
    parser.add_argument("--nginx", action="store_true", help="Two instances behind nginx.")
    args = parser.parse_args(argv)

    _stop_on_sigterm()
    database_create()
    django_setup()
    began = time.perf_counter()
    fixture = fx.fixture_make(
        entries=args.entries, players=args.players, newcomers=args.burst, moves=args.moves,
        history=args.history,
    )  # fmt: skip
    print(
        f"fixture: challenge #{fixture.challenge_id}, {args.entries:,} entries,"
        f" {args.players} players with {args.history} challenges of past,"
        f" {time.perf_counter() - began:.0f} s; {os.cpu_count()} cores;"
        f" {Path('/proc/cpuinfo').read_text().split('model name')[1].split(chr(10))[0][3:]}",
        flush=True,
    )
    processes: list[subprocess.Popen[bytes]] = []
    try:
        if args.nginx:
            from tests.benchmarks import load_nginx

            check = {"AUTH_THROTTLE": f"{load_nginx.CHECK_AUTH_THROTTLE}/min"}
            instances = [server_start(PORT + n, args.workers, check) for n in (1, 2)]
            processes += instances
            proxy = load_nginx.nginx_start(PORT, [PORT + 1, PORT + 2])
            processes.append(proxy)
            url_wait(PORT, proxy)
            print(f"nginx on {PORT} before gunicorn on {PORT + 1} and {PORT + 2}"
                  f" ({args.workers} workers each)")  # fmt: skip
            load_nginx.instances_agree(f"127.0.0.1:{PORT}", fixture)
        else:
            processes.append(server_start(PORT, args.workers))
            print(f"gunicorn: {args.workers} workers on 127.0.0.1:{PORT}")
        load = Load(args, fixture, web_pids=[p.pid for p in processes])
        from tests.benchmarks.load_queries import queries_print, write_queries

        load.queries = write_queries(fixture)
        board = body_get(PORT, f"/api/challenges/{fixture.challenge_id}/leaderboard/?page=1")
        floor = floor_start(board, args.workers)
        processes.append(floor)
        print(f"wrk: {args.connections} connections, {args.seconds:.0f} s a read phase;"
              f" load average {load_average()} at the start\n")  # fmt: skip
        print(TABLE_HEAD)
        first = floor_measure(floor, connections=args.connections, seconds=args.seconds)
        load.floor_ms = first.floor_ms
        print(first.line(), flush=True)
        floors = [first.web_cpu_ms]
        bracketed: list[tuple[Result, float]] = []
        for phase in args.only or PHASES:
            load.phase = phase
            made = len(load.results)
            getattr(load, phase.replace("-", "_"))()
            after = floor_measure(floor, connections=args.connections, seconds=args.floor_seconds)
            for result in load.results[made:]:
                bracketed.append((result, (floors[-1] + after.web_cpu_ms) / 2))
            floors.append(after.web_cpu_ms)
            load.floor_ms = after.web_cpu_ms
        last = floor_measure(floor, connections=args.connections, seconds=args.seconds)
        floors.append(last.web_cpu_ms)
        print(last.line().replace("floor:", "floor again:", 1), flush=True)
        print("\nthe same, each row against the floors measured just before and after it:\n")
        print(TABLE_HEAD)
        for result, around in [(first, first.web_cpu_ms), *bracketed, (last, last.web_cpu_ms)]:
            result.floor_ms = around
            print(result.line())
        print(
            f"\nthe floor, {len(floors)} times: {min(floors):.3f} to {max(floors):.3f} ms of web"
            f" CPU a request, median {statistics.median(floors):.3f}; in order:"
            f" {', '.join(f'{floor:.3f}' for floor in floors)}"
        )
        queries_print(load.queries)
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
