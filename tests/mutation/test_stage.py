"""What a stage of make mutate is told before it copies the code
(``tools/mutation/stage.py``): which source files differ from HEAD, since the copy is
of the working tree as it stands."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tools.mutation.stage import code_uncommitted


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def test_the_source_files_that_differ_from_head_are_named(tmp_path: Path) -> None:
    for path in ("triominos/board.py", "challenges/views.py", "tests/test_a.py", "README.md"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x = 1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "first")
    assert code_uncommitted(tmp_path) == []

    (tmp_path / "triominos/board.py").write_text("x = 2\n")  # a mutant tried by hand
    (tmp_path / "config/new.py").parent.mkdir()
    (tmp_path / "config/new.py").write_text("y = 1\n")  # not added yet
    (tmp_path / "tests/test_a.py").write_text("x = 2\n")  # tests are not judged
    (tmp_path / "README.md").write_text("changed\n")

    assert code_uncommitted(tmp_path) == ["config/new.py", "triominos/board.py"]


def test_outside_a_checkout_nothing_is_named(tmp_path: Path) -> None:
    (tmp_path / "triominos").mkdir()
    (tmp_path / "triominos/board.py").write_text("x = 1\n")
    assert code_uncommitted(tmp_path) == []
