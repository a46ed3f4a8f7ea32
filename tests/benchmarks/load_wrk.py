"""``wrk`` (a C load generator: the client costs the two cores little) driven by a Lua
script from a list of requests, and the CPU the server spent meanwhile, from /proc.

Each wrk thread holds one keep-alive connection per ``connections / threads`` and its
own share of the requests. A phase either sends every request once, in order within
each thread (``once``: the batches of a run, finishes, submits, the burst), or cycles
through them for ``seconds`` (reads).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Request = tuple[str, str, dict[str, str], str]  # method, path, headers, body

_TICKS = os.sysconf("SC_CLK_TCK")
_HEALTH: Request = ("GET", "/healthz", {}, "")

_SCRIPT = r"""
local per_thread = {requests}
local once = {once}
local threads = {{}}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  mine = per_thread[id]
  sent, done = 0, 0
end
function request()
  local k = sent
  sent = sent + 1
  local r = mine[(k % #mine) + 1]
  return wrk.format(r[1], r[2], r[3], r[4])
end
function response(status, headers, body)
  done = done + 1
  if status >= 400 and status ~= 404 then
    io.stderr:write("status " .. status .. " " .. string.sub(body, 1, 160) .. "\n")
  end
  if once and done >= #mine then
    io.stderr:write("thread done\n")
    wrk.thread:stop()
  end
end
function done(summary, latency, requests)
  io.stderr:write(string.format(
    "summary %d %d %d %d %d %d %d\n", summary.requests, summary.duration,
    summary.errors.status, summary.errors.connect + summary.errors.read
      + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
"""


def _lua(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid Lua string here (no \u escapes)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"[{_lua(k)}] = {_lua(v)}" for k, v in value.items()) + "}"
    assert isinstance(value, list | tuple)
    return "{" + ", ".join(_lua(item) for item in value) + "}"


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of these processes and all their descendants (/proc),
    by process."""
    pending, total, seen = list(pids), {}, set()
    while pending:
        pid = pending.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue  # exited meanwhile
        fields = stat.rsplit(")", 1)[1].split()
        total[pid] = (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime
        pending.extend(int(child) for child in children)
    return total


def worker_spread(before: dict[int, float], after: dict[int, float]) -> float:
    """The least busy gunicorn worker's CPU between two readings, over an even share of
    all the workers' (1.0: even; 0: one worker did nothing). 1.0 with fewer than two."""
    spent = [
        after[pid] - before.get(pid, 0.0)
        for pid in after
        if _process_title(pid).startswith(b"gunicorn: worker")
    ]
    if len(spent) < 2 or sum(spent) <= 0:
        return 1.0
    return min(spent) / (sum(spent) / len(spent))


def _process_title(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""  # exited meanwhile


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings: by the processes alive at the end (a
    process that exited meanwhile took its figures with it)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


@dataclass
class Result:
    name: str
    requests: int
    seconds: float
    errors: int
    """Answers of 400 and up (but 404s a phase expects), and connection errors."""
    p50_ms: float
    p95_ms: float
    p99_ms: float
    web_cpu_ms: float
    """The web tier's CPU (gunicorn's processes, nginx's if any) per request."""
    db_cpu_ms: float
    """PostgreSQL's CPU per request (the backends serving the load's database)."""
    sample: str = ""
    floor_ms: float = 0.0
    """The web tier's CPU per request of the floor (load_floor.py: one JSON view, the
    same gunicorn) measured in the same run."""
    load: str = ""
    """The machine's load average (1, 5, 15 min, /proc/loadavg) when the phase ended."""
    queries: str = ""
    """A write's SQL queries (load_queries.py), for the rows of the writes."""

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def floors(self) -> float:
        return self.web_cpu_ms / self.floor_ms if self.floor_ms else 0.0

    def line(self) -> str:
        return (
            f"| {self.name} | {self.rate:,.0f} | {self.p50_ms:.1f} | {self.p99_ms:.1f}"
            f" | {self.web_cpu_ms:.2f} | {self.floors:.1f}x | {self.db_cpu_ms:.2f}"
            f" | {self.queries or '-'} | {self.errors} | {self.load} |"
        )


TABLE_HEAD = (
    "| request | req/s | p50 ms | p99 ms | web CPU ms/req | x floor | PostgreSQL CPU ms/req"
    " | queries | errors | load 1/5/15 |\n|---|---|---|---|---|---|---|---|---|---|"
)


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " / ".join(Path("/proc/loadavg").read_text().split()[:3])


def _cpu_ticks() -> tuple[int, int]:
    """The machine's CPU ticks since boot: busy, and in all (/proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


def machine_settle(*, busy_below: float = 0.1, window: float = 0.5, most: float = 20.0) -> float:
    """Wait until the machine is quiet: two windows in a row with less than
    ``busy_below`` of its CPU busy, at most ``most`` seconds. What a phase leaves running
    (PostgreSQL's writer and vacuum, workers' garbage) then weighs on no row but its own.
    Returns the seconds waited."""
    began = time.perf_counter()
    quiet = 0
    while quiet < 2 and time.perf_counter() - began < most:
        busy, total = _cpu_ticks()
        time.sleep(window)
        busy_after, total_after = _cpu_ticks()
        share = (busy_after - busy) / max(1, total_after - total)
        quiet = quiet + 1 if share < busy_below else 0
    return time.perf_counter() - began


# A reading phase is measured again when its least busy gunicorn worker did less than
# this share of an even split of the work (``tries`` times in all, at most).
_EVEN_ENOUGH = 0.5


def wrk_run(
    name: str,
    url: str,
    requests: list[Request],
    *,
    web_pids: list[int],
    db_pids: Callable[[], list[int]],
    connections: int = 8,
    threads: int = 2,
    seconds: float = 10.0,
    once: bool = False,
    just_before: Callable[[], None] | None = None,
    tries: int = 3,
) -> Result:
    """Send ``requests`` with wrk and return what it measured; ``just_before`` is called
    as the last thing before they are sent (once the machine has settled).

    wrk opens its keep-alive connections at once, and the kernel hands each to whichever
    worker accepts first: now and then one worker takes all of them and the other idles.
    The phase then measures that placement (half the rate, a fifth more CPU a request:
    two threads of one process serve eight connections), not the request; the floor and
    every row were bimodal for it. So a reading phase whose work sat on one worker is
    measured again, on new connections, and says so. A phase that sends each request
    once cannot be sent again: it says how uneven it was."""
    for attempt in range(tries):
        result, spread = _wrk_measure(
            name, url, requests, web_pids=web_pids, db_pids=db_pids, connections=connections,
            threads=threads, seconds=seconds, once=once, just_before=just_before,
        )  # fmt: skip
        last = once or attempt == tries - 1
        if spread < _EVEN_ENOUGH:
            then = "sent once: it stays" if once else "it stays" if last else "measured again"
            print(
                f"  ({name}: its least busy worker did {spread:.0%} of an even share; {then})",
                flush=True,
            )
        if last or spread >= _EVEN_ENOUGH:
            return result
    raise AssertionError("unreachable")


def _wrk_measure(
    name: str,
    url: str,
    requests: list[Request],
    *,
    web_pids: list[int],
    db_pids: Callable[[], list[int]],
    connections: int,
    threads: int,
    seconds: float,
    once: bool,
    just_before: Callable[[], None] | None,
) -> tuple[Result, float]:
    """One wrk run of ``requests``: what it measured, and how evenly the gunicorn
    workers shared its work (``worker_spread``)."""
    if once:
        # One connection a thread: a thread that has sent its share stops at once,
        # with no other connection of its own still asking for more.
        threads = min(connections, len(requests))
        connections = threads
    else:
        threads = min(threads, connections, len(requests))
        connections = max(threads, connections - connections % threads)
    # wrk asks the script for a first request while setting a thread up, and sends it
    # without its body: let that one be a harmless read.
    per_thread: list[list[Request]] = [[_HEALTH] if once else [] for _ in range(threads)]
    for n, request in enumerate(requests):
        per_thread[n % threads].append(request)
    script = Path(f"/tmp/tod-load-{os.getpid()}.lua")
    script.write_text(_SCRIPT.format(requests=_lua(per_thread), once=_lua(once)))
    duration = f"{600 if once else seconds:.0f}s"
    if web_pids:
        machine_settle()  # a measured run starts on a quiet machine (not a warm-up)
    if just_before is not None:
        just_before()
    web_before, db_before = cpu_seconds(web_pids), cpu_seconds(db_pids())
    began = time.perf_counter()
    wrk = subprocess.Popen(
        ["wrk", "-t", str(threads), "-c", str(connections), "-d", duration, "--timeout", "10s",
         "-s", str(script), url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert wrk.stderr is not None
    refusals: list[str] = []
    summary: list[int] = []
    finished = 0
    for line in wrk.stderr:
        if line.startswith("thread done"):
            finished += 1
            if once and finished == threads:
                # wrk waits out its duration even after every thread stopped:
                # interrupt it (it then reports) once each has sent its share.
                elapsed = time.perf_counter() - began
                web, db = cpu_seconds(web_pids), cpu_seconds(db_pids())
                wrk.send_signal(signal.SIGINT)
        elif line.startswith("status "):
            refusals.append(line.strip())
        elif line.startswith("summary "):
            summary = [int(x) for x in line.split()[1:]]
    wrk.wait(timeout=30)
    if not (once and finished == threads):
        elapsed = time.perf_counter() - began
        web, db = cpu_seconds(web_pids), cpu_seconds(db_pids())
    if not summary:
        raise SystemExit(
            f"{name}: wrk reported nothing ({wrk.stdout.read() if wrk.stdout else ''})"
        )
    served, _micros, _status_errors, socket_errors, p50, p95, p99 = summary
    served = max(served, 1)
    sample = re.sub(r"\s+", " ", refusals[0])[:200] if refusals else ""
    return Result(
        name=name,
        requests=served,
        seconds=elapsed,
        errors=len(refusals) + socket_errors,
        p50_ms=p50 / 1000,
        p95_ms=p95 / 1000,
        p99_ms=p99 / 1000,
        web_cpu_ms=1000 * cpu_spent(web_before, web) / served,
        db_cpu_ms=1000 * cpu_spent(db_before, db) / served,
        sample=sample,
        load=load_average(),
    ), worker_spread(web_before, web)
