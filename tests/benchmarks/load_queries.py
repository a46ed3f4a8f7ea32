"""The SQL queries of each write, counted in ``make load``'s own process on its own
database: one request through the WSGI application (as gunicorn makes it) under
``CaptureQueriesContext``, after one warm-up of the same kind (a token's first use, the
first read of the challenge row and Django's first imports are not the write's cost).

The counts are also pinned by tests (tests/api/test_write_queries.py); here they stand
beside the load's figures, measured on the load's data.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.benchmarks import load_fixture as fx
from tests.benchmarks.profile_writes import _call, _last_body


def write_queries(fixture: fx.Fixture) -> dict[str, list[str]]:
    """Each write's SQL, by phase name: run-start, moves, finish, submit."""
    from django.core.wsgi import get_wsgi_application
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    app = get_wsgi_application()
    players = fx.tokens_issue(fx.users_make(f"queries{time.monotonic_ns()}", 4))
    for player in players:  # a token's first use writes its last_used_at
        _call(app, "GET", "/api/challenges/current/", player.token)
    moves = [{**m, "t": 200 * n} for n, m in enumerate(fixture.log["moves"])]
    batch = fx.log_json({"from": 0, "moves": moves[:3]})

    def counted(calls: list[Callable[[], int]], expect: int) -> list[str]:
        for n, call in enumerate(calls):
            if n == len(calls) - 1:
                with CaptureQueriesContext(connection) as captured:
                    code = call()
            else:
                code = call()
            if code != expect:
                raise SystemExit(f"queries: unexpected {code}: {_last_body[0][:300]!r}")
        return [query["sql"] for query in captured.captured_queries]

    start_path = f"/api/challenges/{fixture.challenge_id}/runs/"
    found: dict[str, list[str]] = {}
    found["run-start"] = counted(
        [lambda p=p: _call(app, "POST", start_path, p.token) for p in players[:2]], 201
    )
    batching = fx.runs_start(fixture, players[:2], ago_seconds=15)
    found["moves"] = counted(
        [lambda r=r, p=p: _call(app, "POST", f"/api/runs/{r}/moves/", p.token, batch)
         for r, p in zip(batching, players[:2], strict=True)],
        200,
    )  # fmt: skip
    finishing = fx.runs_start(fixture, players[2:], ago_seconds=70)
    whole = fx.log_json(fixture.log)
    found["finish"] = counted(
        [lambda r=r, p=p: _call(app, "POST", f"/api/runs/{r}/finish/", p.token, whole)
         for r, p in zip(finishing, players[2:], strict=True)],
        200,
    )  # fmt: skip
    submitters = fx.tokens_issue(fx.users_make(f"qsubmit{time.monotonic_ns()}", 2))
    for player in submitters:
        _call(app, "GET", "/api/challenges/current/", player.token)
    runs = fx.runs_to_submit(fixture, submitters, moves=30)
    found["submit"] = counted(
        [lambda r=r, p=p: _call(app, "POST", f"/api/runs/{r}/submit/", p.token)
         for r, p in zip(runs, submitters, strict=True)],
        201,
    )  # fmt: skip
    return found


def queries_print(found: dict[str, list[str]], *, out: Any = print) -> None:
    for name, sql in found.items():
        out(f"\n{name}: {len(sql)} queries")
        for n, text in enumerate(sql, 1):
            out(f"  {n}. {text[:160]}")
