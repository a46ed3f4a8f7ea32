"""A pytest plugin for every group of `make mutate` (``-p tools.mutation.fresh_caches``):
each test starts with the project's function caches empty.

mutmut forks each mutant's tests from the process that ran them all first (its stats
pass), so a cache filled there by the unmutated code answers for the mutant: a turn of
the grid, the submit's SQL and the like were judged by their first answers, and their
mutants survived untested.
"""

from __future__ import annotations

import sys

import pytest

_PACKAGES = ("triominos", "challenges", "accounts", "config")


def caches_clear() -> int:
    """Empty the ``functools`` caches of the project's module-level functions; how many."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in _PACKAGES:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and hasattr(value, "cache_info"):
                clear()
                cleared += 1
    return cleared


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    caches_clear()
