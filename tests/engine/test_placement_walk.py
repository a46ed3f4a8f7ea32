"""The walk the review and the timing measure share (triominos/placement_walk.py): one
walk gives each the same measures as its own would, and the checked walk refuses an
illegal placement."""

from __future__ import annotations

import pytest

from tests.engine.players import RecordedRun, clearing_run, random_run
from triominos import (
    Board,
    placements_seen,
    replay_challenge,
    run_features,
    tile_parse,
    timing_features,
)
from triominos.frontier import Frontier, tiles_mask

RUNS = [clearing_run(3), random_run(4), random_run(11)]


def _each_position(run: RecordedRun) -> list[tuple[int, int, tuple[int, int] | None, int]]:
    """Each placement's index, time, points range and options, read off a frontier of
    its own, one placement at a time."""
    board = Board()
    hand = [tile_parse(tile) for tile in run.tray]
    well = [tile_parse(tile) for tile in run.well]
    found = []
    for index, move in enumerate(run.log()["moves"]):  # type: ignore[attr-defined]
        if move["type"] == "draw":
            hand.append(well.pop(0))
            continue
        frontier = Frontier.of(board)
        mask = tiles_mask(hand)
        found.append((index, move["t"], frontier.points_range(mask), frontier.options(mask)))
        tile = tile_parse(move["tile"])
        board.play_at(tile, *move["cell"], move["rotation"])
        hand.remove(tile)
    return found


@pytest.mark.parametrize("run", RUNS, ids=["clearing", "random4", "random11"])
def test_each_placement_is_seen_in_the_position_before_it(run: RecordedRun) -> None:
    seen = placements_seen(tray=run.tray, well=run.well, moves=run.log()["moves"])
    assert [(p.move, p.t, p.points_range, p.options) for p in seen] == _each_position(run)
    moves = run.log()["moves"]
    assert [p.previous_t for p in seen] == [
        moves[p.move - 1]["t"] if p.move else None  # type: ignore[index]
        for p in seen
    ]


@pytest.mark.parametrize("run", RUNS, ids=["clearing", "random4", "random11"])
def test_one_walk_measures_as_each_measure_alone(run: RecordedRun) -> None:
    log = run.log()
    points = [m.points for m in replay_challenge(tray=run.tray, well=run.well, log=log).moves]
    seen = placements_seen(tray=run.tray, well=run.well, moves=log["moves"])
    shared = run_features(tray=run.tray, well=run.well, log=log, points=points, seen=seen)
    assert shared == run_features(tray=run.tray, well=run.well, log=log)
    timed = timing_features(tray=run.tray, well=run.well, log=log, seen=seen)
    assert timed == timing_features(tray=run.tray, well=run.well, log=log)
    assert timed.placements == len(seen) - (0 if seen[0].move else 1)


def test_the_checked_walk_refuses_an_illegal_placement() -> None:
    run = random_run(4)
    moves = list(run.log()["moves"])  # type: ignore[call-overload]
    first = next(i for i, move in enumerate(moves) if move["type"] == "place")
    later = next(i for i, move in enumerate(moves) if i > first and move["type"] == "place")
    moves[later] = {**moves[later], "cell": [40, 40]}  # touches nothing on the board
    with pytest.raises(ValueError):
        placements_seen(tray=run.tray, well=run.well, moves=moves, checked=True)
