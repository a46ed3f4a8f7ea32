"""The review of runs (rules/review.py): what a run's moves say, and when to hold it."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

import pytest

from tests.engine.humans import HUMANS, human_run
from tests.engine.players import RecordedRun, clearing_run, random_run
from triominos import (
    DEFAULT_RULESET,
    Board,
    ReviewThresholds,
    RunFeatures,
    analysis_run,
    deal_shuffle,
    placements_seen,
    replay_challenge,
    review_reasons,
    run_features,
    solver_greedy,
    solver_solve,
    tile_parse,
)

THRESHOLDS = ReviewThresholds(
    par_ratio=0.75,
    solver_match=0.9,
    solver_match_choices=12,
    solver_like=1.5,
    median_gap_ms=800,
    min_gap_ms=0,
    pace_placements=10,
)


def _features(**changes: object) -> RunFeatures:
    base = RunFeatures(
        score=200,
        placements=30,
        median_gap_ms=2_000,
        min_gap_ms=700,
        choices=20,
        solver_matches=10,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_gaps_count_time_between_placements_across_draws() -> None:
    run = random_run(4)
    log = run.log()
    features = run_features(tray=run.tray, well=run.well, log=log)
    times = [m["t"] for m in log["moves"] if m["type"] == "place"]  # type: ignore[index]
    gaps = sorted(b - a for a, b in itertools.pairwise(times))
    assert features.placements == len(times)
    assert features.min_gap_ms == gaps[0]
    assert features.median_gap_ms == round((gaps[len(gaps) // 2] + gaps[(len(gaps) - 1) // 2]) / 2)
    assert features.score == run.score


def test_a_match_is_a_placement_that_missed_nothing_where_there_was_a_choice() -> None:
    run = random_run(11)
    log = run.log()
    features = run_features(tray=run.tray, well=run.well, log=log)
    analysis = analysis_run(tray=run.tray, well=run.well, log=log)
    board = Board()
    hand = [tile_parse(t) for t in run.tray]
    well = [tile_parse(t) for t in run.well]
    choices = matches = 0
    for move in analysis.moves:
        placement = move.move.placement
        if placement is None:
            hand.append(well.pop(0))
            continue
        options = {board.outcome(p).points for p in board.legal_placements(hand)}
        if len(options) > 1:
            choices += 1
            matches += move.missed == 0
        board.push(placement)
        hand.remove(placement.tile)
    assert (features.choices, features.solver_matches) == (choices, matches)
    assert 0 < features.choices < features.placements


def test_the_greedy_player_always_plays_the_solvers_first_choice() -> None:
    tray, well = deal_shuffle(3)
    greedy = solver_greedy(tray=tray, well=well)
    features = run_features(tray=tray, well=well, log=greedy.log)
    assert features.choices > 0
    assert features.solver_match == 1.0


def test_the_solver_mostly_plays_its_first_choice_and_people_less() -> None:
    tray, well = deal_shuffle(5)
    solved = solver_solve(tray=tray, well=well, max_nodes=20_000)
    solver = run_features(tray=tray, well=well, log=solved.log)
    regular = next(kind for kind in HUMANS if kind.name == "regular")
    person = run_features(tray=tray, well=well, log=human_run(tray, well, regular, seed=5))
    assert solver.solver_match is not None and person.solver_match is not None
    assert solver.solver_match > person.solver_match


def test_the_clear_bonus_does_not_hide_a_match() -> None:
    run = clearing_run(3)
    features = run_features(tray=run.tray, well=run.well, log=run.log())
    assert features.placements == 56
    assert features.score == run.score


@pytest.mark.parametrize(
    ("run", "cleared"),
    [(clearing_run(3), True), (random_run(4), False), (random_run(11), False)],
    ids=["clearing", "random4", "random11"],
)
def test_a_runs_witnessed_points_measure_it_as_its_replay_does(
    run: RecordedRun, cleared: bool
) -> None:
    """A finished run's kept points stand for its replay: the same features, the
    clearing placement's bonus left out of its match as the replay's board leaves it."""
    log = run.log()
    replayed = replay_challenge(tray=run.tray, well=run.well, log=log)
    assert replayed.board_cleared is cleared
    points = [outcome.points for outcome in replayed.moves]
    witnessed = run_features(tray=run.tray, well=run.well, log=log, points=points)
    assert witnessed == run_features(tray=run.tray, well=run.well, log=log)


def test_an_invalid_run_is_refused() -> None:
    tray, well = deal_shuffle(1)
    bad = {"moves": [{"t": 0, "type": "place", "tile": well[0], "cell": [0, 0], "rotation": 0}]}
    # The replay's own refusal, named: the first well tile played before it is drawn.
    why = f"tile {well[0]} is not in the tray: it is still in the well (1 draw away)"
    with pytest.raises(ValueError, match=f"^{re.escape(f'not a valid run: {why}')}$"):
        run_features(tray=tray, well=well, log=bad)


def test_a_run_is_replayed_by_the_rules_it_is_measured_by() -> None:
    """A run of two minutes is valid by the default rules, and refused by rules whose
    clock is a second long: the replay that checks it reads the same rules."""
    run = random_run(4)
    log = run.log()
    assert run_features(tray=run.tray, well=run.well, log=log).placements > 0
    short = replace(DEFAULT_RULESET, time_limit_ms=1_000)
    with pytest.raises(ValueError, match=r"^not a valid run: t=\d+ ms is past the 1000 ms"):
        run_features(tray=run.tray, well=run.well, log=log, ruleset=short)


def test_witnessed_points_are_one_for_each_move() -> None:
    """Points kept for fewer or more moves than the log has are not that run's."""
    run = random_run(4)
    log = run.log()
    points = [outcome.points for outcome in replay_challenge(
        tray=run.tray, well=run.well, log=log).moves]  # fmt: skip
    for wrong in (points[:-1], [*points, 0]):
        with pytest.raises(ValueError, match=r"^not a valid run: a move without its points$"):
            run_features(tray=run.tray, well=run.well, log=log, points=wrong)


