"""`make chaos`: simulated players play through faults of every part (docs/security.md).

On loopback only, all of it this run's own: a throwaway PostgreSQL cluster, a
redis-server, gunicorn with the production settings, and a Celery worker with its beat
(tests/processes.py). ``--players`` simulated players (tests/crowd.py) play witnessed
runs at a person's pace (a move every 0.9 s, a batch every 3 s, a few seconds between
runs) while the run:

- stops Redis for 20 s;
- restarts PostgreSQL;
- kills a gunicorn worker with SIGKILL;
- kills the Celery worker and starts it again.

Then it counts, against the database: the runs and entries the players were told
succeeded that are missing (must be 0); the answers of 5xx other than the database's
503 (must be 0); the longest answer while Redis was down (at most 1 s); and the
seconds to full recovery after each fault. It prints the table docs/security.md keeps
and exits non-zero when a bound is broken.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.crowd import SimulatedPlayer, Tally
from tests.processes import (
    LoopbackSite,
    get,
    tokens_make,
)

REDIS_DOWN_SECONDS = 20.0
# Recovered: this many health probes in a row (a quarter second apart) all well.
PROBES_IN_A_ROW = 8
PROBE_EVERY = 0.25


@dataclass
class Probe:
    at: float
    status: int
    database: str = ""
    redis_up: bool = False
    seconds: float = 0.0

    @property
    def well(self) -> bool:
        return self.status == 200 and self.database == "ok" and self.redis_up


@dataclass
class Timeline:
    probes: list[Probe] = field(default_factory=list)
    faults: list[tuple[str, float, float]] = field(default_factory=list)
    """(fault, when it began, when the part was back), monotonic."""
    recovered: dict[str, float] = field(default_factory=dict)


def _probe_loop(port: int, timeline: Timeline, stop: threading.Event) -> None:
    while not stop.is_set():
        started = time.monotonic()
        status, _, body = get(port, "/healthz", timeout=5)
        probe = Probe(started, status, seconds=time.monotonic() - started)
        if body:
            try:
                health = json.loads(body)
                probe.database = health.get("database", "")
                probe.redis_up = bool(health.get("cache", {}).get("redis_up"))
            except ValueError:
                pass
        timeline.probes.append(probe)
        time.sleep(max(0.0, PROBE_EVERY - (time.monotonic() - started)))


def _recovered_after(timeline: Timeline, since: float) -> float | None:
    """Seconds from ``since`` to the first of PROBES_IN_A_ROW well probes in a row."""
    run: list[Probe] = []
    for probe in timeline.probes:
        if probe.at < since:
            continue
        run = [*run, probe] if probe.well else []
        if len(run) == PROBES_IN_A_ROW:
            return run[0].at - since
    return None


def _celery_answers(redis_url: str, deadline: float) -> float | None:
    """Monotonic time the worker first answers a ping (its broker is Redis), or None."""
    from celery import Celery

    app = Celery(broker=redis_url)
    while time.monotonic() < deadline:
        if app.control.ping(timeout=1.0):
            return time.monotonic()
    return None


def _player_loop(player: SimulatedPlayer, stop: threading.Event, delay: float) -> None:
    time.sleep(delay)
    variant = player.number * 1000
    while not stop.is_set():
        player.play_run(variant)
        variant += 1
        time.sleep(1 + 3 * player.random.random())  # a person looks at the end screen


MISSING_QUERY = """
SELECT
  (SELECT count(*) FROM unnest(%(started)s::uuid[]) AS s(id)
     WHERE NOT EXISTS (SELECT 1 FROM challenges_run r WHERE r.id = s.id)),
  (SELECT count(*) FROM unnest(%(finished)s::uuid[], %(scores)s::int[]) AS f(id, score)
     WHERE NOT EXISTS (SELECT 1 FROM challenges_run r
                       WHERE r.id = f.id AND r.status = 'finished' AND r.score = f.score)),
  (SELECT count(*) FROM unnest(%(entered)s::uuid[]) AS e(id)
     WHERE NOT EXISTS (SELECT 1 FROM challenges_entry e2 WHERE e2.run_id = e.id))
