"""``hard``'s choice: its best placements by points now, each played out on guesses of
the hidden tiles (:mod:`triominos.classic.lookahead`), worth their points plus the
play-outs' mean balance (its points minus the others' mean).

The guesses come in batches, every candidate played out on the same ones (a fair
comparison), until the play-outs have simulated ``HARD_TURN_BUDGET`` turns: a
position with few candidates, or near the end of the round where play-outs are
short, gets more guesses for the same work. After ``HARD_RACE_AFTER`` guesses only
the ``HARD_RACE_KEEP`` best candidates go on, the rest of the budget spent where the
choice is still open. The work is counted in turns, not time, so a choice is a pure
function of the game and the seed.
"""

from __future__ import annotations

import random

from triominos.board import Board
from triominos.classic.game import ClassicGame
from triominos.classic.lookahead import Deal, Guesser, playout
from triominos.frontier import Frontier
from triominos.geometry import cell_pack
from triominos.moves import Placement

__all__ = [
    "HARD_BATCH",
    "HARD_MAX_CANDIDATES",
    "HARD_MAX_GUESSES",
    "HARD_RACE_AFTER",
    "HARD_RACE_KEEP",
    "HARD_TURN_BUDGET",
    "distinct_placements",
    "greedy_placement",
    "hard_placement",
]

HARD_MAX_CANDIDATES = 4
"""The most placements ``hard`` looks ahead from (the best by points now)."""
HARD_BATCH = 8
"""Guesses are drawn and played out this many at a time."""
HARD_TURN_BUDGET = 4 * 24 * 12
"""The play-outs stop after the batch that reaches this many simulated turns."""
HARD_MAX_GUESSES = 24
"""And after this many guesses, however short the play-outs."""
HARD_RACE_AFTER = 0
"""After this many guesses only the ``HARD_RACE_KEEP`` best candidates go on (0: all)."""
HARD_RACE_KEEP = 2


def hard_placement(game: ClassicGame, placements: list[Placement], rng: random.Random) -> Placement:
    board = game.board
    me = game.current_player
    assert me is not None
    if len(game.hand(me)) == 1:
        return greedy_placement(board, placements)  # going out ends the round
    ranked = sorted(placements, key=lambda p: -board.outcome(p).points)
    candidates = distinct_placements(ranked)[:HARD_MAX_CANDIDATES]
    if len(candidates) == 1:
        return candidates[0]
    guesser = Guesser(game, me)
    before = Frontier.of(board)
    afters = []
    for tile, (row, col), rotation in candidates:
        after = before.copy()
        after.push(cell_pack(row, col), tile.index * 3 + rotation)
        afters.append(after)
    others = game.players - 1
    balances = [0.0] * len(candidates)
    racing = list(range(len(candidates)))
    guesses = turns = 0
    while guesses < HARD_MAX_GUESSES and turns < HARD_TURN_BUDGET:
        if guesses and guesses == HARD_RACE_AFTER:
            racing.sort(key=lambda k: -balances[k] - guesses * board.outcome(candidates[k]).points)
            racing = sorted(racing[:HARD_RACE_KEEP])
        for guess in guesser.guesses(rng, HARD_BATCH):
            deal = Deal.of(guess)
            for k in racing:
                points, played = playout(game, afters[k], deal, me, candidates[k].tile.index)
                balances[k] += points[me] - (sum(points) - points[me]) / others
                turns += played
        guesses += HARD_BATCH
    best, best_value = candidates[racing[0]], float("-inf")
    for k in racing:
        value = board.outcome(candidates[k]).points + balances[k] / guesses
        if value > best_value:
            best, best_value = candidates[k], value
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
