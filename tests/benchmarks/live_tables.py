"""``make bench-live``: many live tables at once on the production stack, the figures
docs/performance.md keeps ("Live tables").

    .venv/bin/python tests/benchmarks/live_tables.py [--tables 10 25 50] [--seconds 20]
        [--move-every 6] [--web-workers 2] [--arrivals 100]

Starts gunicorn (the moves, over HTTP) and uvicorn (the sockets) with the production
settings on loopback: PostgreSQL, the Redis channel layer and cache. For each count of
tables in ``--tables`` it seats two people at a live table each, and each seat does
what its table page does (pages/table.js, tables/feed.js): it holds a socket that
says ``here`` every 3 s on its own turn; it takes another seat's place, draw or pass
from the push (which carries the rest of the table), reads the table once any other
pushed event arrives, and, while the other is to move, whenever 5 s went by without
a read or a push taken; and every table makes a move every ``--move-every`` seconds
(with jitter), by the seat its page says is to move, a legal action picked from what
it sees, posted with its ``seq``. People arrive ``--arrivals`` a second, as they come
to a site (not all in one instant): each page reads its table, opens its socket and
polls, and a table plays once both its people are there. The ``--seconds`` measured
begin once everyone has arrived, so they see tables at every stage of a game, as a
site that holds them does. It prints, per count:

- the push latency from a move (the post leaving the player) to the other seat's
  socket receiving its event, p50 and p95, and p95 over each tenth of the seconds
  measured (a moment that lags shows there);
- the move's answer to the player who posted it, p50 and p95;
- the socket server's memory per socket (its RSS with the sockets open, less before,
  per socket);
- the CPU of the web workers, of uvicorn, of the PostgreSQL backends serving the
  benchmark's database and of Redis, per move (all of it: the move, the reads and
  pings it brings) and the socket server's per push delivered; what it takes, from
  these, to hold 500 tables; and the cores the site and the simulated players (this
  process, on the same cores) kept busy;
- moves, reads, pings and pushes, errors, the load average while it ran (the machine
  is shared: say so with the figures);

and the most tables held with p95 at or under 250 ms. A benchmark: it asserts nothing.

Environment: ``LIVE_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/
live_bench``, migrated; its tables are added to, never emptied), ``LIVE_REDIS_URL``
(default ``redis://127.0.0.1:6379/5``), and ``TEST_PORTS`` (e.g. ``8760-8779``) for the
servers' ports on a shared machine.
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from tests.processes import Gunicorn, LiveServer, manage, request, site_environment  # noqa: E402
from tools.database_ensure import database_ensure  # noqa: E402
from triominos import Board  # noqa: E402
from triominos.classic import placement_from_json  # noqa: E402
from triominos.tiles import tile_parse  # noqa: E402

P95_TARGET_MS = 250
TAKEN = {"placed", "drew", "passed"}
"""The events a page takes from a push with no read (pages/table.js)."""

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
        strength="easy", rounds=None, pace="live")
    services.table_join(table_id=table["id"], player_id=seats[1]["id"])
    made.append({{"table": str(table["id"]), "seats": seats}})
print(json.dumps(made))
"""


@dataclass
class Step:
    tables: int
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    reads: int = 0
    pings: int = 0
    pushes: int = 0
    taken: int = 0
    errors: int = 0
    rss_before: int = 0
    rss_after: int = 0
    sockets: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    players_cpu: float = 0.0
    """This benchmark's own CPU: the simulated players, on the same cores as the site."""
    load: list[float] = field(default_factory=list)
    began: float = float("inf")
    """When the measured seconds began: every page had arrived."""
    until: float = float("inf")
    answers: list[float] = field(default_factory=list)
    """The moves' answers, ms from the post leaving the player."""
    pushed_at: list[float] = field(default_factory=list)
    """When each measured push's move was posted, s after ``began``."""
    reread_always: bool = False
    failures: list[str] = field(default_factory=list)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pids: list[int]) -> dict[int, float]:
    """Each process's user and system CPU so far, in seconds (one gone is left out)."""
    seconds = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    return seconds


def redis_pids() -> list[int]:
    """The Redis servers on this machine (the channel layer's; a shared Redis counts
    whatever else it serves meanwhile)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "redis-server":
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """The CPU spent between two readings; a process that began in between, all of its."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def postgres_pids(database: str) -> list[int]:
    """The PostgreSQL backends serving the benchmark's database (kept open: the
    production settings' CONN_MAX_AGE), whose CPU is the database's share of a move."""
    import psycopg

    url = urlparse(database)
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [url.path.lstrip("/")]
        ).fetchall()
    return [int(row[0]) for row in rows]


