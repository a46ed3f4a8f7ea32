"""``make bench-live``: many live tables at once on the production stack, the figures
docs/performance.md keeps ("Live tables").

    .venv/bin/python tests/benchmarks/live_tables.py [--tables 10 25 50] [--seconds 20]
        [--move-every 6] [--web-workers 2]

Starts gunicorn (the moves, over HTTP) and daphne (the sockets) with the production
settings on loopback: PostgreSQL, the Redis channel layer and cache. For each count of
tables in ``--tables`` it seats two people at each (each with a socket, as the table
page holds one), and every table makes a move every ``--move-every`` seconds (with
jitter): the seat to move reads the table, picks a legal action from what it sees and
posts it with its ``seq``. It prints, per count:

- the push latency from a move (the post leaving the player) to the other seat's
  socket receiving its event, p50 and p95;
- daphne's memory per socket (its RSS with the sockets open, less before, per socket);
- moves per second, errors, the load average (the machine is shared: say so with the
  figures);

and the most tables held with p95 at or under 250 ms. A benchmark: it asserts nothing.

Environment: ``LIVE_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/
live_bench``, migrated; its tables are added to, never emptied), ``LIVE_REDIS_URL``
(default ``redis://127.0.0.1:6379/5``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from tests.processes import Daphne, Gunicorn, manage, request, site_environment  # noqa: E402
from triominos import Board  # noqa: E402
from triominos.classic import placement_from_json  # noqa: E402
from triominos.tiles import tile_parse  # noqa: E402

P95_TARGET_MS = 250

FIXTURE = """
import json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from accounts.services import api_token_create
from challenges.tables import services
made = []
User = get_user_model()
stamp = "{stamp}"
for n in range({count}):
    seats = []
    for seat in range(2):
        user = User.objects.create_user(f"live{{stamp}}t{{n}}s{{seat}}")
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        token = api_token_create(user=user).secret
        seats.append({{"token": token, "session": session.session_key, "id": user.pk}})
    table = services.table_create(player_id=seats[0]["id"], seats=2, computers=0,
        strength="easy", rounds=None, pace="correspondence")
    services.table_join(table_id=table["id"], player_id=seats[1]["id"])
    made.append({{"table": str(table["id"]), "seats": seats}})
print(json.dumps(made))
"""


@dataclass
class Step:
    tables: int
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    rss_before: int = 0
    rss_after: int = 0
    sockets: int = 0
    failures: list[str] = field(default_factory=list)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def choose(state: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The action a simple player takes on what its seat sees: the first placement
    that fits (the opening tiles only, at the opening), else a draw, else a pass."""
    board = Board.from_placements(placement_from_json(raw) for raw in state["board"])
    tiles = state["opening_tiles"] or state["hand"]
    placements = board.legal_placements([tile_parse(tile) for tile in tiles])
    if placements:
        placement = placements[0]
        body = {
            "tile": placement.tile.id,
            "cell": [placement.cell.row, placement.cell.col],
            "rotation": placement.rotation,
        }
        return "move", body
    return ("draw", {}) if state["can_draw"] else ("pass", {})


async def table_play(
    table: dict[str, Any], web: int, step: Step, sent: dict[tuple[str, int], float], until: float
) -> None:
    """The table's moves, every ``move_every`` seconds, by whichever seat is to move."""
    while time.monotonic() < until:
        await asyncio.sleep(table["every"] * random.uniform(0.6, 1.4))
        seat = table["turn"]
        auth = {"Authorization": f"Token {table['seats'][seat]['token']}"}
        status, _, body = await asyncio.to_thread(
            request, web, "GET", f"/api/tables/{table['table']}/", headers=auth
        )
        if status != 200:
            step.errors += 1
            continue
        state = json.loads(body)
        if state["status"] != "playing":
            return
        if state["turn"] != seat:
            table["turn"] = state["turn"]
            continue
        action, move = choose(state)
        started = time.monotonic()
        path = f"/api/tables/{table['table']}/{action}/"
        status, _, answer = await asyncio.to_thread(
            request, web, "POST", path, headers=auth, body={**move, "seq": state["seq"]}
        )
        if status != 200:
            step.errors += 1
            continue
        step.moves += 1
        result = json.loads(answer)
        table["turn"] = result["turn"] if result["turn"] is not None else seat
        for event in result.get("new_events", []):
            sent.setdefault((table["table"], event["seq"]), started)


async def socket_listen(
    table: dict[str, Any],
    seat: int,
    live: int,
    step: Step,
    sent: dict[tuple[str, int], float],
    ready: asyncio.Event,
    until: float,
) -> None:
    cookie = f"sessionid={table['seats'][seat]['session']}"
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{live}"}
    uri = f"ws://127.0.0.1:{live}/ws/tables/{table['table']}/"
    try:
        await listen(uri, headers, table, seat, step, sent, ready, until)
    except Exception as error:
        step.errors += 1
        step.failures.append(f"socket: {type(error).__name__}: {error}")


