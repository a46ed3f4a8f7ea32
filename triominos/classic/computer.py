"""Computer players for the classic game, at three strengths.

Each reads only what a person at the table sees: its own hand, the board, the size of
every hand and of the well, the scores and what the others did; never another
player's tiles. Each is a pure function of the game and a seed, so a game replays
exactly from its log of actions whoever played them.

- ``easy`` plays like a beginner: it overlooks places its tiles fit (the fewer there
  are, the likelier it sees none, and then it draws), it looks for a tile that fits
  rather than the best one, weighted toward the weaker placements, and it often
  misses a hexagon or a bridge when a plain placement is there too.
- ``medium`` is greedy: the placement worth the most points now.
- ``hard`` looks ahead (:mod:`triominos.classic.lookahead`): its best placements by
  points now, each played out a few turns on guesses of the hidden tiles that agree
  with what the table has seen, and worth their points plus the play-out's balance.
  Its work is bounded in simulated turns, so a turn costs a bounded amount of time
  (docs/classic.md measures it) and stays a pure function of the game and the seed.

A computer that sees a fit plays it: none draws by choice (RULES.md allows it; no
strength gains by it), though ``easy`` may draw for not seeing one. A computer
passes only when it may neither play nor draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Literal

from triominos.classic.actions import ClassicAction, Draw, Pass
from triominos.classic.game import ClassicGame
from triominos.classic.hard import distinct_placements, greedy_placement, hard_placement
from triominos.moves import Placement

__all__ = [
    "EASY_MISSES_BONUS",
    "EASY_SEES",
    "EASY_SKEW",
    "STRENGTHS",
    "Strength",
    "computer_action",
    "computers_play",
]

Strength = Literal["easy", "medium", "hard"]
STRENGTHS: tuple[Strength, ...] = ("easy", "medium", "hard")

EASY_SEES = 0.25
"""How likely ``easy`` is to notice each (tile, cell) where a tile of its hand fits."""
EASY_MISSES_BONUS = 0.75
"""How often ``easy`` overlooks the bonus placements when a plain one fits."""
EASY_SKEW = 3.0
"""``easy`` picks the k-th weakest placement it sees with weight 1 / (k + 1) ** EASY_SKEW."""


def computer_action(game: ClassicGame, *, strength: Strength, seed: int | str) -> ClassicAction:
    """The action the computer to move takes, at ``strength``, seeded by ``seed`` and
    the moment of the game (the same game and seed always give the same action)."""
    if game.is_over:
        raise ValueError("the game is over")
    placements = game.legal_placements()
    if not placements:
        return Draw() if game.can_draw() else Pass()
    rng = random.Random(f"classic computer {seed} {len(game.events)}")
    if strength == "medium":
        return greedy_placement(game.board, placements)
    if strength == "easy":
        return _easy(game, placements, rng)
    if strength == "hard":
        return hard_placement(game, placements, rng)
    raise ValueError(f"no strength {strength!r}; one of {', '.join(STRENGTHS)}")


def computers_play(
    game: ClassicGame, *, computers: Mapping[int, Strength], seed: int | str
) -> list[tuple[int, ClassicAction]]:
    """Play the computers' turns (``computers``: seat -> strength) until a seat not in
    it is to move or the game is over; return each (seat, action) taken, in order."""
    taken: list[tuple[int, ClassicAction]] = []
    while (seat := game.current_player) is not None and seat in computers:
        action = computer_action(game, strength=computers[seat], seed=f"{seed} seat {seat}")
        game.apply(action, player=seat)
        taken.append((seat, action))
    return taken


def _easy(game: ClassicGame, placements: list[Placement], rng: random.Random) -> ClassicAction:
    seen = [placement for placement in distinct_placements(placements) if rng.random() < EASY_SEES]
    if not seen:
        if game.can_draw():
            return Draw()
        seen = placements  # no draw left: a person looks again, harder
    board = game.board
    scored = [(board.outcome(placement), placement) for placement in seen]
    plain = [item for item in scored if item[0].bonus is None]
    if plain and len(plain) < len(scored) and rng.random() < EASY_MISSES_BONUS:
        scored = plain
    scored.sort(key=lambda item: item[0].points)
    weights = [1 / (rank + 1) ** EASY_SKEW for rank in range(len(scored))]
    return rng.choices(scored, weights=weights)[0][1]