def database_analyze(database: str) -> None:
    """``VACUUM ANALYZE`` the benchmark's database after its tables are made, as
    autovacuum keeps a live one (it may be off on a test server: then the planner, which
    believes a table holds 200 people, joins them to every user by a full scan)."""
    import psycopg

    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")


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


class Seat:
    """One seat's table page: its socket (pushes in, a ``here`` every 3 s out), the
    table as it last read it, read again after another seat's events and, while the
    other is to move, whenever 5 s went by without a read (pages/table.js), and its
    moves with that state's ``seq``."""

    def __init__(self, table: dict[str, Any], seat: int, web: int, step: Step) -> None:
        self.table = table
        self.seat = seat
        self.web = web
        self.step = step
        self.auth = {"Authorization": f"Token {table['seats'][seat]['token']}"}
        self.state: dict[str, Any] | None = None
        self.read_at = 0.0
        self.opened = asyncio.Event()
        self.reading: asyncio.Task[None] | None = None

    async def read(self) -> None:
        status, _, body = await asyncio.to_thread(
            request, self.web, "GET", f"/api/tables/{self.table['table']}/", headers=self.auth
        )
        self.read_at = time.monotonic()
        if status != 200:
            self.step.errors += 1
            return
        self.step.reads += 1
        self.state = json.loads(body)

    def take(self, message: dict[str, Any]) -> None:
        """A page takes another seat's place, draw or pass from the push that carries
        the table (the rest of the table as it leaves it); anything else, it reads."""
        state, shown, event = self.state, message.get("table"), message["event"]
        plain = event["event"] in TAKEN and event.get("player") != self.seat
        if state is None or shown is None or not plain or message["seq"] != state["seq"] + 1:
            self.read_soon()
            return
        mine = shown["turn"] == self.seat
        board = state["board"]
        if event["event"] == "placed":
            board = [*board, {key: event[key] for key in ("tile", "cell", "rotation")}]
        self.state = {
            **state,
            **shown,
            "board": board,
            "can_draw": mine and shown["turn_can_draw"],
            "can_pass": mine and shown["turn_can_pass"],
            "opening_tiles": [],
        }
        self.read_at = time.monotonic()
        self.step.taken += 1

    def read_soon(self) -> None:
        """A page shows the pushed events, then reads the table once."""
        if self.reading is None or self.reading.done():
            self.reading = asyncio.create_task(self.read())

    async def every_5s(self) -> None:
        """While the other person is to move, a read whenever 5 s went by without one,
        from the page's arrival to the step's end."""
        while time.monotonic() < self.step.until:
            await asyncio.sleep(0.5)
            state = self.state
            waiting = state is not None and state["status"] == "playing"
            if not self.step.reread_always:
                waiting = waiting and state is not None and state["turn"] != self.seat
            if waiting and time.monotonic() - self.read_at > 5:
                self.read_soon()

    async def move(self, sent: dict[tuple[str, int], float]) -> bool:
        """Plays when this seat's page says it is its turn; False when the game is over."""
        state = self.state
        if state is None or state["status"] != "playing":
            return state is None
        if state["turn"] != self.seat:
            return True
        action, move = choose(state)
        started = time.monotonic()
        path = f"/api/tables/{self.table['table']}/{action}/"
        status, _, answer = await asyncio.to_thread(
            request, self.web, "POST", path, headers=self.auth, body={**move, "seq": state["seq"]}
        )
        if status != 200:
            self.step.errors += 1
            await self.read()
            return True
        self.step.moves += 1
        if started >= self.step.began:
            self.step.answers.append((time.monotonic() - started) * 1000)
        self.state = json.loads(answer)
        self.read_at = time.monotonic()
        for event in self.state.get("new_events", []):
            sent.setdefault((self.table["table"], event["seq"]), started)
        return self.state["status"] == "playing"


async def table_play(seats: list[Seat], every: float, sent: dict[tuple[str, int], float]) -> None:
    """The table's moves, one every ``every`` seconds (with jitter), by the seat whose
    page says it is to move, from when both its people are there."""
    await asyncio.gather(*(seat.opened.wait() for seat in seats))
    while time.monotonic() < seats[0].step.until:
        await asyncio.sleep(every * random.uniform(0.6, 1.4))
        for seat in seats:
            if not await seat.move(sent):
                return


