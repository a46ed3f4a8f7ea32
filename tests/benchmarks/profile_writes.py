"""The write requests in process: what a moves batch, a finish, a submit and a run start
cost through Django's whole handler, beside a ``GET /healthz`` at the same moment.

    .venv/bin/python tests/benchmarks/profile_writes.py [--profile NAME] [--rounds 5]

Uses ``make load``'s database and Redis (``LOAD_DATABASE_URL``, ``LOAD_REDIS_URL``) and
its fixture (a small board: the writes do not read it), with the production settings.
Each phase prints its CPU per request (``time.process_time``, this process only), the
same for ``/healthz`` measured just before, their ratio, and the queries per request.
``--profile NAME`` also prints the cProfile of that phase, by own time and cumulative.

The machine is shared: a figure alone moves with the neighbours, the ratio to
``/healthz`` much less. Rounds alternate healthz and the phase; the median is printed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import load_service  # noqa: E402

_last_body = [b""]


def _call(app: Any, method: str, path: str, token: str | None, body: str = "") -> int:
    """One request through the WSGI application, as gunicorn would make it."""
    data = body.encode()
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if data:
        environ["CONTENT_TYPE"] = "application/json"
        environ["CONTENT_LENGTH"] = str(len(data))
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Token {token}"
    status: list[str] = []

    def start_response(line: str, headers: object, exc_info: object = None) -> None:
        status.append(line)

    result = app(environ, start_response)
    _last_body[0] = b"".join(result)
    getattr(result, "close", lambda: None)()
    return int(status[0].split()[0])


def _fixture_kept(*, moves: int) -> Any:
    """The board a previous run built, for the submit phase (which makes its own players)."""
    from challenges.models import Challenge
    from tests.benchmarks import load_fixture as fx
    from tests.factories import challenge_log

    challenge = Challenge.objects.order_by("-entry_count").first()
    assert challenge is not None, "no board to keep: run once without --keep"
    return fx.Fixture(
        challenge_id=challenge.pk,
        entries=challenge.entry_count,
        board_pages=-(-challenge.entry_count // 50),
        players=[],
        log=challenge_log(challenge, moves=moves, start_ms=0, step_ms=1000),
    )


def _measure(calls: list[Callable[[], int]], expect: set[int]) -> float:
    """CPU ms per call of this process."""
    began = time.process_time()
    for call in calls:
        code = call()
        if code not in expect:
            raise SystemExit(f"unexpected {code}: {_last_body[0][:300]!r}")
    return (time.process_time() - began) * 1000 / len(calls)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", default=None)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--queries", action="store_true", help="Print one call's queries.")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--entries", type=int, default=1000, help="The board's entries.")
    parser.add_argument(
        "--keep",
        action="store_true",
        help="Submits only: reuse the board already in the database (a 1M board takes"
        " minutes to build). Delete the earlier profile's entries first: its runs played"
        " the same moves, and a copy is held (a cheaper write).",
    )
    args = parser.parse_args()

    load_service.database_create()
    load_service.django_setup()
    from django.core.wsgi import get_wsgi_application
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.benchmarks import load_fixture as fx

    if args.keep:
        fixture = _fixture_kept(moves=args.moves)
    else:
        fixture = fx.fixture_make(
            entries=args.entries, players=300, newcomers=300, moves=args.moves
        )
    app = get_wsgi_application()
    moves = [{**m, "t": 200 * n} for n, m in enumerate(fixture.log["moves"])]
    bodies = [
        fx.log_json({"from": start, "moves": moves[start : start + 3]})
        for start in range(0, len(moves), 3)
    ]
    players = fixture.players
    start_path = f"/api/challenges/{fixture.challenge_id}/runs/"

    def healthz() -> list[Callable[[], int]]:
        return [lambda: _call(app, "GET", "/healthz", None) for _ in range(200)]

    def batches() -> list[Callable[[], int]]:
        chosen = players[:20]
        runs = fx.runs_start(fixture, chosen, ago_seconds=15)
        return [
            (lambda r=r, p=p, b=b: _call(app, "POST", f"/api/runs/{r}/moves/", p.token, b))
            for b in bodies
            for r, p in zip(runs, chosen, strict=True)
        ]

    def finishes() -> list[Callable[[], int]]:
        chosen = players[:100]
        runs = fx.runs_start(fixture, chosen, ago_seconds=70)
        body = fx.log_json(fixture.log)
        return [
            (lambda r=r, p=p: _call(app, "POST", f"/api/runs/{r}/finish/", p.token, body))
            for r, p in zip(runs, chosen, strict=True)
        ]

    logs = fx.logs_distinct(fixture.challenge_id, moves=30)

    def submits() -> list[Callable[[], int]]:
        users = fx.tokens_issue(fx.users_make(f"sub{time.monotonic_ns()}", 40))
        runs = fx.runs_to_submit(fixture, users, moves=30, logs=logs)
        for user in users:  # the token played the run: its first use is not the submit's
            _call(app, "GET", "/api/challenges/current/", user.token)
        return [
            (lambda r=r, p=p: _call(app, "POST", f"/api/runs/{r}/submit/", p.token))
            for r, p in zip(runs, users, strict=True)
        ]

    def starts() -> list[Callable[[], int]]:
        return [(lambda p=p: _call(app, "POST", start_path, p.token)) for p in players[:100]]

    def first_starts() -> list[Callable[[], int]]:
        # Players who never started a run of the challenge, as make load's starts are.
        users = fx.tokens_issue(fx.users_make(f"first{time.monotonic_ns()}", 100))
        for user in users:  # the token's first use is not the start's
            _call(app, "GET", "/api/challenges/current/", user.token)
        return [(lambda p=p: _call(app, "POST", start_path, p.token)) for p in users]

    def current() -> list[Callable[[], int]]:
        return [
            (lambda p=p: _call(app, "GET", "/api/challenges/current/", p.token))
            for p in players[:100]
        ]

    phases: dict[str, tuple[Callable[[], list[Callable[[], int]]], set[int]]] = {
        "moves": (batches, {200}),
        "finish": (finishes, {200}),
        "submit": (submits, {201}),
        "start": (starts, {201}),
        "start-first": (first_starts, {201}),
        "current": (current, {200}),
    }
    # Warm every path once (imports, caches, prepared SQL).
    _measure(healthz(), {200})
    for name in args.only or phases:
        make, expect = phases[name]
        _measure(make()[:3], expect)
    print(f"load average {os.getloadavg()[0]:.2f}")
    for name in args.only or phases:
        make, expect = phases[name]
        own, control = [], []
        queries = 0.0
        for _ in range(args.rounds):
            control.append(_measure(healthz(), {200}))
            own.append(_measure(make(), expect))
        calls = make()[:10]
        with CaptureQueriesContext(connection) as captured:
            _measure(calls, expect)
        queries = len(captured.captured_queries) / len(calls)
        if args.queries:
            per_call = len(captured.captured_queries) // len(calls)
            for query in captured.captured_queries[-per_call:]:
                print("   ", query["sql"][:300])
        own_ms, control_ms = statistics.median(own), statistics.median(control)
        print(
            f"{name:8} {own_ms:6.2f} ms  healthz {control_ms:5.2f} ms"
            f"  x{own_ms / control_ms:4.1f}  {queries:.1f} queries"
        )
        if args.profile == name:
            calls = make()
            profile = cProfile.Profile(time.process_time)
            profile.enable()
            _measure(calls, expect)
            profile.disable()
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("tottime").print_stats(35)
            stats.sort_stats("cumulative").print_stats(60)
            print(out.getvalue())
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
