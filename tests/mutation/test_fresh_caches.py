"""make mutate's plugin that empties the project's function caches before each test: a
mutant must be judged by its own answers, not by those its parent process cached."""

from __future__ import annotations

from tools.mutation.fresh_caches import caches_clear
from tools.mutation.groups import GROUPS
from triominos import placement_turned


def test_the_caches_a_turn_fills_are_emptied() -> None:
    placement_turned("1-2-3@0,1r2", 1)
    assert placement_turned.cache_info().currsize > 0
    assert caches_clear() > 0
    assert placement_turned.cache_info().currsize == 0


def test_every_group_runs_its_tests_with_fresh_caches() -> None:
    for group in GROUPS.values():
        args = list(group.pytest_args)
        assert args[args.index("tools.mutation.fresh_caches") - 1] == "-p", group.name
