"""What a classic computer's turn costs: the CPU time of a ``hard`` turn over every
turn of seeded games, and one position timed by pytest-benchmark.

``make bench`` plays 20 games and prints the mean, the 95th and 99th percentiles and
the slowest turn (the service's bound is 50 ms of CPU a turn, docs/classic.md); ``make test``
plays one game for the checks only. The figures are CPU time (``time.process_time``),
which the other processes of a shared machine do not inflate. Nothing asserts a speed.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from triominos.classic import ClassicGame, Strength, computer_action

BENCH_GAMES = 20


def _hard_turn_times(games: int) -> list[float]:
    """Every hard turn's CPU seconds, hard against medium, both seats, one round each."""
    times: list[float] = []
    for number in range(games):
        strengths: dict[int, Strength] = {number % 2: "hard", 1 - number % 2: "medium"}
        game = ClassicGame(2, seed=f"bench {number}", rounds=1)
        while (seat := game.current_player) is not None:
            started = time.process_time()
            action = computer_action(game, strength=strengths[seat], seed=number)
            spent = time.process_time() - started
            if strengths[seat] == "hard" and game.legal_placements():
                times.append(spent)
            game.apply(action, player=seat)
        assert game.is_over
    return times


def _mid_game() -> ClassicGame:
    """A round after 20 placements or so, a hard computer to move with a choice: tiles
    that fit in at least two places (one leaves nothing to look ahead for)."""
    game = ClassicGame(2, seed="bench position", rounds=1)
    while len(game.board) < 20 or len({(p.tile, p.cell) for p in game.legal_placements()}) < 2:
        seat = game.current_player
        assert seat is not None
        game.apply(computer_action(game, strength="medium", seed=0), player=seat)
    return game


def test_a_hard_turn_cpu(benchmark: Any) -> None:
    games = 1 if benchmark.disabled else BENCH_GAMES
    times = _hard_turn_times(games)
    assert times

    game = _mid_game()
    action = benchmark(computer_action, game, strength="hard", seed=0)
    # The turn is a legal one, and timing it changed nothing.
    assert action in game.legal_actions()
    if not benchmark.disabled:
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        p99 = ordered[int(0.99 * (len(ordered) - 1))]
        print(
            f"\nclassic hard turn CPU over {len(times)} turns of {games} games: "
            f"mean {1000 * statistics.mean(times):.2f} ms, p95 {1000 * p95:.2f} ms, "
            f"p99 {1000 * p99:.2f} ms, max {1000 * ordered[-1]:.2f} ms (bound 50 ms); "
            f"one mid-game position: min {1000 * benchmark.stats.stats.min:.2f} ms"
        )
