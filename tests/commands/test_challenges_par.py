from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _par(*args: str) -> str:
    out = StringIO()
    call_command("challenges_par", *args, stdout=out)
    return out.getvalue()


def test_solves_the_missing_pars_newest_first_then_says_none_is_missing() -> None:
    current = slot_number(at=timezone.now())
    for number in (current - 1, current):
        ChallengeFactory(number=number)
    assert _par("--limit", "1", "--nodes", "2000") == f"challenge #{current}: par solved\n"
    assert Challenge.objects.get(number=current).par is not None
    assert Challenge.objects.get(number=current - 1).par is None
    assert _par("--nodes", "2000") == f"challenge #{current - 1}: par solved\n"
    assert _par() == "no par missing\n"


def test_refuses_a_limit_or_budget_under_one() -> None:
    with pytest.raises(CommandError, match="--limit"):
        _par("--limit", "0")
    with pytest.raises(CommandError, match="--nodes"):
        _par("--nodes", "0")


def test_without_a_broker_challenges_make_leaves_each_par_solved_when_it_exits(
    tmp_path: Path,
) -> None:
    """The embedded default (no REDIS_URL: PAR_SOLVE=thread) in its own processes: the
    command makes a challenge, its par is solved on the background thread, and the
    process waits for it before exiting (a solve cut off would leave its claim)."""
    database = tmp_path / "embedded.sqlite3"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PAR_SOLVE")},
        "DATABASE_URL": f"sqlite:///{database}",
        "PAR_SOLVER_NODES": "2000",
        "DJANGO_ENV": "test",
    }

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    manage("migrate", "--noinput")
    made = manage("challenges_make", "--ahead", "0")
    number = int(made.split("#", 1)[1].split(":", 1)[0])
    with sqlite3.connect(database) as db:
        par, claimed, log = db.execute(
            "SELECT par, par_claimed_at, par_log FROM challenges_challenge WHERE number = ?",
            [number],
        ).fetchone()
    assert par is not None and claimed is None
    assert json.loads(log)["moves"]
