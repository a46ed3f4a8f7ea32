"""The classic Tri-Ominos board game (RULES.md, "Classic rules"), 2 to 6 players.

A :class:`ClassicGame` is a whole match: rounds are dealt one after another until the
round in which someone reached the target score (400) ends; then the highest total
wins. How rounds and games end is :mod:`~triominos.classic.endings`'. A bot,
a test or a later multi-player mode drives it through three checked actions,
:meth:`~ClassicGame.play`, :meth:`~ClassicGame.draw` and :meth:`~ClassicGame.pass_turn`
(or :meth:`~ClassicGame.apply` with :meth:`~ClassicGame.legal_actions`), reads its
state, and follows its history of :mod:`~triominos.classic.events`.

The board, placement legality and placement points are the shared engine's
(:class:`~triominos.board.Board`, :class:`~triominos.ruleset.Ruleset`);
this module adds what the board game has on top: hands, the well, turns, the opening,
the draw limit, passing, and the end of rounds and of the match.

Decisions where RULES.md is silent (documented so that every port agrees):

- The deal and the opening: :mod:`~triominos.classic.deal`.
- Blocked round in a game to the target, when hands tie for the lowest value: the one
  with fewer tiles wins, then the one first in turn order from the round's opener.
- "A game of one round" is any game of set ``rounds``: its blocked rounds score as the
  mobile game's.
- The player after the opener plays next, then around the table in seat order.
"""

from __future__ import annotations

from collections.abc import Sequence

from triominos.board import Board
from triominos.classic.actions import ClassicAction, ClassicError, Draw, Pass
from triominos.classic.deal import (
    classic_deal_order,
    opening_explained,
    opening_of,
    order_parse,
    round_dealt,
)
from triominos.classic.endings import (
    blocked_round_points,
    game_ends_after_round,
    pass_counts_toward_block,
)
from triominos.classic.events import (
    ClassicEvent,
    Drew,
    GameEnded,
    HandCounted,
    Passed,
    Placed,
    RoundEnded,
    RoundStarted,
)
from triominos.errors import PlacementError
from triominos.moves import Placement
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.scoring import MoveOutcome
from triominos.tiles import Tile

__all__ = ["ClassicGame"]


