"""The par solve, noting the id of the process it ran in (test_par_process.py).

Its own module, importing only the pure engine: a ``spawn`` child imports it by name to
run it, before Django is set up."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from challenges import engine

PID_FILE = "TOD_TEST_SOLVER_PID_FILE"
# The solve itself, taken before a test puts the one below in its place.
_par_solve = engine.par_solve


def par_solve_noting_pid(
    *, tray: Sequence[str], well: Sequence[str], max_nodes: int
) -> engine.SolverResult:
    Path(os.environ[PID_FILE]).write_text(str(os.getpid()), encoding="utf-8")
    return _par_solve(tray=tray, well=well, max_nodes=max_nodes)
