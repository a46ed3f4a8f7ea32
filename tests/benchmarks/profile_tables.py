"""A live table's requests in process, through Django's whole WSGI handler: what a
move costs, and what the other seats' requests that follow it cost.

    .venv/bin/python tests/benchmarks/profile_tables.py [--tables 6] [--seats 2]
        [--profile post|get|events|ping] [--out figures.json]

Per move, as the table page makes them (pages/table.js, tables/feed.js):

- ``post``: the mover's ``POST .../move/`` (or draw, pass) with its ``seq``; the push
  to the channel layer is sent in it, once the transaction commits;
- ``get``: each other seat's ``GET /api/tables/{id}/``: a page reads the table again
  once the pushed events are shown, unless the push carried the table (another seat's
  place, draw or pass): the ``move`` line counts it for the other moves only;
- ``events``: ``GET .../events/?after=N`` for each other seat, which a page asks on a
  gap, a reconnect or its slow safety poll (not on every move);
- ``ping``: a seat's socket's ``here`` every 3 s (``table_seen``), that seat's or not;
- ``healthz``: ``GET /healthz`` after each move, the cheapest answer of the same
  handler: the figures as multiples of it move less with the machine's load.

For each it prints the CPU of this process per request (``time.process_time``), the
statements per request and the replays of the game's log per request (calls of the
engine's ``classic_match_replay``), the median over the moves of whole games (to 400,
so a log grows as it does in play). The machine is shared: the load average is
printed beside the CPU; statements and replays do not move with it.

Environment: ``PROFILE_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/
tables_profile``, created and migrated; ``sqlite:///path`` for SQLite) and
``PROFILE_REDIS_URL`` (default ``redis://127.0.0.1:6379/10``): the production settings'
cache and Redis channel layer. The tables it makes stay in the database.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

DATABASE_URL = os.environ.get(
    "PROFILE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tables_profile"
)
REDIS_URL = os.environ.get("PROFILE_REDIS_URL", "redis://127.0.0.1:6379/10")
KINDS = ("post", "get", "events", "ping", "healthz")


def _environment() -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_ENV": "development",
            "DEBUG": "false",
            "DATABASE_URL": DATABASE_URL,
            "REDIS_URL": REDIS_URL,
            "LIMITS_REDIS_URL": REDIS_URL,
            "CACHE_KEY_PREFIX": "tod-tables-profile",
            "CONN_MAX_AGE": "600",
            "CLASSIC_TURN_THROTTLE": "1000000/min",
            "TABLE_MAKE_THROTTLE": "1000000/min",
            "CLASSIC_OPEN_GAMES_LIMIT": "1000000",
            "TABLES_OPEN_PER_PLAYER": "1000000",
            "LOG_LEVEL": "WARNING",
        }
    )


def _database_create() -> None:
    if not DATABASE_URL.startswith("postgres"):
        return
    import psycopg

    url = urlparse(DATABASE_URL)
    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


class Counter:
    """Statements and replays while a request runs."""

    def __init__(self) -> None:
        self.statements = 0
        self.replays = 0

    def statement(self, execute: Callable[..., Any], *args: Any) -> Any:
        self.statements += 1
        return execute(*args)


class Client:
    """Requests through the WSGI application, as gunicorn makes them."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def call(self, method: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else b""
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_AUTHORIZATION": f"Token {token}",
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
        status: list[str] = []
        result = self.app(environ, lambda line, headers, exc_info=None: status.append(line))
        content = b"".join(result)
        getattr(result, "close", lambda: None)()
        code = int(status[0].split()[0])
        if code != 200 or path == "/healthz":
            if code == 200:
                return None
            raise SystemExit(f"{method} {path}: {code} {content[:300]!r}")
        return json.loads(content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--max-moves", type=int, default=400, help="per table")
    parser.add_argument("--profile", choices=KINDS, default=None)
    parser.add_argument("--out", default=None, help="write the figures as JSON")
    args = parser.parse_args()

    _environment()
    _database_create()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.core.wsgi import get_wsgi_application
    from django.db import connection

    from accounts.services import api_token_create
    from challenges import engine
    from challenges.tables import selectors, services
    from tests.tables_play import simple_action, table_match

    replay = engine.classic_match_replay
    counter = Counter()

    def counted_replay(*a: Any, **kw: Any) -> Any:
        counter.replays += 1
        return replay(*a, **kw)

    engine.classic_match_replay = counted_replay  # type: ignore[assignment]
    # Whether each move's push carried the table (the other seats then read nothing).
    from challenges.tables import push

    carried: list[bool] = []
    making = push.events_message

    def recording(*a: Any, **kw: Any) -> Any:
        message = making(*a, **kw)
        if message is not None:
            carried.append("table" in message)
        return message

    push.events_message = recording  # type: ignore[assignment]
    read_after: list[bool] = []
    client = Client(get_wsgi_application())
    figures: dict[str, dict[str, list[float]]] = {
        kind: {"cpu_ms": [], "statements": [], "replays": []} for kind in KINDS
    }
    profiler = cProfile.Profile(time.process_time)  # CPU, not the waits on the database

    @contextmanager
    def measured(kind: str) -> Iterator[None]:
        counter.statements = counter.replays = 0
        began = time.process_time()
        if args.profile == kind:
            profiler.enable()
        with connection.execute_wrapper(counter.statement):
            yield
        if args.profile == kind:
            profiler.disable()
        figures[kind]["cpu_ms"].append((time.process_time() - began) * 1000)
        figures[kind]["statements"].append(counter.statements)
        figures[kind]["replays"].append(counter.replays)

    User = get_user_model()
    stamp = f"{time.time_ns()}"
    tables = []
    for n in range(args.tables):
        people = []
        for seat in range(args.seats):
            user = User.objects.create_user(f"prof{stamp}t{n}s{seat}")
            people.append((user.pk, api_token_create(user=user).secret))
        made = services.table_create(
            player_id=people[0][0],
            seats=args.seats,
            computers=0,
            strength="easy",
            rounds=None,
            pace="correspondence",
        )
        for player_id, _ in people[1:]:
            services.table_join(table_id=made["id"], player_id=player_id)
        tables.append((str(made["id"]), people))

    warm = True
    load = os.getloadavg()[0]
    moves = 0
    for table_id, people in tables:
        seq = client.call("GET", f"/api/tables/{table_id}/", people[0][1])["seq"]
        for _ in range(args.max_moves):
            match = table_match(table_id)
            seat = match.current_player
            action = simple_action(match)
            kind = action.pop("type")
            path = {"place": "move", "draw": "draw", "pass": "pass"}[kind]
            url = f"/api/tables/{table_id}/"
            if warm:  # imports, caches, prepared statements: once, not measured
                client.call("GET", url, people[seat][1])
                client.call("GET", f"{url}events/?after={seq}", people[seat][1])
                warm = False
            with measured("post"):
                body = {**action, "seq": seq}
                answer = client.call("POST", f"{url}{path}/", people[seat][1], body)
            moves += 1
            read_after.append(not (carried and carried[-1]))
            for other, (_, token) in enumerate(people):
                if other == seat:
                    continue
                with measured("get"):
                    client.call("GET", url, token)
                with measured("events"):
                    client.call("GET", f"{url}events/?after={seq}", token)
            for player_id, _ in people:
                with measured("ping"):
                    services.table_seen(table_id=table_id, player_id=player_id)
            with measured("healthz"):
                client.call("GET", "/healthz", people[seat][1])
            seq = answer["seq"]
            if answer["status"] != "playing":
                break
    load = max(load, os.getloadavg()[0])
    summary = {
        kind: {name: statistics.median(values) for name, values in figure.items() if values}
        for kind, figure in figures.items()
    }
    # Whose pings reach the database: every seat's, or (once the pushes say whose turn
    # it is) the seat to move's only.
    pinging = 1 if hasattr(selectors, "TURN_UNKNOWN") else args.seats
    reading = sum(read_after) / max(1, len(read_after))
    summary["move"] = {
        name: summary["post"][name]
        + (args.seats - 1) * reading * summary["get"][name]
        + pinging * summary["ping"][name] * PINGS_PER_MOVE
        for name in ("cpu_ms", "statements", "replays")
    }
    engine_name = connection.vendor
    print(
        f"{moves} moves at {args.tables} tables of {args.seats} ({engine_name}), "
        f"load average {load:.1f}"
    )
    floor = summary["healthz"]["cpu_ms"]
    for kind in (*KINDS, "move"):
        row = summary[kind]
        print(
            f"{kind:>7}: {row['cpu_ms']:6.2f} ms CPU ({row['cpu_ms'] / floor:5.1f}x healthz)  "
            f"{row['statements']:5.1f} statements  {row['replays']:4.1f} replays  (median)"
        )
    print(
        f"   move = post + {args.seats - 1} x {reading:.2f} x get (the moves whose push did "
        f"not carry the table) + {pinging} x ping x {PINGS_PER_MOVE} "
        "(a ping every 3 s, a move every 6 s; the pings that reach the database)"
    )
    if args.out:
        Path(args.out).write_text(json.dumps({"load": load, "moves": moves, **summary}))
    if args.profile:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(30)
        stats.sort_stats("tottime").print_stats(20)
        print(out.getvalue())


PINGS_PER_MOVE = 2
"""At a move every 6 s, each socket pings twice a move (every 3 s)."""


if __name__ == "__main__":
    main()
