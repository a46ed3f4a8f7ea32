"""What `make mutate` mutates, and which tests judge each group's mutants.

mutmut maps every mutated function to the tests that ran it (its stats pass), and each
mutant runs only those. A group narrows the tests that stats pass may choose from, so
that an engine mutant is judged by the engine's tests and not by hundreds of slower
API tests that happen to call the engine too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath


@dataclass(frozen=True)
class Group:
    name: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    # Tests left out of the mutation run: slow, and redundant with faster ones kept.
    deselect: tuple[str, ...] = field(default=())
    pytest_args: tuple[str, ...] = field(default=())
    # Mutants run at once (MUTATE_JOBS overrides it when lower).
    jobs: int = 2
    # Run the tests on DATABASE_URL's PostgreSQL rather than SQLite (``--postgresql``).
    postgresql: bool = False


ENGINE = Group(
    name="engine",
    modules=(
        "triominos/board.py",
        "triominos/bonuses.py",
        "triominos/scoring.py",
        "triominos/run.py",
        "triominos/witness.py",
        "triominos/review.py",
        "triominos/moves.py",
        "triominos/trust.py",
        "triominos/timing.py",
    ),
    tests=("tests/engine",),
    pytest_args=("-p", "tools.mutation.fresh_caches"),
    deselect=(
        # Regenerates every vector file (40 s a run); test_vectors' readers compare the
        # engine's answers with the same stored files case by case.
        "tests/engine/test_vectors.py::test_regenerating_gives_identical_files",
        # The solver and classic play are no trust rules; their searches take seconds
        # and call the board thousands of times, so every surviving board mutant would
        # pay for them.
        "tests/engine/test_solver.py",
        "tests/engine/test_classic_turns.py",
        "tests/engine/test_review.py::test_the_solver_mostly_plays_its_first_choice_and_people_less",
        # Random play against the reference engine (tests/engine/reference.py), and any
        # JSON at all: seconds each, and the vectors and the example tests kill the
        # same mutants (their survivors are in docs/testing.md).
        "tests/engine/test_properties.py",
        "tests/engine/test_replay.py::test_any_json_log_gives_a_result_like_the_reference",
        "tests/engine/test_replay.py::test_any_json_tray_and_well_give_a_result",
        "tests/engine/test_witness.py::test_any_json_split_in_two_batches_replays_as_a_whole",
        "tests/engine/test_witness.py::test_batches_resumed_from_a_stored_position_replay_as_the_whole_log",
        "tests/engine/test_run.py::test_a_batch_stops_at_its_first_refused_move_as_one_by_one_would",
        "tests/engine/test_run.py::test_a_run_resumed_from_its_position_plays_on_as_if_it_never_stopped",
    ),
)

TRUST = Group(
    name="trust",
    modules=(
        "challenges/play/batches.py",
        "challenges/moderation/review.py",
        "challenges/schedule/par.py",
        "challenges/moderation/par_review.py",
        "challenges/moderation/entries.py",
        "challenges/moderation/entry_writes.py",
        "challenges/moderation/trust.py",
        "challenges/moderation/signups.py",
        "challenges/moderation/near_copy.py",
        "challenges/moderation/holds.py",
        "challenges/moderation/timing.py",
    ),
    tests=(
        "tests/domain/play/test_batches.py",
        "tests/domain/play/test_batch_edges.py",
        "tests/domain/play/test_batch_storage.py",
        "tests/domain/play/test_batch_refusals.py",
        "tests/domain/schedule/test_par.py",
        "tests/domain/schedule/test_par_claims.py",
        "tests/domain/schedule/test_par_edges.py",
        "tests/domain/schedule/test_par_process.py",
        "tests/domain/moderation/test_entries.py",
        "tests/domain/moderation/test_entry_decisions.py",
        "tests/domain/moderation/test_entry_writes.py",
        "tests/domain/moderation/test_trust.py",
        "tests/domain/moderation/test_near_copy.py",
        "tests/domain/moderation/test_holds.py",
        "tests/domain/moderation/test_trust_edges.py",
        "tests/domain/moderation/test_signups.py",
        "tests/domain/moderation/test_timing.py",
        "tests/domain/moderation/test_par_review.py",
        "tests/api/test_trust.py",
        "tests/api/test_trust_attacks.py",
        "tests/api/test_trust_timing.py",
        "tests/api/test_hold_reasons.py",
        "tests/api/test_review_of_runs.py",
        "tests/api/test_witnessed_runs.py",
        "tests/api/test_runs.py",
        "tests/api/test_run_clock.py",
        "tests/api/test_batch_from.py",
    ),
    deselect=(
        # Waits on a background thread's solve; the make-up and the claims are tested
        # without it.
        "tests/domain/schedule/test_par.py::test_without_a_broker_the_par_is_solved_on_the_background_thread",
    ),
    # Every mutant's pytest would build the test database again (a minute on a busy
    # machine): one SQLite file, migrated once and kept (--reuse-db), one mutant at a
    # time so that no two write it at once.
    pytest_args=(
        "-p",
        "tools.mutation.reused_db",
        "--reuse-db",
        "-p",
        "tools.mutation.fresh_caches",
    ),
    jobs=1,
)

GROUPS: dict[str, Group] = {group.name: group for group in (ENGINE, TRUST)}

_PAR_TESTS = (
    "tests/domain/schedule/test_par.py",
    "tests/domain/schedule/test_par_claims.py",
    "tests/domain/schedule/test_par_edges.py",
    "tests/domain/schedule/test_par_process.py",
)
# A module run alone (``--module``) takes these of its group's tests where listed: the
# stats pass, which runs every selected test once before the first mutant, then costs
# seconds instead of the whole group's minutes. Each list holds every test of the group
# that calls the module (a mutant runs only the tests that ran its function anyway).
MODULE_TESTS: dict[str, tuple[str, ...]] = {
    "triominos/witness.py": (
        "tests/engine/test_witness.py",
        "tests/engine/test_witness_vectors.py",
    ),
    "triominos/trust.py": ("tests/engine/test_trust.py", "tests/engine/test_trust_edges.py"),
    "triominos/timing.py": ("tests/engine/test_timing.py", "tests/engine/test_placement_walk.py"),
    "challenges/schedule/par.py": _PAR_TESTS,
    "challenges/play/batches.py": (
        "tests/domain/play/test_batches.py",
        "tests/domain/play/test_batch_edges.py",
        "tests/domain/play/test_batch_storage.py",
        "tests/domain/play/test_batch_refusals.py",
        "tests/api/test_witnessed_runs.py",
        "tests/api/test_runs.py",
        "tests/api/test_run_clock.py",
        "tests/api/test_batch_from.py",
    ),
    "challenges/moderation/review.py": (
        *_PAR_TESTS,
        "tests/domain/moderation/test_entries.py",
        "tests/api/test_hold_reasons.py",
        "tests/api/test_review_of_runs.py",
    ),
    "challenges/moderation/near_copy.py": (
        "tests/domain/moderation/test_near_copy.py",
        "tests/domain/moderation/test_trust.py",
        "tests/domain/moderation/test_entries.py",
        "tests/api/test_trust.py",
        "tests/api/test_trust_attacks.py",
    ),
    "challenges/moderation/trust.py": (
        "tests/domain/moderation/test_trust.py",
        "tests/domain/moderation/test_trust_edges.py",
        "tests/domain/moderation/test_entries.py",
        "tests/api/test_trust.py",
        "tests/api/test_trust_attacks.py",
        "tests/api/test_trust_timing.py",
    ),
    "challenges/moderation/signups.py": (
        "tests/domain/moderation/test_signups.py",
        "tests/domain/moderation/test_trust.py",
        "tests/api/test_trust_attacks.py",
    ),
    "challenges/moderation/timing.py": (
        "tests/domain/moderation/test_timing.py",
        "tests/api/test_trust_timing.py",
    ),
    "challenges/moderation/par_review.py": (
        "tests/domain/moderation/test_par_review.py",
        *_PAR_TESTS,
        "tests/api/test_review_of_runs.py",
    ),
    "challenges/moderation/holds.py": (
        "tests/domain/moderation/test_holds.py",
        "tests/api/test_trust_attacks.py",
    ),
    "challenges/moderation/entry_writes.py": (
        "tests/domain/moderation/test_entry_writes.py",
        "tests/domain/moderation/test_entries.py",
        "tests/domain/moderation/test_entry_decisions.py",
        "tests/api/test_trust.py",
        "tests/api/test_witnessed_runs.py",
    ),
}


def module_group(module: str) -> Group:
    """One module of a group, mutated alone, judged by its group's tests: a run that fits
    in a session, in a stage of its own (``engine-witness``) so that the group's run and
    the other modules' runs keep their verdicts."""
    for group in GROUPS.values():
        if module in group.modules:
            name = f"{group.name}-{PurePosixPath(module).stem}"
            tests = MODULE_TESTS.get(module, group.tests)
            return replace(group, name=name, modules=(module,), tests=tests)
    known = ", ".join(m for group in GROUPS.values() for m in group.modules)
    raise KeyError(f"{module} is in no group of make mutate; modules: {known}")


POSTGRESQL = "-postgresql"


def on_postgresql(group: Group) -> Group:
    """``group`` run on PostgreSQL, in a stage of its own: the code paths that only
    PostgreSQL takes (a counted insert in one statement) are judged there, the SQLite
    twins in the SQLite run; the report counts a mutant killed if either run killed it."""
    return replace(group, name=group.name + POSTGRESQL, postgresql=True)


def other_database(group: Group) -> str:
    """The name of the stage of ``group``'s run on the other database."""
    if group.name.endswith(POSTGRESQL):
        return group.name.removesuffix(POSTGRESQL)
    return group.name + POSTGRESQL
