"""``make lighthouse`` serves the database it filled: from a fresh clone (no database
made yet), its throw-away SQLite file is migrated and holds the audited pages' rows,
whatever database the environment names for everything else."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

from tests.benchmarks import lighthouse_audit


def test_the_audited_site_reads_a_migrated_and_filled_database() -> None:
    lighthouse_audit.DATABASE.unlink(missing_ok=True)
    # A newcomer's shell may name another database (CI names PostgreSQL): not this one.
    env = {**os.environ, "DATABASE_URL": "sqlite:////nonexistent/elsewhere.sqlite3"}
    done = subprocess.run(
        [sys.executable, str(lighthouse_audit.__file__), "--site-only"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    pages = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(pages) == {"home", "how-to-play", "play", "leaderboard", "log-in"}
    with sqlite3.connect(lighthouse_audit.DATABASE) as database:
        challenges = database.execute("SELECT count(*) FROM challenges_challenge").fetchone()
        entries = database.execute("SELECT count(*) FROM challenges_entry").fetchone()
    assert challenges == (2,) and entries == (5,)
