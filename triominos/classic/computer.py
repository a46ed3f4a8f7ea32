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

from triominos.board import Board
from triominos.classic.actions import ClassicAction, Draw, Pass
from triominos.classic.game import ClassicGame
from triominos.classic.lookahead import Deal, Guesser, playout
from triominos.frontier import Frontier
from triominos.geometry import cell_pack
from triominos.moves import Placement

__all__ = [
    "EASY_SEES",
    "HARD_GUESSES",
    "HARD_MAX_CANDIDATES",
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

HARD_MAX_CANDIDATES = 4
"""The most placements ``hard`` looks ahead from (the best by points now)."""
HARD_GUESSES = 24
"""How many guesses of the hidden tiles each candidate is played out on: with
``HORIZON`` turns a play-out, ``hard`` simulates at most 4 * 24 * 12 = 1152 turns."""


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
        return _greedy(game.board, placements)
    if strength == "easy":
        return _easy(game, placements, rng)
    if strength == "hard":
        return _hard(game, placements, rng)
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


def _greedy(board: Board, placements: list[Placement]) -> Placement:
    # max() keeps the first of equals: the engine's order breaks ties.
    return max(placements, key=lambda placement: board.outcome(placement).points)


def _easy(game: ClassicGame, placements: list[Placement], rng: random.Random) -> ClassicAction:
    seen = [placement for placement in _distinct(placements) if rng.random() < EASY_SEES]
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


def _hard(game: ClassicGame, placements: list[Placement], rng: random.Random) -> Placement:
    board = game.board
    me = game.current_player
    assert me is not None
    if len(game.hand(me)) == 1:
        return _greedy(board, placements)  # going out ends the round: nothing follows
    ranked = sorted(placements, key=lambda p: -board.outcome(p).points)
    candidates = _distinct(ranked)[:HARD_MAX_CANDIDATES]
    if len(candidates) == 1:
        return candidates[0]
    deals = [Deal.of(guess) for guess in Guesser(game, me).guesses(rng, HARD_GUESSES)]
    others = game.players - 1
    before = Frontier.of(board)
    best, best_value = candidates[0], float("-inf")
    for placement in candidates:
        now = board.outcome(placement).points
        frontier = before.copy()
        tile, (row, col), rotation = placement
        frontier.push(cell_pack(row, col), tile.index * 3 + rotation)
        balance = 0.0
        for deal in deals:  # the same guesses for every candidate: a fair comparison
            points = playout(game, frontier, deal, me, placement.tile.index)
            balance += points[me] - (sum(points) - points[me]) / others
        value = now + balance / len(deals)
        if value > best_value:
            best, best_value = placement, value
    return best


def _distinct(ranked: list[Placement]) -> list[Placement]:
    """One placement per (tile, cell): a tile's rotations on a cell score alike and
    leave nearly the same board, so the look-ahead is spent on different ideas."""
    seen: set[tuple[int, int, int]] = set()
    kept = []
    for placement in ranked:
        key = (placement.tile.index, placement.cell.row, placement.cell.col)
        if key not in seen:
            seen.add(key)
            kept.append(placement)
    return kept
