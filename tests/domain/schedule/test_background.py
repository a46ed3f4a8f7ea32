"""Work off the request path with no worker: a computation in a child process."""

from __future__ import annotations

import os

import pytest

from challenges.schedule.background import background_compute


def _pid_and_square(*, number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def _refuse(*, number: int) -> int:
    raise ValueError(f"no square for {number}")


def test_a_computation_runs_in_a_child_and_its_answer_comes_back() -> None:
    pid, square = background_compute(_pid_and_square, number=12)
    assert square == 144
    assert pid != os.getpid(), "worked out in this process: it would hold the GIL"


def test_what_the_child_raises_is_raised_to_the_caller() -> None:
    with pytest.raises(ValueError, match="no square for 7"):
        background_compute(_refuse, number=7)
