"""A working directory per group, where mutmut runs with that group's settings.

mutmut reads its settings from the pyproject.toml of the directory it runs in and
writes its copy of the code to mutants/ there. Each group gets .mutation/<group>/:
links to the project's code and tests, and a pyproject.toml that is the project's own
plus the group's [tool.mutmut] table. The project's pyproject.toml is never touched.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tools.mutation.groups import Group

ROOT = Path(__file__).resolve().parents[2]
STAGES = ROOT / ".mutation"

# Copied whole into mutants/: the tests must import the copy, never the installed code.
SOURCE_PACKAGES = ("triominos", "challenges", "config", "accounts", "tools")
ALSO_COPY = ("templates", "locale")
LINKED = (*SOURCE_PACKAGES, *ALSO_COPY, "tests")


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(value) for value in values) + "]"


def mutmut_table(group: Group) -> str:
    selection = list(group.tests)
    for test in group.deselect:
        selection += ["--deselect", test]
    rows = {
        "source_paths": list(SOURCE_PACKAGES),
        "only_mutate": list(group.modules),
        "also_copy": list(ALSO_COPY),
        "pytest_add_cli_args_test_selection": selection,
        "pytest_add_cli_args": list(group.pytest_args),
    }
    lines = ["", "[tool.mutmut]"]
    lines += [f"{key} = {_toml_list(value)}" for key, value in rows.items()]
    return "\n".join(lines) + "\n"


def stage_dir(group: Group) -> Path:
    return STAGES / group.name


def prepare(group: Group, *, fresh: bool) -> Path:
    stage = stage_dir(group)
    if fresh and stage.exists():
        _remove_tree(stage)
    stage.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = stage / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name, target_is_directory=True)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (stage / "pyproject.toml").write_text(pyproject + mutmut_table(group), encoding="utf-8")
    return stage


def code_uncommitted(root: Path = ROOT) -> list[str]:
    """The source files under ``root`` that differ from its HEAD. mutmut copies the
    working tree as it is when a stage starts: a change made by hand to try a mutant, or
    not yet committed, is the code that stage judges. Empty outside a git checkout."""
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--", *SOURCE_PACKAGES],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if status.returncode != 0:
        return []
    return sorted(line[3:] for line in status.stdout.splitlines() if line[3:].endswith(".py"))


def _remove_tree(path: Path) -> None:
    # Links are unlinked, never followed: the project behind them stays.
    for child in path.iterdir():
        if child.is_symlink() or child.is_file():
            child.unlink()
        else:
            _remove_tree(child)
    path.rmdir()
