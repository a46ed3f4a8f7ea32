"""Computer players for the classic game, at three strengths.

Each reads only what a person at the table sees: its own hand, the board, the size of
every hand and of the well, and the scores; never another player's tiles. Each is a
pure function of the game and a seed, so a game replays exactly from its log of
actions whoever played them.

- ``easy`` plays like a beginner: it looks for any tile that fits rather than the best
  one, so its choice is random and weighted toward the weaker placements, and it often
  overlooks a hexagon or a bridge when a plain placement is there too.
- ``medium`` is greedy: the placement worth the most points now.
- ``hard`` weighs each placement by what follows it (:func:`_hard_value`): its own
  best next placement from the tiles it keeps, the tiles it would be left unable to
  place, and what the placement hands the next player, estimated over the tiles it
  has not seen. It examines at most ``HARD_MAX_CANDIDATES`` placements, so a turn
  costs a bounded amount of work (docs/classic.md measures it).

A computer draws only when no tile fits (RULES.md lets a player draw by choice; no
strength gains by it), and passes only when it may neither play nor draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from math import comb
from typing import Literal

from triominos.board import Board
from triominos.classic.actions import ClassicAction, Draw, Pass
from triominos.classic.game import ClassicGame
from triominos.moves import Placement
from triominos.tiles import TILES, Tile

__all__ = [
    "HARD_MAX_CANDIDATES",
    "STRENGTHS",
    "Strength",
    "computer_action",
    "computers_play",
]

Strength = Literal["easy", "medium", "hard"]
STRENGTHS: tuple[Strength, ...] = ("easy", "medium", "hard")

HARD_MAX_CANDIDATES = 24
"""The most placements ``hard`` looks ahead from (the best by points now)."""

EASY_MISSES_BONUS = 0.75
"""How often ``easy`` overlooks the bonus placements when a plain one fits."""
EASY_SKEW = 3.0
"""``easy`` picks the k-th weakest placement with weight 1 / (k + 1) ** EASY_SKEW."""

# hard's weights (docs/classic.md has the calibration they were chosen by).
_NEXT_WEIGHT = 0.5  # its own best next placement, worth half: the board will change
_STUCK_WEIGHT = 3  # per tile it keeps that fits nowhere: a likely draw later
_REPLY_WEIGHT = 0.8  # the next player's expected best reply
_BLOCK_WEIGHT = 20  # the chance the next player has no tile that fits (a draw, -5 and a tile)
_RIGID_WEIGHT = 6  # per kept tile, divided by 1 + the places it fits: keep the flexible ones


def computer_action(game: ClassicGame, *, strength: Strength, seed: int | str) -> ClassicAction:
    """The action the computer to move takes, at ``strength``, seeded by ``seed`` and
    the moment of the game (the same game and seed always give the same action)."""
    if game.is_over:
        raise ValueError("the game is over")
    placements = game.legal_placements()
    if not placements:
        return Draw() if game.can_draw() else Pass()
    if strength == "medium":
        return _greedy(game.board, placements)
    if strength == "easy":
        rng = random.Random(f"classic computer {seed} {len(game.events)}")
        return _easy(game.board, placements, rng)
    if strength == "hard":
        return _hard(game, placements)
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


def _easy(board: Board, placements: list[Placement], rng: random.Random) -> Placement:
    scored = [(board.outcome(placement), placement) for placement in placements]
    plain = [item for item in scored if item[0].bonus is None]
    if plain and len(plain) < len(scored) and rng.random() < EASY_MISSES_BONUS:
        scored = plain
    scored.sort(key=lambda item: item[0].points)
    weights = [1 / (rank + 1) ** EASY_SKEW for rank in range(len(scored))]
    return rng.choices(scored, weights=weights)[0][1]


def _hard(game: ClassicGame, placements: list[Placement]) -> Placement:
    board = game.board
    me = game.current_player
    assert me is not None
    hand = game.hand(me)
    if len(hand) == 1:
        return _greedy(board, placements)  # going out ends the round: nothing follows
    ranked = sorted(placements, key=lambda p: -board.outcome(p).points)
    candidates = _distinct(ranked)[:HARD_MAX_CANDIDATES]
    unseen = _unseen(board, hand)
    following = (me + 1) % game.players
    reply_hand = len(game.hand(following))
    work = board.copy()
    best, best_value = candidates[0], float("-inf")
    for placement in candidates:
        value = _hard_value(work, placement, hand, unseen, reply_hand)
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


def _unseen(board: Board, hand: tuple[Tile, ...]) -> list[Tile]:
    known = board.tiles | set(hand)
    return [tile for tile in TILES if tile not in known]


def _hard_value(
    work: Board,
    placement: Placement,
    hand: tuple[Tile, ...],
    unseen: list[Tile],
    reply_hand: int,
) -> float:
    points = work.push(placement).points
    kept = [tile for tile in hand if tile != placement.tile]
    own_next = 0
    places: dict[Tile, int] = dict.fromkeys(kept, 0)
    for mine in work.legal_placements(kept):
        places[mine.tile] += 1
        own_next = max(own_next, work.outcome(mine).points)
    stuck = sum(1 for count in places.values() if count == 0)
    rigid = sum(1 / (1 + count) for count in places.values())
    reply, blocked = _reply_estimate(work, unseen, reply_hand)
    work.pop()
    return (
        points
        + _NEXT_WEIGHT * own_next
        - _STUCK_WEIGHT * stuck
        - _RIGID_WEIGHT * rigid
        - _REPLY_WEIGHT * reply
        + _BLOCK_WEIGHT * blocked
    )


def _reply_estimate(board: Board, unseen: list[Tile], hand_size: int) -> tuple[float, float]:
    """The next player's best placement, expected over which ``hand_size`` of the
    ``unseen`` tiles they hold (each set alike likely; the well's tiles are unseen too),
    and the chance that none of their tiles fits."""
    best_by_tile: dict[Tile, int] = {}
    for placement in board.legal_placements(unseen):
        points = board.outcome(placement).points
        if points > best_by_tile.get(placement.tile, -1):
            best_by_tile[placement.tile] = points
    values = sorted(best_by_tile.values(), reverse=True)
    total = len(unseen)
    if hand_size <= 0 or total == 0:
        return 0.0, 0.0
    hands = comb(total, hand_size)
    expected = 0.0
    # The i-th best tile is their best when they hold it and none of the better ones.
    for i, value in enumerate(values):
        expected += value * comb(total - i - 1, hand_size - 1) / hands
    blocked = comb(total - len(values), hand_size) / hands
    return expected, blocked