def test_the_placements_are_walked_by_the_rules_the_run_is_measured_by() -> None:
    """Without bonuses a placement's range of points is another: the walk that measures
    the run reads the rules it is given, as a walk made by the caller does."""
    run = random_run(4)
    log = run.log()
    plain = replace(DEFAULT_RULESET, bonuses=())
    walked = placements_seen(tray=run.tray, well=run.well, moves=log["moves"], ruleset=plain)
    assert walked != placements_seen(tray=run.tray, well=run.well, moves=log["moves"])
    measured = run_features(tray=run.tray, well=run.well, log=log, ruleset=plain)
    assert measured == run_features(
        tray=run.tray, well=run.well, log=log, ruleset=plain, seen=walked
    )
    assert measured != run_features(tray=run.tray, well=run.well, log=log)


def test_the_json_form_rounds_and_names_par() -> None:
    shown = _features(score=300, choices=3, solver_matches=2).to_json(par=400)
    assert shown["par"] == 400
    assert shown["par_ratio"] == 0.75
    assert shown["solver_match"] == 0.6667
    assert _features(choices=0, solver_matches=0).to_json(par=None)["par_ratio"] is None


def test_a_par_of_one_is_a_par_and_a_ratio_is_rounded_to_four_places() -> None:
    assert _features(score=200).par_ratio(1) == 200.0
    assert _features(score=200).par_ratio(0) is None
    assert _features(score=200).to_json(par=300)["par_ratio"] == 0.6667


@pytest.mark.parametrize(
    ("changes", "par", "reasons"),
    [
        ({}, 400, ()),
        ({"score": 300}, 400, ("near_par",)),
        ({"score": 299}, 400, ()),
        ({"score": 400}, None, ()),  # no par yet: the par's arrival judges the score
        ({"score": 400}, 0, ()),
        ({"solver_matches": 18}, 400, ("solver_moves",)),
        ({"solver_matches": 11, "choices": 11}, 400, ()),  # too few choices to say
        # Each within what people do, together beyond: 0.65 of par, 0.85 of the choices.
        ({"score": 260, "solver_matches": 17}, 400, ("solver_like",)),
        ({"score": 260, "solver_matches": 16}, 400, ()),
        ({"score": 260, "solver_matches": 17}, None, ()),  # no par: judged on its arrival
        ({"score": 300, "solver_matches": 18}, 400, ("near_par", "solver_moves", "solver_like")),
        ({"median_gap_ms": 799}, 400, ("fast_pace",)),
        ({"median_gap_ms": 799, "placements": 9}, 400, ()),  # a handful is no pace
        (
            {"score": 390, "solver_matches": 20, "median_gap_ms": 500},
            400,
            ("near_par", "solver_moves", "solver_like", "fast_pace"),
        ),
    ],
)
def test_reasons_to_hold(
    changes: dict[str, object], par: int | None, reasons: tuple[str, ...]
) -> None:
    assert review_reasons(_features(**changes), par=par, thresholds=THRESHOLDS) == reasons


def test_the_smallest_gap_rule_is_off_at_zero_and_on_above() -> None:
    quick = _features(min_gap_ms=250)
    assert review_reasons(quick, par=400, thresholds=THRESHOLDS) == ()
    strict = replace(THRESHOLDS, min_gap_ms=300)
    assert review_reasons(quick, par=400, thresholds=strict) == ("fast_pace",)


def test_a_run_of_one_placement_has_no_gaps() -> None:
    tray, well = deal_shuffle(1)
    one = {"moves": [{"t": 0, "type": "place", "tile": tray[0], "cell": [0, 0], "rotation": 0}]}
    features = run_features(tray=tray, well=well, log=one)
    assert (features.placements, features.median_gap_ms, features.min_gap_ms) == (1, None, None)
    assert run_features(tray=tray, well=well, log={"moves": []}).min_gap_ms is None