"""


def _missing(database_url: str, tally: Tally) -> tuple[int, int, int]:
    import psycopg

    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            MISSING_QUERY,
            {
                "started": tally.runs_started,
                "finished": list(tally.runs_finished),
                "scores": list(tally.runs_finished.values()),
                "entered": list(tally.entries),
            },
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1]), int(row[2])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=210, help="how long the players play")
    parser.add_argument("--web-workers", type=int, default=3)
    args = parser.parse_args(argv)

    directory = Path(tempfile.mkdtemp(prefix="tod-chaos-"))
    print(f"chaos: site in {directory}; migrating, {args.players} players", flush=True)
    site = LoopbackSite(
        directory,
        database="chaos",
        web_workers=args.web_workers,
        PAR_SOLVE="celery",
        PAR_SOLVER_NODES="50000",
        OUTBOX_DRAIN_SECONDS="5",
        REDIS_CIRCUIT_OPEN_SECONDS="2",
        GUNICORN_MAX_REQUESTS="0",
    )
    postgres, redis, web, worker = site.postgres, site.redis, site.web, site.worker
    stop = threading.Event()
    try:
        tokens = tokens_make(site.environment, count=args.players, prefix="chaos")
        worker.start()

        tally = Tally()
        timeline = Timeline()
        prober = threading.Thread(target=_probe_loop, args=(web.port, timeline, stop))
        prober.start()
        players = [
            SimulatedPlayer(host="127.0.0.1", port=web.port, token=token, tally=tally, number=n)
            for n, token in enumerate(tokens)
        ]
        threads = [
            threading.Thread(target=_player_loop, args=(p, stop, 10 * n / len(players)))
            for n, p in enumerate(players)
        ]
        for thread in threads:
            thread.start()
        began = time.monotonic()

        def at(second: float) -> None:
            time.sleep(max(0.0, began + second - time.monotonic()))

        at(30)
        print("chaos: Redis stopped", flush=True)
        down = time.monotonic()
        redis.stop()
        at(30 + REDIS_DOWN_SECONDS)
        redis.start()
        timeline.faults.append(("Redis stopped for 20 s", down, time.monotonic()))

        at(75)
        print("chaos: PostgreSQL restarting", flush=True)
        down = time.monotonic()
        postgres.restart()
        timeline.faults.append(("PostgreSQL restarted", down, time.monotonic()))

        at(110)
        victim = random.Random(7).choice(web.worker_pids())
        print(f"chaos: SIGKILL gunicorn worker {victim}", flush=True)
        down = time.monotonic()
        os.kill(victim, signal.SIGKILL)
        timeline.faults.append(("a gunicorn worker SIGKILLed", down, down))

        at(140)
        print("chaos: Celery worker killed, started again 5 s later", flush=True)
        down = time.monotonic()
        worker.kill()
        time.sleep(5)
        worker.start()
        celery_back = time.monotonic()
        answered = _celery_answers(redis.url(), time.monotonic() + 90)
        timeline.faults.append(("the Celery worker killed and started", down, celery_back))

        at(args.seconds)
        print("chaos: players finishing their runs", flush=True)
        stop.set()
        for thread in threads:
            thread.join(timeout=240)
        prober.join(timeout=10)

        missing_runs, missing_finished, missing_entries = _missing(postgres.url("chaos"), tally)
        redis_fault = timeline.faults[0]
        longest_redis = tally.longest_between(redis_fault[1], redis_fault[2])
        # The same span just before the fault, for comparison: on a busy machine a
        # request's time is mostly its wait for a free thread and a core.
        span = redis_fault[2] - redis_fault[1]
        longest_before = tally.longest_between(redis_fault[1] - span, redis_fault[1])
        longest = tally.longest_between(began, time.monotonic())
        slowest = sorted(
            (entry for entry in tally.slowest if redis_fault[1] <= entry[0] <= redis_fault[2]),
            key=lambda entry: -entry[1],
        )[:5]
        rows = []
        for name, start, back in timeline.faults:
            if name.startswith("the Celery"):
                seconds = None if answered is None else answered - back
            else:
                seconds = _recovered_after(timeline, back)
            shown = "never" if seconds is None else f"{seconds:.1f}"
            rows.append(f"| {name} | {back - start:.1f} | {shown} |")
        requests = sum(tally.statuses.values())
        print()
        print(f"players: {args.players}; runs started {len(tally.runs_started)}, finished valid")
        print(f"{len(tally.runs_finished)}, entries {len(tally.entries)}; requests {requests}")
        print(f"statuses: {dict(sorted(tally.statuses.items()))}")
        print()
        print("| measure | value | bound |")
        print("|---|---|---|")
        print(f"| runs told started, missing | {missing_runs} | 0 |")
        print(f"| runs told finished (valid, scored), missing | {missing_finished} | 0 |")
        print(f"| entries told made (201), missing | {missing_entries} | 0 |")
        print(f"| 5xx other than the database's 503 | {len(tally.server_errors)} | 0 |")
        print(f"| 503 database_unavailable | {tally.unavailable} | |")
        print(f"| no answer (connection cut or refused) | {tally.no_answer} | |")
        down_from, down_to = redis_fault[1], redis_fault[2]
        for label, start, end in [
            ("while Redis was down", down_from, down_to),
            ("the 20 s before Redis stopped", down_from - span, down_from),
        ]:
            median = tally.quantile_between(start, end, 0.5)
            p95 = tally.quantile_between(start, end, 0.95)
            print(f"| answer times {label}: median, 95th | {median:.2f} s, {p95:.2f} s | |")
        print(f"| longest answer while Redis was down | {longest_redis:.2f} s | 1 s |")
        print(f"| longest answer, the 20 s before Redis stopped | {longest_before:.2f} s | |")
        print(f"| longest answer, whole run | {longest:.2f} s | |")
        print(f"| load average (1 min) at the end | {os.getloadavg()[0]:.1f} | |")
        print()
        print("| fault | part away (s) | seconds to full recovery after it |")
        print("|---|---|---|")
        print("\n".join(rows))
        print()
        print("slowest while Redis was down:", [(f"{s:.2f} s", what) for _, s, what in slowest])
        if tally.server_errors:
            print("5xx:", tally.server_errors[:20])
        broken = (
            missing_runs + missing_finished + missing_entries + len(tally.server_errors) > 0
            or longest_redis > 1.0
        )
        return 1 if broken else 0
    finally:
        stop.set()
        site.close()


if __name__ == "__main__":
    sys.exit(main())
