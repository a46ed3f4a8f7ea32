"""tests/mutation/equivalent.txt still names mutants `make mutate` makes, each with the
mutated line it was reviewed for (the mutation run itself is too slow for make test)."""

from __future__ import annotations

from collections import defaultdict

from tools.mutation.equivalents import (
    EQUIVALENTS,
    added_lines,
    equivalents_read,
    group_of,
    module_of,
    mutant_diffs,
)
from tools.mutation.groups import GROUPS, MODULE_TESTS, module_group
from tools.mutation.stage import ROOT

ENTRIES = equivalents_read()


def test_every_equivalent_is_a_mutant_of_a_mutated_module_with_its_reviewed_line() -> None:
    by_module = defaultdict(list)
    for entry in ENTRIES:
        module = module_of(entry.name)
        group_of(module)  # KeyError: a module make mutate does not mutate
        by_module[module].append(entry)
    stale = []
    for module, entries in by_module.items():
        diffs = mutant_diffs(module, [entry.name for entry in entries])
        for entry in entries:
            diff = diffs[entry.name]
            if diff is None or entry.mutated not in added_lines(diff):
                now = diff and added_lines(diff)
                stale.append(f"{entry.name}: {entry.mutated!r} (now: {now})")
    assert not stale, f"review again in {EQUIVALENTS.name}:\n" + "\n".join(stale)


def test_each_equivalent_is_listed_once_with_a_reason() -> None:
    names = [entry.name for entry in ENTRIES]
    assert len(names) == len(set(names))
    assert all(len(entry.reason) >= 10 for entry in ENTRIES)


def test_a_module_run_alone_takes_existing_tests_of_its_own_group() -> None:
    """A module's own list narrows its group's tests, never adds others: the scores of a
    module run alone and of its group's run stay comparable."""
    for module, tests in MODULE_TESTS.items():
        group = group_of(module)
        assert all(
            any(test == mine or test.startswith(f"{mine}/") for mine in group.tests)
            for test in tests
        ), module
        assert module_group(module).tests == tests
        assert all((ROOT / test).exists() for test in tests), module
    for group in GROUPS.values():
        assert all((ROOT / test).exists() for test in group.tests), group.name
