"""Calibration of the classic game's computer players: each strength against the one
below it (and hard against easy), two players, a number of seeded games for each
length (one round, and to 400), the seats swapped every other game.

    .venv/bin/python tests/benchmarks/classic_calibration.py [--games 200] [--first 0]
        [--lengths one_round to_400] [--pairings medium-easy hard-medium hard-easy]

It prints a Markdown table (docs/classic.md keeps it): for each pairing and length,
the stronger player's wins, ties and losses, its share of wins, and the CPU time a
``hard`` turn took (mean and the slowest).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from triominos.classic import ClassicGame, Strength, computer_action

PAIRINGS: tuple[tuple[Strength, Strength], ...] = (
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "easy"),
)
LENGTHS: dict[str, int | None] = {"one_round": 1, "to_400": None}


@dataclass
class Tally:
    wins: int = 0
    ties: int = 0
    losses: int = 0
    hard_turns: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.ties + self.losses


def game_play(
    strong: Strength, weak: Strength, *, number: int, rounds: int | None, tally: Tally
) -> None:
    """Game ``number``: the strong player sits first in even games, second in odd."""
    strong_seat = number % 2
    strengths = {strong_seat: strong, 1 - strong_seat: weak}
    seed = f"calibration {number}"
    game = ClassicGame(2, seed=seed, rounds=rounds)
    while (seat := game.current_player) is not None:
        started = time.process_time()
        action = computer_action(game, strength=strengths[seat], seed=f"{seed} seat {seat}")
        if strengths[seat] == "hard":
            tally.hard_turns.append(time.process_time() - started)
        game.apply(action, player=seat)
    if game.winners == (strong_seat,):
        tally.wins += 1
    elif strong_seat in game.winners:
        tally.ties += 1
    else:
        tally.losses += 1


def calibration_run(
    *,
    games: int,
    first: int,
    lengths: Sequence[str],
    pairings: Sequence[tuple[Strength, Strength]] = PAIRINGS,
) -> list[tuple[str, Strength, Strength, Tally]]:
    rows = []
    for length in lengths:
        for strong, weak in pairings:
            tally = Tally()
            for number in range(first, first + games):
                game_play(strong, weak, number=number, rounds=LENGTHS[length], tally=tally)
            rows.append((length, strong, weak, tally))
    return rows


def table_render(rows: list[tuple[str, Strength, Strength, Tally]]) -> str:
    lines = [
        "| length | pairing | games | wins | ties | losses | wins % | hard turn CPU, "
        "mean / max (ms) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for length, strong, weak, tally in rows:
        turns = tally.hard_turns
        cpu = f"{1000 * sum(turns) / len(turns):.2f} / {1000 * max(turns):.1f}" if turns else "-"
        lines.append(
            f"| {length.replace('_', ' ')} | {strong} vs {weak} | {tally.games} | "
            f"{tally.wins} | {tally.ties} | {tally.losses} | "
            f"{100 * tally.wins / tally.games:.1f} | {cpu} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--lengths", nargs="+", choices=sorted(LENGTHS), default=list(LENGTHS))
    named = {f"{strong}-{weak}": (strong, weak) for strong, weak in PAIRINGS}
    parser.add_argument(
        "--pairings",
        nargs="+",
        choices=list(named),
        default=list(named),
        help="run some pairings only (each in its own process, to share the cores)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    rows = calibration_run(
        games=args.games,
        first=args.first,
        lengths=args.lengths,
        pairings=[named[name] for name in args.pairings],
    )
    print(table_render(rows))
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
