"""A par's solve leaves the web process (challenges/schedule/par.py): seconds of CPU in
the process that serves pages would hold the GIL and queue every request behind it.
The solve notes the process it ran in; nothing stands in for the child process."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from challenges import engine
from challenges.models import Challenge, OutboxTask
from challenges.schedule.outbox import outbox_drain
from challenges.schedule.par import challenge_par_solve
from tests.domain.schedule.solver_pid import PID_FILE, par_solve_noting_pid
from tests.factories import ChallengeFactory
from triominos import solver_solve

pytestmark = pytest.mark.django_db

BUDGET = 3_000  # nodes: a quick solve


@pytest.fixture
def solver_pid(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The file the solve writes its process id to (the child inherits the variable)."""
    noted = tmp_path / "solver.pid"
    monkeypatch.setenv(PID_FILE, str(noted))
    monkeypatch.setattr(engine, "par_solve", par_solve_noting_pid)
    return noted


def test_under_the_background_thread_the_par_is_solved_in_another_process(
    settings: Any, solver_pid: Path
) -> None:
    settings.PAR_SOLVE = "thread"
    challenge = ChallengeFactory()
    solved = challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert int(solver_pid.read_text(encoding="utf-8")) != os.getpid()
    expected = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET)
    assert solved is not None and (solved.par, solved.par_log) == (expected.score, expected.log)
    assert Challenge.objects.get(pk=challenge.pk).par == expected.score


def test_a_celery_worker_solves_in_its_own_process(settings: Any, solver_pid: Path) -> None:
    """The worker is no web process: it solves where it runs (a child would only cost a
    start-up)."""
    settings.PAR_SOLVE = "celery"
    challenge = ChallengeFactory()
    solved = challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert int(solver_pid.read_text(encoding="utf-8")) == os.getpid()
    assert solved is not None and solved.par is not None


def test_the_asks_keep_their_names_across_releases(settings: Any) -> None:
    """An outbox row outlives the release that wrote it: a row asking for a par by the
    name it has always had is done, and the par's arrival asks for the entries' review
    by its own."""
    settings.PAR_SOLVE, settings.PAR_SOLVER_NODES = "celery", BUDGET
    challenge = ChallengeFactory()
    asked = {"challenge_id": challenge.pk}
    OutboxTask.objects.create(name="challenge_par_solve", key=f"par:{challenge.pk}", kwargs=asked)
    assert outbox_drain(limit=1) == 1
    assert Challenge.objects.get(pk=challenge.pk).par is not None
    rows = OutboxTask.objects.values_list("name", "key", "kwargs")
    assert list(rows) == [("entries_review_par", f"par-stored:{challenge.pk}", asked)]
