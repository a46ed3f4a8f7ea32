"""`make mutate`: mutation testing of the engine and the trust code with mutmut.

    python -m tools.mutation [--report] [--fresh] [--postgresql] [--alone] [GROUP ...]
                             [--module PATH ...] [--mutants GLOB ...]

Runs mutmut (with ``nice -n 10``) for each group of ``groups.py`` in its own working
directory (``stage.py``), then prints a score per module and every survivor with its
diff. ``--report`` prints from the last run without running; ``--fresh`` throws the
last run away first (mutmut otherwise keeps the verdicts of unchanged functions).
MUTATE_JOBS lowers how many mutants run at once (a group's ``jobs``, 2 or 1).
``--module triominos/witness.py`` runs that one module of its group, with the group's
tests, in a stage of its own (``module_group``); repeat it for more modules.
``--postgresql`` runs the tests on DATABASE_URL's PostgreSQL instead of SQLite, in
stages of their own (``on_postgresql``): a mutant is killed when the run on either
database killed it (the code the other database takes is not run there); ``--alone``
scores each stage by its own run only (docs/testing.md's table, per database).
``--mutants GLOB`` runs again only the mutants so named (mutmut's ``*`` patterns, e.g.
``'challenges.moderation.entries.x__entry_insert_counted*'``); repeat it for more.

A module's score is killed / (mutants - equivalents): a timeout counts as killed (the
mutant made the tests hang); a mutant no selected test runs ("no tests") counts as a
survivor. Equivalents are listed in tests/mutation/equivalent.txt.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from tools.mutation.equivalents import equivalents_read, in_stage
from tools.mutation.groups import GROUPS, Group, module_group, on_postgresql, other_database
from tools.mutation.stage import STAGES, code_uncommitted, prepare, stage_dir

MUTMUT = Path(sys.executable).with_name("mutmut")
# mutmut's exit codes for a mutant (mutmut/stats.py); the rest are survivors.
KILLED = {1: "killed", 3: "killed", 36: "timeout", 24: "timeout", -24: "timeout",
          152: "timeout", 255: "timeout", 37: "type check"}  # fmt: skip
SURVIVED = {0: "survived", 5: "no tests", 33: "no tests"}


@dataclass
class ModuleScore:
    module: str
    killed: int = 0
    equivalent: int = 0
    survivors: list[str] = field(default_factory=list)
    unchecked: int = 0
    statuses: Counter[str] = field(default_factory=Counter)

    @property
    def judged(self) -> int:
        return self.killed + len(self.survivors)

    @property
    def score(self) -> float:
        return 100.0 * self.killed / self.judged if self.judged else 100.0


def mutmut_run(group: Group, *, fresh: bool, mutants: tuple[str, ...] = ()) -> int:
    stage = prepare(group, fresh=fresh)
    jobs = str(min(group.jobs, int(os.environ.get("MUTATE_JOBS", group.jobs))))
    env = {**os.environ, "DJANGO_ENV": "test"}
    if not group.postgresql:
        env.pop("DATABASE_URL", None)  # SQLite: the quick runs' database, the batch path too
    elif not env.get("DATABASE_URL", "").startswith("postgres"):
        print("--postgresql needs DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    command = ["nice", "-n", "10", str(MUTMUT), "run", "--max-children", jobs]
    code = subprocess.run([*command, *mutants], cwd=stage, env=env, check=False).returncode
    if code == 0 and group.postgresql and not mutants:
        # On PostgreSQL every mutant judged by the run that made the stats pass fails at
        # once (0.3-1 s, equivalents too: the workers forked after two test sessions in
        # one process); with the stats kept, a second run judges each soundly.
        every = [module.removesuffix(".py").replace("/", ".") + ".*" for module in group.modules]
        code = subprocess.run([*command, *every], cwd=stage, env=env, check=False).returncode
    return code


def scores(group: Group, *, alone: bool = False) -> list[ModuleScore]:
    equivalent = {entry.name for entry in equivalents_read()}
    found = []
    for module in group.modules:
        meta = stage_dir(group) / "mutants" / f"{module}.meta"
        score = ModuleScore(module)
        if not meta.exists():
            found.append(score)
            continue
        other = STAGES / other_database(group) / "mutants" / f"{module}.meta"
        codes = _codes_merged(meta, None if alone else other)
        for name, code in sorted(codes.items()):
            status = KILLED.get(code) if code is not None else "not checked"
            status = status or SURVIVED.get(code, "suspicious")  # type: ignore[arg-type]
            score.statuses[status] += 1
            if name in equivalent:
                score.equivalent += 1
            elif code in KILLED:
                score.killed += 1
            elif code is None:
                score.unchecked += 1
            else:
                score.survivors.append(name)
        found.append(score)
    return found


def _codes_merged(meta: Path, other: Path | None) -> dict[str, int | None]:
    """The exit code of each mutant of ``meta``, or the other database's run's where that
    run killed it; the other run counts only if it mutated the same code."""
    found = json.loads(meta.read_text())
    codes: dict[str, int | None] = found["exit_code_by_key"]
    if other is None or not other.exists():
        return codes
    then = json.loads(other.read_text())
    if then["hash_by_function_name"] != found["hash_by_function_name"]:
        print(f"{other}: other code than {meta}, not merged", file=sys.stderr)
        return codes
    theirs: dict[str, int | None] = then["exit_code_by_key"]
    return {
        name: theirs[name] if code not in KILLED and theirs.get(name) in KILLED else code
        for name, code in codes.items()
    }


def _diff(group: Group, module: str, name: str) -> str:
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    with in_stage(group):
        diff = get_diff_for_mutant(name, path=module)
    changed = [line for line in diff.splitlines() if line[:1] in "+-" and line[1:2] not in "+-"]
    return "\n".join(f"        {line}" for line in changed)


def report(groups: list[Group], *, alone: bool = False) -> str:
    lines = [
        "| module | mutants | killed | equivalent | survived | not run | score |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    survivors: list[tuple[Group, str, str]] = []
    for group in groups:
        for score in scores(group, alone=alone):
            total = sum(score.statuses.values())
            lines.append(
                f"| `{score.module}` | {total} | {score.killed} | {score.equivalent} "
                f"| {len(score.survivors)} | {score.unchecked} | {score.score:.1f} % |"
            )
            survivors += [(group, score.module, name) for name in score.survivors]
    lines.append("")
    lines.append(f"Survivors ({len(survivors)}), not listed as equivalent:")
    for group, module, name in survivors:
        lines.append(f"    {name}")
        lines.append(_diff(group, module, name))
    return "\n".join(lines)


_VALUED = ("--module", "--mutants")


def _option(argv: list[str], option: str) -> tuple[str, ...]:
    """The values of ``option`` in ``argv`` (``--module a --module=b``)."""
    values = [after for arg, after in pairwise(argv) if arg == option]
    values += [arg.removeprefix(f"{option}=") for arg in argv if arg.startswith(f"{option}=")]
    return tuple(values)


def _groups(argv: list[str]) -> list[Group]:
    modules = _option(argv, "--module")
    values = {after for arg, after in pairwise(argv) if arg in _VALUED}
    names = [arg for arg in argv if not arg.startswith("--") and arg not in values]
    unknown = [name for name in names if name not in GROUPS]
    if unknown:
        raise KeyError(f"unknown group(s) {unknown}; groups: {', '.join(GROUPS)}")
    if not names and not modules:
        names = list(GROUPS)
    groups = [GROUPS[name] for name in names] + [module_group(module) for module in modules]
    return [on_postgresql(group) for group in groups] if "--postgresql" in argv else groups


def main(argv: list[str]) -> int:
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        return 0
    only_report = "--report" in argv
    fresh = "--fresh" in argv
    try:
        groups = _groups(argv)
    except KeyError as error:
        print(error.args[0], file=sys.stderr)
        return 2
    if not only_report:
        for group in groups:
            print(f"== make mutate: {group.name} ({', '.join(group.modules)})", flush=True)
            changed = code_uncommitted()
            if changed:
                print(f"== judged against uncommitted code: {', '.join(changed)}", flush=True)
            code = mutmut_run(group, fresh=fresh, mutants=_option(argv, "--mutants"))
            if code != 0:
                print(f"mutmut exited with {code} for {group.name}", file=sys.stderr)
                return code
    print(report(groups, alone="--alone" in argv))
    return 0


__all__ = ["main", "report", "scores"]

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
