"""From a fresh clone, ``make run`` lets two browsers play a live table, with no Redis.

The repository's HEAD is cloned into a temporary directory and ``make run`` is run
there as a newcomer runs it: no environment but the shell's (no ``DATABASE_URL``, no
``REDIS_URL``: SQLite and the in-memory channel layer), the catalogs compiled, the
migrations, the challenges and puzzles made, then uvicorn. Only the
virtualenv is this checkout's (``VENV=``; ``-o`` keeps make from installing into it
again). Two Chromium contexts, a guest each, one on a desktop and one on a phone, then
play a whole round at one table: each sees the other's moves come over the socket.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.tables_helpers import play_to_the_end, players, seat_all
from tests.processes import free_port

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent
READY_SECONDS = 600


@pytest.fixture
def make_run(tmp_path: Path) -> Iterator[str]:
    if shutil.which("make") is None or shutil.which("git") is None:
        pytest.fail("make and git are needed to run make run from a clone")
    clone = tmp_path / "clone"
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", head], cwd=clone, check=True)
    kept = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}
    environment = {key: value for key, value in os.environ.items() if key in kept}
    port = free_port()
    log = tmp_path / "make-run.log"
    stamp = VENV / ".installed-stamp"
    with log.open("wb") as output:
        server = subprocess.Popen(
            ["make", "run", f"VENV={VENV}", "-o", str(stamp), f"PORT={port}"],
            cwd=clone,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + READY_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, log.read_text()[-3000:]
                assert time.monotonic() < deadline, "make run did not serve the site"
                time.sleep(0.5)
        assert (clone / "db.sqlite3").exists(), "make run's own SQLite database"
        yield f"http://127.0.0.1:{port}"
    finally:
        # make, and the uvicorn it started: the whole process group it leads. Once in a
        # few runs uvicorn's reloader outlives its stopped server; the test is about
        # serving, so what is left is killed and said, not failed on.
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=30)
            warnings.warn("make run did not stop in 30 s of SIGTERM; killed", stacklevel=1)


def test_make_run_from_a_fresh_clone_serves_a_live_table_to_two_browsers(
    browser: Any, make_run: str
) -> None:
    with players(browser, "desktop", "phone") as seated:
        pages = seated.pages
        seat_all(pages, make_run, seats=2)
        for page in pages.values():
            expect(page.locator("[data-screen=game]")).to_be_visible()
            # The socket is up: uvicorn serves it, the layer this process's memory.
            expect(page.locator("#play[data-link=live]")).to_have_count(1)

        def both_see_the_board(name: str) -> None:
            board = pages[name].locator("#board .board__tiles .tile").count()
            other = pages["phone" if name == "desktop" else "desktop"]
            expect(other.locator("#board .board__tiles .tile")).to_have_count(board)

        play_to_the_end(pages, after_turn=both_see_the_board)
        for page in pages.values():
            expect(page.locator("#play[data-link=live]")).to_have_count(1)
        assert seated.errors == []