async def listen(
    uri: str,
    headers: dict[str, str],
    table: dict[str, Any],
    seat: int,
    step: Step,
    sent: dict[tuple[str, int], float],
    ready: asyncio.Event,
    until: float,
) -> None:
    async with connect(uri, additional_headers=headers, open_timeout=60) as socket:
        step.sockets += 1
        hello = json.loads(await socket.recv())
        table["turn"] = table.get("turn", 0)
        del hello
        await ready.wait()
        while time.monotonic() < until + 2:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=1))
            except TimeoutError:
                continue
            if "seq" not in message:
                continue
            arrived = time.monotonic()
            mover = message["event"].get("player")
            if mover is not None and mover == seat:
                continue  # one's own move: the other seat's arrival is the figure
            started = sent.get((table["table"], message["seq"]))
            if started is None:
                # The push came before the move's answer: wait for the answer's stamp.
                for _ in range(50):
                    await asyncio.sleep(0.01)
                    started = sent.get((table["table"], message["seq"]))
                    if started is not None:
                        break
            if started is not None:
                step.latencies.append((arrived - started) * 1000)


async def run_step(
    tables: list[dict[str, Any]], web: int, live: Daphne, seconds: float, every: float
) -> Step:
    step = Step(tables=len(tables))
    assert live.process is not None
    step.rss_before = rss_kb(live.process.pid)
    sent: dict[tuple[str, int], float] = {}
    ready = asyncio.Event()
    for table in tables:
        table["every"] = every
    # The seat to move at the start: read once.
    for table in tables:
        auth = {"Authorization": f"Token {table['seats'][0]['token']}"}
        _, _, body = await asyncio.to_thread(
            request, web, "GET", f"/api/tables/{table['table']}/", headers=auth
        )
        table["turn"] = json.loads(body)["turn"]
    until = time.monotonic() + 3600
    listeners = [
        asyncio.create_task(socket_listen(table, seat, live.port, step, sent, ready, until))
        for table in tables
        for seat in (0, 1)
    ]
    while step.sockets + len(step.failures) < len(listeners):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    step.rss_after = rss_kb(live.process.pid)
    until = time.monotonic() + seconds
    ready.set()
    movers = [asyncio.create_task(table_play(table, web, step, sent, until)) for table in tables]
    await asyncio.gather(*movers, return_exceptions=True)
    await asyncio.sleep(2)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return step


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--move-every", type=float, default=6.0)
    parser.add_argument("--web-workers", type=int, default=2)
    args = parser.parse_args()
    database = os.environ.get("LIVE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/live_bench")
    redis = os.environ.get("LIVE_REDIS_URL", "redis://127.0.0.1:6379/5")
    environment = site_environment(database_url=database, redis_url=redis)
    print(f"migrating {database.rsplit('/', 1)[-1]} ...", flush=True)
    manage(environment, "migrate", "--noinput")
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    web = Gunicorn(environment, workers=args.web_workers, log=logs / "bench-live-web.log")
    live = Daphne(environment, log=logs / "bench-live-daphne.log")
    web.start()
    live.start()
    steps = []
    try:
        for count in args.tables:
            stamp = f"{int(time.time())}{random.randrange(1000)}"
            tables = json.loads(
                manage(environment, "shell", "-c", FIXTURE.format(count=count, stamp=stamp))
            )
            step = asyncio.run(run_step(tables, web.port, live, args.seconds, args.move_every))
            steps.append(step)
            report(step)
    finally:
        live.stop()
        web.stop()
    held = [step.tables for step in steps if percentile(step.latencies, 0.95) <= P95_TARGET_MS]
    print(f"\nmost tables with p95 <= {P95_TARGET_MS} ms: {max(held) if held else 'none'}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (a shared machine)")


def report(step: Step) -> None:
    per_socket = (step.rss_after - step.rss_before) / max(1, step.sockets)
    print(
        f"{step.tables:>5} tables  {step.sockets:>5} sockets  "
        f"{step.moves:>5} moves  push p50 {percentile(step.latencies, 0.5):7.1f} ms  "
        f"p95 {percentile(step.latencies, 0.95):7.1f} ms  ({len(step.latencies)} pushes)  "
        f"{per_socket:6.1f} kB/socket  errors {step.errors}  "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    if step.latencies:
        print(f"       mean {statistics.mean(step.latencies):.1f} ms", flush=True)
    for failure in sorted(set(step.failures))[:3]:
        print(f"       {failure}", flush=True)


if __name__ == "__main__":
    main()
