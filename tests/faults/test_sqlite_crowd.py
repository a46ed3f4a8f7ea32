"""The embedded default takes a crowd: `make run`'s settings, twenty players at once.

`make run` serves SQLite through uvicorn (ASGI: Django's views take turns in one
thread). Twenty simulated
players (tests/crowd.py) play a witnessed run each at the same time over real HTTP:
start, batches of moves while they play, finish, submit, rank. SQLite has one writer
at a time; in WAL mode with immediate transactions and a busy timeout every writer
waits its turn, so no answer is a 5xx and every player's entry is made.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.crowd import SimulatedPlayer, Tally
from tests.processes import free_port, manage, tokens_make

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 20

ENTRIES_OF = """
import json
from challenges.models import Entry
print(json.dumps(Entry.objects.filter(run_id__in={runs!r}).count()))
"""


def _make_run_environment(database: Path) -> dict[str, str]:
    """`make run`'s environment: none of the deployment's variables, only where the
    SQLite file lives (a temporary one, not the developer's db.sqlite3)."""
    kept = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT"}
    environment = {k: v for k, v in os.environ.items() if k in kept}
    environment["DATABASE_URL"] = f"sqlite:///{database}"
    environment["PYTHONUNBUFFERED"] = "1"
    return environment


@pytest.fixture
def make_run_server(tmp_path: Path) -> Iterator[tuple[int, dict[str, str], Path]]:
    environment = _make_run_environment(tmp_path / "db.sqlite3")
    manage(environment, "migrate", "--noinput")
    # No `challenges_make`: the first reader makes the challenge on the spot, and the
    # server solves its par in a thread while the crowd plays (make run's first minute).
    port = free_port()
    log = tmp_path / "make-run-server.log"
    uvicorn = str(Path(sys.executable).with_name("uvicorn"))
    with log.open("wb") as output:
        server = subprocess.Popen(
            # The Makefile's `run` command, without --reload.
            [
                *(uvicorn, "--host", "127.0.0.1", "--port", str(port)),
                *("--ws", "websockets-sansio", "--lifespan", "off", "config.asgi:application"),
            ],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, log.read_text()[-3000:]
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        yield port, environment, log
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_twenty_players_at_once_on_make_runs_sqlite_get_no_5xx(
    make_run_server: tuple[int, dict[str, str], Path],
) -> None:
    port, environment, log = make_run_server
    tokens = tokens_make(environment, count=PLAYERS, prefix="crowd")
    tally = Tally()
    players = [
        SimulatedPlayer(
            host="127.0.0.1",
            port=port,
            token=token,
            tally=tally,
            number=n,
            moves=10,
            step_ms=400,
            batch_every_s=1.0,
        )
        for n, token in enumerate(tokens)
    ]
    outcomes: list[bool] = []
    threads = [
        threading.Thread(target=lambda p=p: outcomes.append(p.play_run(variant=p.number)))
        for p in players
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)

    server_errors = [status for status in tally.statuses if status >= 500]
    assert server_errors == [], (tally.statuses, log.read_text()[-3000:])
    assert tally.no_answer == 0, tally.statuses
    slowest = tally.quantile_between(0, time.monotonic(), 1.0)
    assert outcomes == [True] * PLAYERS, (tally.gave_up, tally.statuses, slowest)
    stored = json.loads(
        manage(environment, "shell", "-c", ENTRIES_OF.format(runs=list(tally.entries)))
    )
    assert stored == PLAYERS
