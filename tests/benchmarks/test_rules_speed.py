"""How fast the rules engine is: replaying the longest run, listing legal moves.

Run with ``make bench`` (or ``pytest tests/benchmarks/test_rules_speed.py
--benchmark-enable -s``). The positions are built here by seeded players, so the
figures do not depend on the golden vectors. Each benchmark checks that the work it
timed gave the right answer and prints its figures; none asserts a speed.

Targets on one core: the legal placements of a 7-tile tray on a 30-tile board list in
under 250 µs; the 103-move run (56 placements, 47 draws) replays within 10 % of the
hand-inlined loop that every move now goes through a typed parse, check and apply
instead of (triominos/run.py). ``tests/benchmarks/replay_against_old_loop.py``
measures the two side by side, in time and in instructions (docs/architecture.md).
The server replays a run in batches as they arrive (``test_a_batch_of_moves_resumed``).
The minimum is the figure to compare with them: on a shared machine, the mean and the
median also count the time other processes took the core away.
"""

from __future__ import annotations

import random
from typing import Any

from tests.engine.players import RecordedRun, clearing_run, random_run
from triominos import (
    TILES,
    Board,
    ChallengeReplay,
    Placement,
    ReplayPosition,
    Tile,
    replay_challenge,
)

LONG_RUN_SEED = 3
POSITION_SEEDS = range(8)


def long_run() -> RecordedRun:
    run = clearing_run(LONG_RUN_SEED)
    assert len(run.moves) == 103
    return run


def position(seed: int) -> tuple[Board, list[Tile]]:
    """The first 30 tiles of a seeded random game, and 7 other tiles as the tray."""
    run = random_run(seed, draw_chance=0.0)
    board = Board.from_placements(run.board.placements[:30])
    assert len(board) == 30
    others = sorted(set(TILES) - board.tiles, key=lambda tile: tile.index)
    return board, random.Random(seed).sample(others, 7)


def every_fitting_placement(board: Board, tray: list[Tile]) -> list[Placement]:
    """The slow way: every tray tile in every rotation on every frontier cell, checked."""
    candidates = (
        Placement(tile, cell, rotation)
        for cell in board.frontier()
        for tile in tray
        for rotation in (0, 1, 2)
    )
    return sorted(
        (placement for placement in candidates if board.check(placement) is None),
        key=lambda p: (p.cell, p.tile.index, p.rotation),
    )


def report(benchmark: Any, what: str, per: int = 1, unit: str = "") -> None:
    if benchmark.disabled:
        # The normal suite runs each benchmark once for its checks; figures come from
        # `make bench`.
        return
    stats = benchmark.stats.stats
    figures = {"min": stats.min, "median": stats.median, "mean": stats.mean}
    line = f"\n{what}: " + ", ".join(
        f"{name} {value * 1e6:.1f} µs" for name, value in figures.items()
    )
    if per > 1:
        line += f"; min {stats.min * 1e6 / per:.2f} µs per {unit}"
    print(line)


def test_replay_of_the_longest_run(benchmark: Any) -> None:
    run = long_run()
    log = run.log()

    result = benchmark(lambda: replay_challenge(tray=run.tray, well=run.well, log=log))

    assert result.valid and result.board_cleared
    assert result.score == run.score and list(result.moves) == run.outcomes
    report(benchmark, "replay of a 103-move run (56 placements, 47 draws)", 103, "move")


def test_a_batch_of_moves_resumed(benchmark: Any) -> None:
    """What the server does for each batch of a run being played: resume from the
    stored position after 60 moves, take 3 more, store the new position."""
    run = long_run()
    moves = run.log()["moves"]
    assert isinstance(moves, list)
    first = ChallengeReplay(tray=run.tray, well=run.well)
    first.extend(moves[:60])
    stored = first.position().to_json()

    def batch() -> dict[str, object]:
        replay = ChallengeReplay(
            tray=run.tray, well=run.well, position=ReplayPosition.from_json(stored)
        )
        assert replay.extend(moves[60:63], max_t=run.moves[62].t) is None
        return replay.position().to_json()

    after = benchmark(batch)

    whole = ChallengeReplay(tray=run.tray, well=run.well)
    whole.extend(moves[:63])
    assert after == whole.position().to_json()
    report(benchmark, "a batch of 3 moves resumed after 60 (position in and out)", 3, "move")


def test_legal_placements_of_a_7_tile_tray_on_a_30_tile_board(benchmark: Any) -> None:
    positions = [position(seed) for seed in POSITION_SEEDS]

    def list_them_all() -> list[list[Placement]]:
        return [board.legal_placements(tray) for board, tray in positions]

    listed = benchmark(list_them_all)

    for (board, tray), placements in zip(positions, listed, strict=True):
        assert placements == every_fitting_placement(board, tray)
    total = sum(len(placements) for placements in listed)
    report(
        benchmark,
        f"legal placements of 7 tiles on 30: {len(positions)} positions, {total} placements",
        len(positions),
        "position",
    )


def test_push_and_pop_every_tile(benchmark: Any) -> None:
    run = long_run()
    placements = run.board.placements

    def push_then_pop() -> int:
        board = Board()
        for placement in placements:
            board.push(placement)
        for _ in placements:
            board.pop()
        return len(board)

    assert benchmark(push_then_pop) == 0
    report(benchmark, "push then pop all 56 tiles", 112, "push or pop")
