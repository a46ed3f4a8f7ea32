"""``hard``'s choice: its best placements by points now, each played out on the same
guesses of the hidden tiles (:mod:`triominos.classic.lookahead`), worth their points
plus the play-outs' mean balance (its points minus the others' mean).

The work is counted in guesses and turns, not time (at most ``HARD_MAX_CANDIDATES``
x ``HARD_GUESSES`` play-outs of ``HORIZON`` turns, or to the end of the round once the
well is empty), so a choice is a pure function of the game and the seed.

With the well empty, two players' hidden tiles are all known (every tile not on the
board nor in hard's hand is in the other hand): the guesses are then one and the same,
so the same budget of play-outs weighs every placement, each played out once to the
end of the round (a blocked round scored as the rules score it).
"""

from __future__ import annotations

import random

from triominos.board import Board
from triominos.classic.game import ClassicGame
from triominos.classic.lookahead import Deal, Guesser, horizon_for, playout
from triominos.frontier import Frontier
from triominos.geometry import cell_pack
from triominos.moves import Placement

__all__ = [
    "HARD_GUESSES",
    "HARD_MAX_CANDIDATES",
    "distinct_placements",
    "greedy_placement",
    "hard_placement",
]

HARD_MAX_CANDIDATES = 4
"""The most placements ``hard`` looks ahead from (the best by points now)."""
HARD_GUESSES = 24
"""How many guesses of the hidden tiles each candidate is played out on. More do not
play better (docs/classic.md): what the guesses miss of the other hand does."""


def hard_placement(game: ClassicGame, placements: list[Placement], rng: random.Random) -> Placement:
    board = game.board
    me = game.current_player
    assert me is not None
    if len(game.hand(me)) == 1:
        return greedy_placement(board, placements)  # going out ends the round
    ranked = distinct_placements(sorted(placements, key=lambda p: -board.outcome(p).points))
    if len(ranked) == 1:
        return ranked[0]
    deals = [Deal.of(guess) for guess in Guesser(game, me).guesses(rng, HARD_GUESSES)]
    if not game.well_size:
        deals = list(dict.fromkeys(deals))  # guesses that agree count once: no well to vary
    # The play-outs' budget, spent on more candidates when fewer guesses differ.
    candidates = ranked[: HARD_MAX_CANDIDATES * HARD_GUESSES // len(deals)]
    horizon = horizon_for(game)
    before = Frontier.of(board)
    others = game.players - 1
    best, best_value = candidates[0], float("-inf")
    for placement in candidates:
        tile, (row, col), rotation = placement
        after = before.copy()
        after.push(cell_pack(row, col), tile.index * 3 + rotation)
        balance = 0.0
        for deal in deals:  # the same guesses for every candidate: a fair comparison
            points, _ = playout(game, after, deal, me, tile.index, horizon)
            balance += points[me] - (sum(points) - points[me]) / others
        value = board.outcome(placement).points + balance / len(deals)
        if value > best_value:
            best, best_value = placement, value
    return best


def greedy_placement(board: Board, placements: list[Placement]) -> Placement:
    """The placement worth the most points now (``medium``'s choice)."""
    # max() keeps the first of equals: the engine's order breaks ties.
    return max(placements, key=lambda placement: board.outcome(placement).points)


def distinct_placements(ranked: list[Placement]) -> list[Placement]:
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