async def socket_listen(seat: Seat, live: int, sent: dict[tuple[str, int], float]) -> None:
    table = seat.table
    cookie = f"sessionid={table['seats'][seat.seat]['session']}"
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{live}"}
    uri = f"ws://127.0.0.1:{live}/ws/tables/{table['table']}/"
    try:
        await seat.read()
        await listen(uri, headers, seat, sent)
    except Exception as error:
        seat.step.errors += 1
        seat.step.failures.append(f"socket: {type(error).__name__}: {error}")


async def listen(
    uri: str,
    headers: dict[str, str],
    seat: Seat,
    sent: dict[tuple[str, int], float],
) -> None:
    step = seat.step
    async with connect(uri, additional_headers=headers, open_timeout=120) as socket:
        step.sockets += 1
        await socket.recv()  # the hello
        seat.opened.set()
        pinged = time.monotonic()
        while time.monotonic() < step.until + 2:
            if time.monotonic() - pinged >= 3 and time.monotonic() < step.until:
                # The page's "here" goes out on its own turn only (tables/feed.js).
                if seat.state is not None and seat.state["turn"] == seat.seat:
                    await socket.send(json.dumps({"type": "here"}))
                    step.pings += 1
                pinged = time.monotonic()
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=0.5))
            except TimeoutError:
                continue
            if "seq" not in message:
                continue
            step.pushes += 1
            arrived = time.monotonic()
            mover = message["event"].get("player")
            if mover is not None and mover == seat.seat:
                continue  # one's own move: the other seat's arrival is the figure
            if time.monotonic() < step.until:
                seat.take(message)
            started = sent.get((seat.table["table"], message["seq"]))
            if started is None:
                # The push came before the move's answer: wait for the answer's stamp.
                for _ in range(50):
                    await asyncio.sleep(0.01)
                    started = sent.get((seat.table["table"], message["seq"]))
                    if started is not None:
                        break
            if started is not None and started >= step.began:
                step.latencies.append((arrived - started) * 1000)
                step.pushed_at.append(started - step.began)


async def run_step(
    tables: list[dict[str, Any]],
    web: Gunicorn,
    live: LiveServer,
    database: str,
    seconds: float,
    every: float,
    reread_always: bool,
    arrivals: float,
) -> Step:
    step = Step(tables=len(tables), reread_always=reread_always)
    assert live.process is not None
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=64))
    step.rss_before = rss_kb(live.process.pid)
    sent: dict[tuple[str, int], float] = {}
    pages = [[Seat(table, seat, web.port, step) for seat in (0, 1)] for table in tables]
    listeners, refreshers, movers = [], [], []
    for seats in pages:
        for seat in seats:
            # A page reads its table as it loads, then opens its socket and polls.
            listeners.append(asyncio.create_task(socket_listen(seat, live.port, sent)))
            refreshers.append(asyncio.create_task(seat.every_5s()))
            await asyncio.sleep(1 / arrivals)
        # The table plays once both are there: tables start as their people come.
        movers.append(asyncio.create_task(table_play(seats, every, sent)))
    while step.sockets + len(step.failures) < len(listeners):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    step.rss_after = rss_kb(live.process.pid)
    step.moves = step.reads = step.pings = step.pushes = step.taken = 0
    processes = {
        "web": web.worker_pids,
        "sockets": lambda: [live.process.pid] if live.process else [],
        "postgres": lambda: postgres_pids(database),
        "redis": redis_pids,
    }
    before = {name: cpu_of(pids()) for name, pids in processes.items()}
    players_before = time.process_time()
    began = step.began = time.monotonic()
    until = step.until = began + seconds
    sampler = asyncio.create_task(load_sample(step, until))
    await asyncio.gather(*movers, *refreshers, return_exceptions=True)
    await asyncio.sleep(2)
    step.seconds = time.monotonic() - began
    step.cpu = {name: cpu_spent(before[name], cpu_of(pids())) for name, pids in processes.items()}
    step.players_cpu = time.process_time() - players_before
    await sampler
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()
    return step


