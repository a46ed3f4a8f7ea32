"""The CPU of one read, in-process through Django's whole WSGI handler.

    LOAD_DATABASE_URL=... LOAD_REDIS_URL=... .venv/bin/python tests/benchmarks/profile_reads.py \
        [--repeat 400] [--profile NAME] PATH ...

Runs against the database ``make load`` filled (its challenge of 100k or 1M entries),
with the load's settings (production: ``DEBUG`` off, PostgreSQL, Redis). For each path
it prints the process CPU per request and that CPU as a multiple of ``GET /healthz``
measured just before (the machine is shared: the multiple is the steady figure).
``--profile NAME`` prints cProfile's top functions for the path containing NAME.
A path may carry a header: ``"/api/...|Authorization=Token abc"``; in a path,
``{token}`` is replaced by a fresh token of a player with an entry on the challenge
(``--challenge``), a different player for each request (``--players`` of them), and
``{page}`` by a page number not asked before (an uncached page), and ``{player}`` by
the name of a player with an entry not asked before, the longest pasts first (a
player page built).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.load_service import SERVER_ENV  # noqa: E402


def environ_of(spec: str) -> dict[str, Any]:
    path, *headers = spec.split("|")
    path, _, query = path.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8700",
        "HTTP_HOST": "127.0.0.1:8700",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
    }
    for header in headers:
        name, _, value = header.partition("=")
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ


def call(app: Any, spec: str) -> tuple[str, bytes]:
    status: list[str] = []

    def start_response(s: str, headers: list[tuple[str, str]], exc: Any = None) -> None:
        status.append(s)

    environ = environ_of(spec)
    environ["wsgi.input"] = io.BytesIO(b"")
    body = b"".join(app(environ, start_response))
    return status[0], body


TOKENS: list[str] = []


PAGES = iter(range(2, 10**9))
NAMES: Iterator[str] = iter(())


def specs(spec: str, repeat: int) -> list[str]:
    """``repeat`` requests of ``spec``: ``{token}`` a different player's each time,
    ``{page}`` a page not asked before (an uncached read)."""
    made = []
    for n in range(repeat):
        one = spec.replace("{page}", str(next(PAGES))) if "{page}" in spec else spec
        one = one.replace("{player}", next(NAMES)) if "{player}" in one else one
        made.append(one.replace("{token}", TOKENS[n % len(TOKENS)]) if TOKENS else one)
    return made


def cpu_per_request(app: Any, spec: str, repeat: int) -> float:
    for one in specs(spec, 5):
        call(app, one)
    each = specs(spec, repeat)
    began = time.process_time()
    for one in each:
        call(app, one)
    return (time.process_time() - began) / repeat * 1000


def tokens_make(challenge: int, players: int) -> None:
    from challenges.models import Entry
    from tests.benchmarks.load_fixture import tokens_issue

    entries = Entry.objects.filter(challenge_id=challenge).order_by("?")[:players]
    chosen = [(e.player_id, e.player.username) for e in entries.select_related("player")]
    TOKENS.extend(p.token for p in tokens_issue(chosen))


def names_find(challenge: int) -> None:
    """The names of the players on the board, those with the longest past first (the
    load's players: their pages are a real player's)."""
    from challenges.models import Entry

    entries = Entry.objects.filter(challenge_id=challenge).select_related("player")
    global NAMES
    NAMES = iter(
        [e.player.username for e in entries.order_by("-player__record__played", "?")[:5000]]
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--repeat", type=int, default=400)
    parser.add_argument("--profile", default=None)
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--challenge", type=int, default=0)
    parser.add_argument("--players", type=int, default=200)
    args = parser.parse_args()
    os.environ.update(SERVER_ENV)
    os.environ["DATABASE_URL"] = os.environ.get(
        "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/service_load"
    )
    os.environ["REDIS_URL"] = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/3")
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()
    if any("{token}" in spec for spec in args.paths):
        tokens_make(args.challenge, args.players)
    if any("{player}" in spec for spec in args.paths):
        names_find(args.challenge)
    for spec in args.paths:
        status, body = call(app, specs(spec, 1)[0])
        healthz = cpu_per_request(app, "/healthz", args.repeat)
        ms = cpu_per_request(app, spec, args.repeat)
        print(f"{ms:6.3f} ms  {ms / healthz:4.2f}x healthz ({healthz:.3f})  {status[:3]}"
              f"  {len(body):6d} B  {spec}")  # fmt: skip
        if args.profile and args.profile in spec:
            profiler = cProfile.Profile(time.process_time)  # CPU, as the figures: not waits
            profiler.enable()
            for one in specs(spec, args.repeat):
                call(app, one)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(
                os.environ.get("PROFILE_SORT", "cumulative")
            ).print_stats(args.top)
            print(out.getvalue())


if __name__ == "__main__":
    main()
