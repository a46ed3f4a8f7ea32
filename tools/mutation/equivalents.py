"""tests/mutation/equivalent.txt: the mutants no test can kill, each with its reason.

One mutant a line, three fields apart by `` | ``::

    <mutant name> | <the mutated line, as `make mutate` shows it after "+"> | <why>

(or, for a mutant that only takes a line away, ``-`` and that line).

The mutated line guards the name: mutmut numbers a function's mutants in order, so an
edit of the function can give the name to another mutant; the line then no longer
matches and the check (tests/mutation/test_equivalents.py) fails until the entry is
reviewed again. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tools.mutation.groups import GROUPS, Group
from tools.mutation.stage import ROOT, prepare

EQUIVALENTS = ROOT / "tests" / "mutation" / "equivalent.txt"


@dataclass(frozen=True)
class Equivalent:
    name: str
    mutated: str
    reason: str


def equivalents_read(path: Path = EQUIVALENTS) -> list[Equivalent]:
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split(" | ")]
        if len(fields) != 3 or not all(fields):
            raise ValueError(f"{path.name}:{number}: expected 'name | mutated line | reason'")
        entries.append(Equivalent(*fields))
    return entries


def module_of(name: str) -> str:
    """``triominos.witness.x__scalar__mutmut_5`` -> ``triominos/witness.py``."""
    dotted = name.rsplit(".", 1)[0]
    return dotted.replace(".", "/") + ".py"


def group_of(module: str) -> Group:
    for group in GROUPS.values():
        if module in group.modules:
            return group
    raise KeyError(f"{module} is in no group of make mutate")


@contextmanager
def in_stage(group: Group) -> Iterator[None]:
    """mutmut reads its settings from the working directory: the group's stage."""
    from mutmut import configuration

    stage = prepare(group, fresh=False)
    before = Path.cwd()
    os.chdir(stage)
    configuration.reset_config()
    try:
        yield
    finally:
        os.chdir(before)
        configuration.reset_config()


def mutant_diffs(module: str, names: Iterable[str]) -> dict[str, str | None]:
    """The diff of each mutant of ``names`` as mutmut makes it of ``module`` today
    (None: mutmut makes no such mutant)."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.mutation.file_mutation import mutate_file_contents

    code = (ROOT / module).read_text(encoding="utf-8")
    prefix = module.removesuffix(".py").replace("/", ".")
    with in_stage(group_of(module)):
        mutated = mutate_file_contents(module, code)
        made = {f"{prefix}.{name}" for name in mutated.mutant_names}
        return {
            name: get_diff_for_mutant(name, source=mutated.code, path=module)
            if name in made
            else None
            for name in names
        }


def added_lines(diff: str) -> list[str]:
    """The lines a mutant adds; a mutant that only takes a line away (an argument left
    out) is named by that line with a ``-`` before it."""
    added = [
        line[1:].strip() for line in diff.splitlines() if line.startswith("+") and line[1:2] != "+"
    ]
    if added:
        return added
    return [
        "-" + line[1:].strip()
        for line in diff.splitlines()
        if line.startswith("-") and line[1:2] != "-"
    ]