async def load_sample(step: Step, until: float) -> None:
    while time.monotonic() < until:
        step.load.append(os.getloadavg()[0])
        await asyncio.sleep(5)


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
    parser.add_argument(
        "--arrivals",
        type=float,
        default=100,
        help="people arriving a second, each a read and a socket (all at once, the "
        "socket server's handshakes queue behind each other's first reads)",
    )
    parser.add_argument(
        "--reread-always",
        action="store_true",
        help="read every 5 s whoever is to move, as the table page did before it read "
        "only while another person is to move (a before-and-after)",
    )
    args = parser.parse_args()
    database = os.environ.get("LIVE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/live_bench")
    redis = os.environ.get("LIVE_REDIS_URL", "redis://127.0.0.1:6379/5")
    environment = site_environment(
        database_url=database,
        redis_url=redis,
        LIMITS_REDIS_URL=redis,
        CACHE_KEY_PREFIX="tod-live-bench",
        GUNICORN_MAX_REQUESTS="0",  # the workers' CPU is read from /proc: keep them
    )
    database_ensure(database)
    print(f"migrating {database.rsplit('/', 1)[-1]} ...", flush=True)
    manage(environment, "migrate", "--noinput")
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    web = Gunicorn(environment, workers=args.web_workers, log=logs / "bench-live-web.log")
    live = LiveServer(environment, log=logs / "bench-live-sockets.log")
    web.start()
    live.start()
    steps = []
    try:
        for count in args.tables:
            stamp = f"{int(time.time())}{random.randrange(1000)}"
            tables = json.loads(
                manage(environment, "shell", "-c", FIXTURE.format(count=count, stamp=stamp))
            )
            database_analyze(database)
            step = asyncio.run(
                run_step(
                    tables,
                    web,
                    live,
                    database,
                    args.seconds,
                    args.move_every,
                    args.reread_always,
                    args.arrivals,
                )
            )
            steps.append(step)
            report(step, args.move_every)
    finally:
        live.stop()
        web.stop()
    held = [step.tables for step in steps if percentile(step.latencies, 0.95) <= P95_TARGET_MS]
    print(f"\nmost tables with p95 <= {P95_TARGET_MS} ms: {max(held) if held else 'none'}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (a shared machine)")


TARGET_TABLES = 500


def report(step: Step, every: float) -> None:
    per_socket = (step.rss_after - step.rss_before) / max(1, step.sockets)
    load = f"{min(step.load):.1f}-{max(step.load):.1f}" if step.load else "?"
    print(
        f"{step.tables:>5} tables  {step.sockets:>5} sockets  "
        f"{step.moves:>5} moves  push p50 {percentile(step.latencies, 0.5):7.1f} ms  "
        f"p95 {percentile(step.latencies, 0.95):7.1f} ms  ({len(step.latencies)} pushes)  "
        f"{per_socket:6.1f} kB/socket  errors {step.errors}  load {load}",
        flush=True,
    )
    if step.latencies:
        tenths = [
            percentile(
                [
                    latency
                    for latency, at in zip(step.latencies, step.pushed_at, strict=True)
                    if tenth <= at * 10 / (step.until - step.began) < tenth + 1
                ],
                0.95,
            )
            for tenth in range(10)
        ]
        print(
            f"       mean {statistics.mean(step.latencies):.1f} ms; p95 by tenth of the "
            f"time: {' '.join(f'{p95:.0f}' for p95 in tenths)} ms; the move's answer p50 "
            f"{percentile(step.answers, 0.5):.1f} ms, p95 {percentile(step.answers, 0.95):.1f} ms",
            flush=True,
        )
    moves = max(1, step.moves)
    cpu = {name: seconds * 1000 / moves for name, seconds in step.cpu.items()}
    total = sum(cpu.values())
    print(
        f"       {step.reads} reads, {step.pings} pings, {step.pushes} pushes delivered "
        f"({step.taken} taken with no read) in {step.seconds:.0f} s; CPU per move: web "
        f"{cpu['web']:.1f} ms, sockets {cpu['sockets']:.1f} ms, PostgreSQL "
        f"{cpu['postgres']:.1f} ms, Redis {cpu['redis']:.1f} ms, all {total:.1f} ms; the "
        f"socket server per push {step.cpu['sockets'] * 1000 / max(1, step.pushes):.2f} ms",
        flush=True,
    )
    seconds = max(step.seconds, 1e-9)
    print(
        f"       busy: the site {sum(step.cpu.values()) / seconds:.2f} cores, the simulated "
        f"players beside it {step.players_cpu / seconds:.2f} cores",
        flush=True,
    )
    # A move every ``every`` seconds at each table: the cores busy at 500 tables.
    cores = total / 1000 * TARGET_TABLES / every
    print(
        f"       {TARGET_TABLES} tables at a move every {every:g} s: {cores:.2f} cores of CPU "
        "at this cost per move",
        flush=True,
    )
    for failure in sorted(set(step.failures))[:3]:
        print(f"       {failure}", flush=True)


if __name__ == "__main__":
    main()