class ClassicGame:
    """A classic match for ``players`` (2-6) players, seated 0 .. players-1.

    Rounds are dealt from ``deals`` (one order of the 56 tile ids per round) while
    it lasts, then from shuffles seeded by ``seed``: the same arguments and actions
    always give the same game. ``rounds`` ends the game after that many rounds (the
    mobile game plays one), whoever has reached the target.
    """

    def __init__(
        self,
        players: int,
        *,
        seed: int | str = 0,
        deals: Sequence[Sequence[str]] = (),
        ruleset: Ruleset = DEFAULT_RULESET,
        rounds: int | None = None,
    ) -> None:
        if type(players) is not int:
            raise TypeError(f"players must be an int, not {players!r}")
        if rounds is not None and (type(rounds) is not int or rounds < 1):
            raise ValueError(f"rounds must be a positive int or None, not {rounds!r}")
        self.rounds = rounds
        """The game ends after this many rounds even below the target (None: play to it)."""
        self.ruleset = ruleset
        self.deal_size = ruleset.deal_size(players)
        self.players = players
        self.seed = seed
        self._deals = tuple(
            order_parse(order, number) for number, order in enumerate(deals, start=1)
        )
        self._scores = [0] * players
        self._events: list[ClassicEvent] = []
        self._round = 0
        self._over = False
        self._winners: tuple[int, ...] = ()
        # Round state, set by _round_start.
        self._board = Board(ruleset)
        self._hands: list[list[Tile]] = []
        self._well: list[Tile] = []
        self._turn = 0
        self._opener = 0
        self._opening_tiles: tuple[Tile, ...] = ()
        self._draws = 0
        self._passes_in_a_row = 0
        self._reached_in_round = False
        self._round_start()

    # --- reading the state -----------------------------------------------------------

    @property
    def round(self) -> int:
        """The round being played (or the last one, once the game is over), from 1."""
        return self._round

    @property
    def board(self) -> Board:
        """The current round's board (read it; change it only through the actions)."""
        return self._board

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total once the game is over (usually one)."""
        return self._winners

    @property
    def current_player(self) -> int | None:
        """Whose turn it is; None once the game is over."""
        return None if self._over else self._turn

    @property
    def opener(self) -> int:
        """Who opened (or must open) the current round."""
        return self._opener

    @property
    def is_opening(self) -> bool:
        """True until the current round's first tile is down."""
        return not self._over and self.board.is_empty

    @property
    def opening_tiles(self) -> tuple[Tile, ...]:
        """The tiles the round may open with (the opener's choice among them)."""
        return self._opening_tiles

    @property
    def draws_this_turn(self) -> int:
        return self._draws

    @property
    def well_size(self) -> int:
        return len(self._well)

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every player's tiles, each sorted."""
        return tuple(self.hand(player) for player in range(self.players))

    def hand(self, player: int) -> tuple[Tile, ...]:
        return tuple(sorted(self._hands[player], key=lambda tile: tile.index))

    def hand_value(self, player: int) -> int:
        return sum(tile.value for tile in self._hands[player])

    @property
    def events(self) -> tuple[ClassicEvent, ...]:
        """Everything that happened, oldest first."""
        return tuple(self._events)

    def view(self, player: int) -> dict[str, object]:
        """What ``player`` may see, as JSON: their own hand, only the sizes of the
        others', the board, the scores and whose turn it is (for a multi-player
        client; the full :attr:`events` history also names drawn tiles)."""
        if not 0 <= player < self.players:
            raise ValueError(f"no player {player} in a {self.players}-player game")
        return {
            "round": self._round,
            "player": player,
            "hand": [tile.id for tile in self.hand(player)],
            "hand_sizes": [len(hand) for hand in self._hands],
            "well_size": len(self._well),
            "board": [placement.to_json() for placement in self.board.placements],
            "scores": list(self._scores),
            "turn": self.current_player,
            "draws_this_turn": self._draws,
            "opening_tiles": [tile.id for tile in self._opening_tiles] if self.is_opening else [],
            "over": self._over,
            "winners": list(self._winners),
        }

    # --- what the player to move may do ----------------------------------------------

    def legal_placements(self) -> list[Placement]:
        """Every placement the player to move may make, sorted by (row, col, tile, rotation)."""
        if self._over:
            return []
        if self.board.is_empty:
            return self.board.legal_placements(self._opening_tiles)
        return self.board.legal_placements(self._hands[self._turn])

    def can_draw(self) -> bool:
        return self._draw_refusal() is None

    def can_pass(self) -> bool:
        return self._pass_refusal() is None

    def legal_actions(self) -> list[ClassicAction]:
        """Every action the player to move may take: placements, then draw, then pass."""
        actions: list[ClassicAction] = list(self.legal_placements())
        if self.can_draw():
            actions.append(Draw())
        if self.can_pass():
            actions.append(Pass())
        return actions

    # --- actions -----------------------------------------------------------------------

    def apply(self, action: ClassicAction, *, player: int | None = None) -> None:
        """Take ``action`` (a placement, :class:`Draw` or :class:`Pass`)."""
        if isinstance(action, Draw):
            self.draw(player=player)
        elif isinstance(action, Pass):
            self.pass_turn(player=player)
        else:
            self.play(action, player=player)

    def play(self, placement: Placement, *, player: int | None = None) -> MoveOutcome:
        """Put a tile from the mover's hand down; return its points and bonus.

        ``player``, when given, must be the player to move (a multi-player server
        passes the seat of whoever sent the action). Raises :class:`ClassicError`
        (or its :class:`PlacementError` cousin's code as a ClassicError) when the
        rules refuse it; the game is then unchanged.
        """
        mover = self._check_turn(player)
        opening = self.board.is_empty
        hand = self._hands[mover]
        tile = placement.tile
        if opening and tile not in self._opening_tiles:
            raise ClassicError("wrong_opening", self._opening_explain(tile))
        if tile not in hand:
            raise ClassicError("tile_not_in_hand", f"player {mover} does not hold {tile.id}")
        try:
            outcome = self.board.play(placement)
        except PlacementError as error:
            raise ClassicError(error.code, error.detail) from None
        if opening and tile.is_triple:
            extra = self.ruleset.opening_bonus
            if tile.c == 0:
                extra += self.ruleset.triple_zero_extra
            outcome = MoveOutcome(outcome.points + extra, outcome.bonus)
        hand.remove(tile)
        self._score(mover, outcome.points)
        self._events.append(
            Placed(self._round, mover, placement, outcome.points, outcome.bonus, opening)
        )
        self._passes_in_a_row = 0
        if not hand:
            self._round_end_out(mover)
        else:
            self._turn_next()
        return outcome

    def draw(self, *, player: int | None = None) -> Tile:
        """Take the next tile of the well into the mover's hand (-5); return it."""
        mover = self._check_turn(player)
        refusal = self._draw_refusal()
        if refusal is not None:
            raise ClassicError(*refusal)
        tile = self._well.pop(0)
        self._hands[mover].append(tile)
        self._draws += 1
        points = self.ruleset.draw_points
        self._score(mover, points)
        self._events.append(Drew(self._round, mover, tile.id, points))
        return tile

    def pass_turn(self, *, player: int | None = None) -> None:
        """End the mover's turn without playing (-10): allowed after the last draw a
        turn allows, or when the well is empty. The round is blocked once every player
        has passed in turn with the well empty (any pass, by version 1's reading)."""
        mover = self._check_turn(player)
        refusal = self._pass_refusal()
        if refusal is not None:
            raise ClassicError(*refusal)
        points = self.ruleset.pass_points
        self._score(mover, points)
        self._events.append(Passed(self._round, mover, points))
        if pass_counts_toward_block(self.ruleset, len(self._well)):
            self._passes_in_a_row += 1
        else:
            self._passes_in_a_row = 0
        if self._passes_in_a_row == self.players:
            self._round_end_blocked()
        else:
            self._turn_next()

    # --- inside ------------------------------------------------------------------------

    def _check_turn(self, player: int | None) -> int:
        if self._over:
            raise ClassicError("game_over", "the game is over")
        if player is not None and player != self._turn:
            raise ClassicError(
                "not_your_turn", f"it is player {self._turn}'s turn, not player {player}'s"
            )
        return self._turn

    def _draw_refusal(self) -> tuple[str, str] | None:
        if self._over:
            return ("game_over", "the game is over")
        if self.board.is_empty:
            return ("opening_required", self._opening_explain(None))
        if not self._well:
            return ("well_empty", "the well is empty: play a tile or pass")
        limit = self.ruleset.max_draws_per_turn
        if self._draws >= limit:
            return ("draw_limit", f"{limit} draws is the most a turn allows: play a tile or pass")
        return None

    def _pass_refusal(self) -> tuple[str, str] | None:
        if self._over:
            return ("game_over", "the game is over")
        if self.board.is_empty:
            return ("opening_required", self._opening_explain(None))
        limit = self.ruleset.max_draws_per_turn
        if self._well and self._draws < limit:
            return (
                "pass_not_allowed",
                f"a player may pass only after {limit} draws or with an empty well "
                f"({self._draws} drawn this turn, {len(self._well)} left in the well)",
            )
        return None

    def _opening_explain(self, tile: Tile | None) -> str:
        return opening_explained(
            opener=self._opener, round_number=self._round, tiles=self._opening_tiles, tile=tile
        )

    def _score(self, player: int, points: int) -> None:
        self._scores[player] += points
        if self._scores[player] >= self.ruleset.target_score:
            self._reached_in_round = True

    def _turn_next(self) -> None:
        self._turn = (self._turn + 1) % self.players
        self._draws = 0

    def _round_start(self) -> None:
        self._round += 1
        index = self._round - 1
        order = (
            self._deals[index]
            if index < len(self._deals)
            else classic_deal_order(self.seed, self._round)
        )
        self._hands, self._well = round_dealt(order, players=self.players, size=self.deal_size)
        self._board = Board(self.ruleset)
        self._draws = 0
        self._passes_in_a_row = 0
        self._reached_in_round = False
        self._opener, self._opening_tiles = opening_of(self._hands)
        self._turn = self._opener
        self._events.append(
            RoundStarted(
                self._round,
                tuple(tuple(tile.id for tile in self.hand(p)) for p in range(self.players)),
                len(self._well),
                self._opener,
                tuple(tile.id for tile in self._opening_tiles),
            )
        )

    def _round_end_out(self, winner: int) -> None:
        others = sum(self.hand_value(p) for p in range(self.players) if p != winner)
        points = self.ruleset.going_out_bonus + others
        self._score(winner, points)
        self._round_end(RoundEnded(self._round, winner, "out", points, self._hand_values()))

    def _round_end_blocked(self) -> None:
        values = self._hand_values()
        winner, points = blocked_round_points(
            self.ruleset,
            set_rounds=self.rounds is not None,
            opener=self._opener,
            hand_values=values,
            hand_sizes=[len(hand) for hand in self._hands],
        )
        if winner is None:
            for player, lost in enumerate(points):
                self._score(player, lost)
                self._events.append(HandCounted(self._round, player, lost))
            self._round_end(RoundEnded(self._round, None, "blocked", 0, values))
            return
        self._score(winner, points[winner])
        self._round_end(RoundEnded(self._round, winner, "blocked", points[winner], values))

    def _hand_values(self) -> tuple[int, ...]:
        return tuple(self.hand_value(p) for p in range(self.players))

    def _round_end(self, event: RoundEnded) -> None:
        self._events.append(event)
        if game_ends_after_round(
            self.ruleset,
            rounds=self.rounds,
            round_number=self._round,
            reached_in_round=self._reached_in_round,
            scores=self._scores,
        ):
            top = max(self._scores)
            self._winners = tuple(p for p, score in enumerate(self._scores) if score == top)
            self._over = True
            self._events.append(GameEnded(self._round, self.scores, self._winners))
        else:
            self._round_start()

    def __repr__(self) -> str:
        state = "over" if self._over else f"round {self._round}, player {self._turn} to move"
        return f"<ClassicGame {self.players} players, {state}, scores {list(self._scores)}>"
