"""``hard``'s look-ahead: a few turns played out on guesses of the hidden tiles, each
guess consistent with what the table has seen.

A guess (:class:`Guesser`) deals the other hands and orders the well from the tiles
``hard`` has not seen, then follows the round's public events, mending the guess
where it contradicts them: a tile another player put down was in their hand; a
player who drew or passed held no tile that fitted the board then; and a player who
put a tile down held none that would have scored more (the others are taken to play
their best placement now, as the play-outs have them do). So a player who has drawn
a lot is known to hold tiles the board does not take.

A play-out (:func:`playout`) goes on for ``HORIZON`` turns or to the end of the
round, every seat putting down its best placement now, drawing when none fits,
passing when it must. Once the well is empty it goes on to the end of the round
(:func:`horizon_for`): few turns are left, and the hand estimate below, fitted on
rounds in full swing, misjudges the blocked round that may end it, where the lowest
hand wins and a high hand kept is a loss, not a worth. The end of the round scores as
the rules say; a play-out cut short adds, for each hand, the worth :func:`_hand_worth`
gives it. So a candidate is weighed by what the others can answer on the board it
leaves (the bonuses it opens, the draws it forces), by the tiles it keeps and by the
race to go out.

Everything is counted in guesses and turns, not time, so a choice is a pure function
of the game and the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from triominos.board import Board
from triominos.classic.endings import blocked_round_points, pass_counts_toward_block
from triominos.classic.events import Drew, Passed, Placed, RoundStarted
from triominos.classic.game import ClassicGame
from triominos.frontier import Frontier, tiles_mask
from triominos.legal import TILE_VALUES
from triominos.tiles import TILES, Tile, tile_parse

__all__ = ["HORIZON", "Deal", "Guess", "Guesser", "horizon_for", "playout"]

HORIZON = 12
"""How many turns a play-out goes on, the candidate's own not counted, while the well
has tiles."""


def horizon_for(game: ClassicGame) -> int:
    """The turns a play-out from ``game`` goes on: ``HORIZON``, or with the well empty
    as many as the round can still take (each turn puts a tile down or passes, and a
    round in which every player passes in turn is blocked)."""
    if game.well_size:
        return HORIZON
    return (sum(len(hand) for hand in game.hands) + 1) * game.players


# What a hand is worth to its holder when a play-out stops before the round ends:
# fitted on 52 000 positions of greedy games (the points each side went on to make,
# mine minus the other's, against these counts); each explains little, the deal
# deciding most of a round, but together they rank hands.
_PER_TILE = -6.0  # a tile still to place: a turn, and a step from going out
_PER_POINT = 0.6  # a high hand scores when it goes down
_PER_FITTING_TILE = 6.0  # a tile the board takes now: no draw needed for it

# A step of the round as the guesser saw it: ("deal", player, hand size),
# ("place", player, tile index), ("draw", player, 0), ("none of", player, tiles mask).
# Tiles are indices while guessing: comparing ints is what makes guesses cheap.
_Step = tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class Guess:
    """Every hand (the guesser's own the real one) and the well, in drawing order."""

    hands: tuple[tuple[Tile, ...], ...]
    well: tuple[Tile, ...]


class Guesser:
    """Guesses of the hidden tiles as ``me`` may make them: from the current round's
    public events and ``me``'s own tiles only."""

    def __init__(self, game: ClassicGame, me: int) -> None:
        self._steps, self._known_mine = _round_steps(game, me)
        self._mine = game.hand(me)
        self._players = game.players
        self._me = me

    def guesses(self, rng: random.Random, count: int) -> list[Guess]:
        guesses = []
        for _ in range(count):
            hands, pool = _guess_one(self._steps, self._known_mine, self._players, rng)
            rng.shuffle(pool)
            tiles = [tuple(TILES[index] for index in hand) for hand in hands]
            tiles[self._me] = self._mine
            guesses.append(Guess(tuple(tiles), tuple(TILES[index] for index in pool)))
        return guesses


def _round_steps(game: ClassicGame, me: int) -> tuple[list[_Step], set[int]]:
    """The round's events as ``me`` saw them, and every tile ``me`` has held."""
    board = Board(game.ruleset)
    steps: list[_Step] = []
    known_mine: set[int] = set()
    for event in game.events:
        if event.round != game.round:
            continue
        if isinstance(event, RoundStarted):
            known_mine.update(tile_parse(tile).index for tile in event.hands[me])
            steps.extend(("deal", p, len(hand)) for p, hand in enumerate(event.hands) if p != me)
        elif isinstance(event, Placed):
            better = None
            if event.player != me and not event.opening:
                better = board.fitting_mask(over=event.points)
            board.push(event.placement)
            if event.player != me:
                steps.append(("place", event.player, event.placement.tile.index))
                if better:
                    steps.append(("none of", event.player, better))
        elif isinstance(event, Drew):
            if event.player == me:
                known_mine.add(tile_parse(event.tile).index)
            else:
                steps.append(("none of", event.player, board.fitting_mask()))
                steps.append(("draw", event.player, 0))
        elif isinstance(event, Passed) and event.player != me:
            steps.append(("none of", event.player, board.fitting_mask()))
    return steps, known_mine


def _guess_one(
    steps: list[_Step], known_mine: set[int], players: int, rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Deal the unseen tiles at random, then follow the steps, mending the guess where
    it contradicts them; return the hands and what is left (the well)."""
    pool = [tile.index for tile in TILES if tile.index not in known_mine]
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(players)]
    for kind, player, detail in steps:
        hand = hands[player]
        if kind == "deal":
            hands[player] = [pool.pop() for _ in range(detail)]
        elif kind == "draw":
            hand.append(pool.pop())
        elif kind == "place":
            if detail in hand:
                hand.remove(detail)
            else:
                _swap_in(detail, hand, hands, pool, rng)
        else:
            _trade_for_none_of(hand, pool, detail, rng)
    return hands, pool


def _swap_in(
    tile: int, hand: list[int], hands: list[list[int]], pool: list[int], rng: random.Random
) -> None:
    """``tile`` was in ``hand`` after all: a tile of that hand takes its place where
    the guess had put it, and ``tile`` goes down."""
    if not hand:
        return
    out = rng.randrange(len(hand))
    for holder in (pool, *hands):
        if tile in holder:
            holder[holder.index(tile)] = hand[out]
            break
    del hand[out]


def _trade_for_none_of(hand: list[int], pool: list[int], excluded: int, rng: random.Random) -> None:
    """The hand held none of the ``excluded`` tiles (a mask of tile indices): trade
    each it has for a pool tile that is not excluded, while the pool has one."""
    wrong = [at for at, tile in enumerate(hand) if excluded >> tile & 1]
    if not wrong:
        return
    allowed = [at for at, tile in enumerate(pool) if not excluded >> tile & 1]
    for held in wrong:
        if not allowed:
            return
        at = allowed.pop(rng.randrange(len(allowed)))
        hand[held], pool[at] = pool[at], hand[held]


@dataclass(frozen=True, slots=True)
class Deal:
    """A guess as a play-out reads it: each hand as a bit mask of tile indices, and the
    well's tile indices last first (``pop()`` draws the next tile)."""

    hands: tuple[int, ...]
    well: tuple[int, ...]

    @classmethod
    def of(cls, guess: Guess) -> Deal:
        return cls(
            tuple(tiles_mask(hand) for hand in guess.hands),
            tuple(tile.index for tile in reversed(guess.well)),
        )


def playout(
    game: ClassicGame,
    frontier: Frontier,
    deal: Deal,
    mover: int,
    placed: int,
    horizon: int = HORIZON,
) -> tuple[list[float], int]:
    """Each seat's points from ``mover`` putting tile ``placed`` (an index) down (already
    pushed on ``frontier``, its own points not counted) for ``horizon`` turns or to
    the end of the round, on ``deal``, and how many turns it played. The play-out
    works on a copy of ``frontier``."""
    ruleset = game.ruleset
    players = game.players
    frontier = frontier.copy()
    points = [0.0] * players
    hands = list(deal.hands)
    hands[mover] &= ~(1 << placed)
    well = list(deal.well)
    passes = 0
    turn = mover
    went_out = blocked = False
    turns = 0
    for _ in range(horizon):
        turns += 1
        if not hands[turn]:
            went_out = True
            break
        turn = (turn + 1) % players
        hand = hands[turn]
        best = frontier.best(hand)
        if best is None and well:
            fitting = frontier.fitting()
            draws = 0
            while best is None and well and draws < ruleset.max_draws_per_turn:
                index = well.pop()
                hand |= 1 << index
                points[turn] += ruleset.draw_points
                draws += 1
                if fitting >> index & 1:
                    best = frontier.best(1 << index)
            hands[turn] = hand
        if best is None:
            points[turn] += ruleset.pass_points
            passes = passes + 1 if pass_counts_toward_block(ruleset, len(well)) else 0
            if passes == players:
                blocked = True
                break
            continue
        passes = 0
        packed, tile_rotation, best_points = best
        frontier.push(packed, tile_rotation)
        points[turn] += best_points
        hands[turn] = hand & ~(1 << (tile_rotation // 3))
    else:
        went_out = not hands[turn]
    values = [_mask_value(hand) for hand in hands]
    if went_out:
        points[turn] += ruleset.going_out_bonus + sum(values)
    elif blocked:
        _, added = blocked_round_points(
            ruleset,
            set_rounds=game.rounds is not None,
            opener=game.opener,
            hand_values=values,
            hand_sizes=[hand.bit_count() for hand in hands],
        )
        for seat, extra in enumerate(added):
            points[seat] += extra
    else:
        fitting = frontier.fitting()
        for seat, hand in enumerate(hands):
            points[seat] += _hand_worth(hand, values[seat], fitting)
    return points, turns


def _mask_value(hand: int) -> int:
    value = 0
    while hand:
        low = hand & -hand
        value += TILE_VALUES[low.bit_length() - 1]
        hand ^= low
    return value


def _hand_worth(hand: int, value: int, fitting: int) -> float:
    return (
        _PER_TILE * hand.bit_count()
        + _PER_POINT * value
        + _PER_FITTING_TILE * (hand & fitting).bit_count()
    )
