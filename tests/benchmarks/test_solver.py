"""How strong and how fast the solver is: its score against a greedy player and
random legal play over 50 deals, the seconds it takes per challenge, and how long
the analysis of a 103-move run takes.

``make bench`` runs the 50 deals with the default budget (several minutes) and prints
the figures; ``make test`` runs 2 deals with a small budget, for the checks only (every
run replays valid at its score). Nothing here asserts a speed.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import pytest

from tests.engine.players import clearing_run, random_run
from triominos import deal_shuffle, replay_challenge
from triominos.analysis import analysis_biggest_misses, analysis_run
from triominos.solver import DEFAULT_MAX_NODES, solver_greedy, solver_solve

BENCH_DEALS = range(50)
SUITE_DEALS = range(2)
SUITE_BUDGET = 5_000


def summary(name: str, scores: list[int]) -> str:
    return (
        f"{name:>7}: mean {statistics.mean(scores):6.1f}, "
        f"min {min(scores):4d}, max {max(scores):4d}"
    )


@pytest.mark.benchmark_heavy
def test_solver_against_greedy_and_random_play(benchmark: Any) -> None:
    deals = SUITE_DEALS if benchmark.disabled else BENCH_DEALS
    budget = SUITE_BUDGET if benchmark.disabled else DEFAULT_MAX_NODES
    solver_scores: list[int] = []
    greedy_scores: list[int] = []
    random_scores: list[int] = []
    seconds: list[float] = []
    nodes: list[int] = []

    def play_every_deal() -> None:
        for seed in deals:
            tray, well = deal_shuffle(seed)
            solved = solver_solve(tray=tray, well=well, max_nodes=budget)
            replay = replay_challenge(tray=tray, well=well, log=solved.log)
            assert replay.valid and replay.score == solved.score
            greedy = solver_greedy(tray=tray, well=well)
            assert solved.score >= greedy.score
            solver_scores.append(solved.score)
            greedy_scores.append(greedy.score)
            random_scores.append(random_run(seed).score)
            seconds.append(solved.seconds)
            nodes.append(solved.nodes)

    benchmark.pedantic(play_every_deal, rounds=1, iterations=1)

    assert len(solver_scores) == len(deals)
    print(
        f"\nsolver over {len(deals)} deals, budget {budget} nodes:\n"
        + "\n".join(
            [
                summary("solver", solver_scores),
                summary("greedy", greedy_scores),
                summary("random", random_scores),
            ]
        )
        + f"\nseconds per challenge: mean {statistics.mean(seconds):.2f}, "
        f"min {min(seconds):.2f}, max {max(seconds):.2f}; "
        f"nodes per second {sum(nodes) / sum(seconds):,.0f}"
    )


def test_analysis_of_the_longest_run(benchmark: Any) -> None:
    run = clearing_run(3)
    log = run.log()

    started = time.perf_counter()
    analysis = benchmark(lambda: analysis_run(tray=run.tray, well=run.well, log=log))
    elapsed = time.perf_counter() - started

    assert len(analysis.moves) == 103 and analysis.score == run.score
    assert analysis.points_missed == sum(m.missed for m in analysis_biggest_misses(analysis))
    if not benchmark.disabled:
        stats = benchmark.stats.stats
        print(
            f"\nanalysis of a 103-move run: min {stats.min * 1e3:.1f} ms, "
            f"median {stats.median * 1e3:.1f} ms (all rounds {elapsed:.1f} s)"
        )
