"""What `make mutate` mutates, and which tests judge each group's mutants.

mutmut maps every mutated function to the tests that ran it (its stats pass), and each
mutant runs only those. A group narrows the tests that stats pass may choose from, so
that an engine mutant is judged by the engine's tests and not by hundreds of slower
API tests that happen to call the engine too.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Group:
    name: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    # Tests left out of the mutation run: slow, and redundant with faster ones kept.
    deselect: tuple[str, ...] = field(default=())


ENGINE = Group(
    name="engine",
    modules=(
        "triominos/board.py",
        "triominos/scoring.py",
        "triominos/run.py",
        "triominos/witness.py",
        "triominos/review.py",
        "triominos/moves.py",
    ),
    tests=("tests/engine",),
    deselect=(
        # Regenerates every vector file (40 s a run); test_vectors' readers compare the
        # engine's answers with the same stored files case by case.
        "tests/engine/test_vectors.py::test_regenerating_gives_identical_files",
        # The solver is no trust rule; its searches take seconds and call the board
        # thousands of times, so every surviving board mutant would pay for them.
        "tests/engine/test_solver.py",
    ),
)

GROUPS: dict[str, Group] = {group.name: group for group in (ENGINE,)}
