"""The solver: its runs replay valid at the score it reports, at a human pace, within
the clock and its budget, the same every time, and better than the greedy player."""

from __future__ import annotations

from itertools import pairwise

import pytest

from triominos import DEFAULT_RULESET, deal_shuffle, replay_challenge
from triominos.solver import Pace, SolverResult, solver_greedy, solver_solve

SMALL_BUDGET = 15_000
SEEDS = (0, 1, 2, 3)


def solved(seed: int, **options: object) -> tuple[tuple[str, ...], tuple[str, ...], SolverResult]:
    tray, well = deal_shuffle(seed)
    budget = options.pop("max_nodes", SMALL_BUDGET)
    width = options.pop("beam_width", 10)
    pace = options.pop("pace", Pace())
    assert not options
    assert isinstance(budget, int) and isinstance(width, int) and isinstance(pace, Pace)
    return (
        tray,
        well,
        solver_solve(tray=tray, well=well, max_nodes=budget, beam_width=width, pace=pace),
    )


def assert_human_paced(result: SolverResult) -> None:
    times = [move.t for move in result.moves]
    assert times == sorted(times)
    assert all(0 <= t <= DEFAULT_RULESET.time_limit_ms for t in times)
    placed_at = [move.t for move in result.moves if move.placement is not None]
    gaps = [later - earlier for earlier, later in pairwise(placed_at)]
    assert min(gaps) >= DEFAULT_RULESET.pace_floor_ms
    assert placed_at[0] >= 1_000  # a person looks at the tray before the first tile


@pytest.mark.parametrize("seed", SEEDS)
def test_the_solvers_run_replays_valid_at_its_score_and_human_paced(seed: int) -> None:
    tray, well, result = solved(seed)
    replay = replay_challenge(tray=tray, well=well, log=result.log)
    assert replay.valid, replay.error
    assert replay.score == result.score
    assert result.placements > 40
    assert_human_paced(result)


def test_the_greedy_run_replays_valid_at_its_score() -> None:
    tray, well = deal_shuffle(5)
    result = solver_greedy(tray=tray, well=well)
    replay = replay_challenge(tray=tray, well=well, log=result.log)
    assert replay.valid and replay.score == result.score
    assert_human_paced(result)


def test_the_same_budget_gives_the_same_run() -> None:
    first = solved(7)[2]
    second = solved(7)[2]
    assert first.moves == second.moves
    assert (first.score, first.nodes) == (second.score, second.nodes)


@pytest.mark.parametrize("budget", [500, 3_000, 12_000])
def test_the_search_stays_within_its_node_budget(budget: int) -> None:
    result = solved(4, max_nodes=budget)[2]
    assert result.nodes <= budget


def test_a_bigger_budget_searches_more_and_never_scores_less() -> None:
    small = solved(6, max_nodes=2_000)[2]
    large = solved(6, max_nodes=40_000)[2]
    assert large.nodes > small.nodes
    assert large.score >= small.score


def test_it_beats_the_greedy_player() -> None:
    solver_scores = []
    greedy_scores = []
    for seed in SEEDS:
        tray, well, result = solved(seed, max_nodes=40_000, beam_width=20)
        greedy = solver_greedy(tray=tray, well=well)
        assert result.score >= greedy.score
        solver_scores.append(result.score)
        greedy_scores.append(greedy.score)
    assert sum(solver_scores) > sum(greedy_scores)


def test_a_slow_pace_is_cut_by_the_clock_and_still_replays() -> None:
    slow = Pace(place_ms=3_000, place_jitter_ms=0, draw_ms=2_000, draw_jitter_ms=0)
    tray, well, result = solved(2, pace=slow)
    assert result.moves[-1].t <= DEFAULT_RULESET.time_limit_ms
    # 3 s a placement: at most 40 fit in two minutes, fewer than the 56 tiles.
    assert result.placements <= 40
    replay = replay_challenge(tray=tray, well=well, log=result.log)
    assert replay.valid and replay.score == result.score


def test_the_pace_is_a_seeded_rhythm_with_plausible_gaps() -> None:
    place, draw = Pace(seed=3).gaps(103)
    assert place == Pace(seed=3).gaps(103)[0]
    assert place != Pace(seed=4).gaps(103)[0]
    assert all(1_000 <= gap <= 1_400 for gap in place[1:])
    assert all(600 <= gap <= 900 for gap in draw[1:])
    assert len(set(place[1:])) > 20  # not a metronome


@pytest.mark.parametrize(
    "pace",
    [Pace(place_ms=150), Pace(draw_ms=-1), Pace(place_jitter_ms=-5)],
)
def test_a_pace_no_person_keeps_is_refused(pace: Pace) -> None:
    tray, well = deal_shuffle(0)
    with pytest.raises(ValueError):
        solver_solve(tray=tray, well=well, max_nodes=100, pace=pace)


def test_a_budget_or_width_below_one_is_refused() -> None:
    tray, well = deal_shuffle(0)
    with pytest.raises(ValueError):
        solver_solve(tray=tray, well=well, max_nodes=0)
    with pytest.raises(ValueError):
        solver_solve(tray=tray, well=well, beam_width=0)
