"""A referee of the classic game written from RULES.md ("Classic rules"), not from the
engine: it reads a game's events as the API's replay gives them and says, event by
event, whether the rulebooks allow it and score it so.

It knows the rules in its own words: the deal sizes, the opening (highest triple, +10,
+40 for three 0s, else the highest tile for its value), draws (-5, at most 3 a turn,
never from an empty well), passes (-10, only after 3 draws or with the well empty),
going out (+25 and the other hands), a round blocked only when the well is empty and
every player passes in turn, a blocked round scored by the game's length, and a game to
400 ending with the round in which a total reached 400. Placements go through the
test oracle's board (tests/engine/reference.py), which types the geometry in again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.engine.reference import ReferenceBoard

DEAL_SIZES = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
BONUS_POINTS = {"bridge": 40, "hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70}
DRAW, PASS, GOING_OUT, TARGET, MAX_DRAWS = -5, -10, 25, 400, 3


class Disagreement(AssertionError):
    """The game did something the rulebooks do not allow, or scored it otherwise."""


def numbers(tile: str) -> tuple[int, int, int]:
    a, b, c = (int(part) for part in tile.split("-"))
    return (a, b, c)


def value(tile: str) -> int:
    return sum(numbers(tile))


def is_triple(tile: str) -> bool:
    return len(set(numbers(tile))) == 1


def opening_of(hands: list[list[str]]) -> tuple[int, list[str]]:
    """Who opens and with which tiles: the highest triple (three 0s too, if its holder
    has both), else the highest-valued tile (ties: the higher numbers read from the
    largest down), any of that holder's tiles of that value."""
    held = [(seat, tile) for seat, hand in enumerate(hands) for tile in hand]
    triples = [(seat, tile) for seat, tile in held if is_triple(tile)]
    if triples:
        seat, tile = max(triples, key=lambda pair: numbers(pair[1])[0])
        choices = [tile]
        if tile != "0-0-0" and "0-0-0" in hands[seat]:
            choices.append("0-0-0")
        return seat, choices
    seat, tile = max(
        held, key=lambda pair: (value(pair[1]), sorted(numbers(pair[1]), reverse=True))
    )
    return seat, [other for other in hands[seat] if value(other) == value(tile)]


@dataclass
class Referee:
    players: int
    one_round: bool
    scores: list[int] = field(default_factory=list)
    events_checked: int = 0
    round: int = 0
    over: bool = False
    # The round being played.
    board: ReferenceBoard = field(default_factory=ReferenceBoard)
    hands: list[list[str]] = field(default_factory=list)
    well: int = 0
    turn: int = 0
    opener: int = 0
    opening_tiles: list[str] = field(default_factory=list)
    draws: int = 0
    passes_with_empty_well: int = 0
    counted: int = 0
    reached: bool = False
    expect: str = "round_started"
    """What must come next: "round_started", "play", "out", "blocked" or "game_end"."""
    scores_after: list[list[int]] = field(default_factory=list)
    """The scores after each event, for the API's answers to be compared with."""

    def __post_init__(self) -> None:
        self.scores = [0] * self.players

    def fail(self, event: dict[str, Any], why: str) -> None:
        raise Disagreement(f"event {self.events_checked} {event}: {why}")

    def check(self, event: dict[str, Any]) -> None:
        if self.over:
            self.fail(event, "the game was over")
        kind = event["event"]
        if self.expect == "round_started" and kind != "round_started":
            self.fail(event, "a round should start here")
        if self.expect == "out" and kind != "round_ended":
            self.fail(event, "the round should end: a hand is empty")
        if self.expect == "blocked" and kind not in ("hand_counted", "round_ended"):
            self.fail(event, "the round is blocked")
        if self.expect == "game_end" and kind != "game_ended":
            self.fail(event, "the game should end here")
        getattr(self, f"_{kind}")(event)
        self.events_checked += 1
        self.scores_after.append(list(self.scores))

    def _add(self, event: dict[str, Any], seat: int, points: int) -> None:
        if event["points"] != points:
            self.fail(event, f"scores {event['points']}, the rules say {points}")
        self.scores[seat] += points
        if self.scores[seat] >= TARGET:
            self.reached = True

    def _round_started(self, event: dict[str, Any]) -> None:
        if self.expect != "round_started":
            self.fail(event, "no round may start here")
        self.round += 1
        hands = [list(hand) for hand in event["hands"]]
        size = DEAL_SIZES[self.players]
        if event["round"] != self.round or any(len(hand) != size for hand in hands):
            self.fail(event, f"round {self.round} deals {size} tiles to each")
        dealt = [tile for hand in hands for tile in hand]
        if len(set(dealt)) != len(dealt) or len(dealt) + event["well_size"] != 56:
            self.fail(event, "the hands and the well hold the 56 tiles once each")
        opener, choices = opening_of(hands)
        if event["opener"] != opener or sorted(event["opening_tiles"]) != sorted(choices):
            self.fail(event, f"player {opener} opens with one of {choices}")
        self.board = ReferenceBoard()
        self.hands, self.well = hands, event["well_size"]
        self.turn = self.opener = opener
        self.opening_tiles = choices
        self.draws = self.passes_with_empty_well = 0
        self.reached = False
        self.expect = "play"

    def _placed(self, event: dict[str, Any]) -> None:
        seat, tile = event["player"], event["tile"]
        cell = (event["cell"][0], event["cell"][1])
        if seat != self.turn or self.expect != "play":
            self.fail(event, f"it is player {self.turn}'s turn to play")
        if tile not in self.hands[seat]:
            self.fail(event, f"player {seat} does not hold {tile}")
        opening = not self.board.cells
        if event["opening"] != opening:
            self.fail(event, "the opening is the round's first tile")
        if opening and tile not in self.opening_tiles:
            self.fail(event, f"the round opens with one of {self.opening_tiles}")
        refused = self.board.error(tile, cell, event["rotation"])
        if refused is not None:
            self.fail(event, f"the placement breaks {refused}")
        points, bonus = self.board.score(tile, cell)
        if bonus is not None and points != value(tile) + BONUS_POINTS[bonus]:
            self.fail(event, f"a {bonus} is worth {BONUS_POINTS[bonus]}")
        if opening and is_triple(tile):
            points += 10 + (30 if tile == "0-0-0" else 0)
        if event["bonus"] != bonus:
            self.fail(event, f"the bonus is {bonus}")
        self.board.place(tile, cell, event["rotation"])
        self.hands[seat].remove(tile)
        self._add(event, seat, points)
        self.passes_with_empty_well = 0
        if not self.hands[seat]:
            self.expect = "out"
        else:
            self._next_turn()

    def _drew(self, event: dict[str, Any]) -> None:
        seat, tile = event["player"], event["tile"]
        if seat != self.turn or self.expect != "play":
            self.fail(event, f"it is player {self.turn}'s turn")
        if not self.board.cells:
            self.fail(event, "nobody draws before the opening")
        if self.well == 0 or self.draws >= MAX_DRAWS:
            self.fail(event, "a draw needs a tile in the well and at most 3 a turn")
        placed = {f"{a}-{b}-{c}" for a, b, c in (sorted(n) for n in self.board.cells.values())}
        if any(tile in hand for hand in self.hands) or tile in placed:
            self.fail(event, f"{tile} is already in play")
        self.well -= 1
        self.draws += 1
        self.hands[seat].append(tile)
        self._add(event, seat, DRAW)

    def _passed(self, event: dict[str, Any]) -> None:
        seat = event["player"]
        if seat != self.turn or self.expect != "play":
            self.fail(event, f"it is player {self.turn}'s turn")
        if not self.board.cells or (self.well and self.draws < MAX_DRAWS):
            self.fail(event, "a pass comes after 3 draws, or with the well empty")
        self._add(event, seat, PASS)
        if self.well == 0:
            self.passes_with_empty_well += 1
        else:
            self.passes_with_empty_well = 0
        if self.passes_with_empty_well == self.players:
            self.expect = "blocked"
            self.counted = 0
        else:
            self._next_turn()

    def _hand_counted(self, event: dict[str, Any]) -> None:
        if self.expect != "blocked" or not self.one_round:
            self.fail(event, "hands are counted only at a blocked single round's end")
        seat = event["player"]
        if seat != self.counted:
            self.fail(event, f"player {self.counted}'s hand is counted next")
        self._add(event, seat, -sum(map(value, self.hands[seat])))
        self.counted += 1

    def _round_ended(self, event: dict[str, Any]) -> None:
        values = [sum(map(value, hand)) for hand in self.hands]
        if event["hand_values"] != values:
            self.fail(event, f"the hands are worth {values}")
        if self.expect == "out":
            winner = next(seat for seat, hand in enumerate(self.hands) if not hand)
            if (event["reason"], event["player"]) != ("out", winner):
                self.fail(event, f"player {winner} went out")
            self._add(event, winner, GOING_OUT + sum(values))
        elif self.expect == "blocked" and self.one_round:
            if self.counted != self.players:
                self.fail(event, "every hand is counted before a blocked single round ends")
            if (event["reason"], event["player"], event["points"]) != ("blocked", None, 0):
                self.fail(event, "nobody wins a blocked single round")
        elif self.expect == "blocked":
            order = [(self.opener + k) % self.players for k in range(self.players)]
            winner = min(order, key=lambda seat: (values[seat], len(self.hands[seat])))
            if (event["reason"], event["player"]) != ("blocked", winner):
                self.fail(event, f"player {winner} has the lowest hand")
            self._add(event, winner, sum(values) - 2 * values[winner])
        else:
            self.fail(event, "the round is not over")
        last = self.one_round or self.reached
        self.expect = "game_end" if last else "round_started"

    def _game_ended(self, event: dict[str, Any]) -> None:
        if self.expect != "game_end":
            self.fail(event, "the game is not over")
        top = max(self.scores)
        winners = [seat for seat, score in enumerate(self.scores) if score == top]
        if (event["round"], event["scores"], event["winners"]) != (
            self.round,
            self.scores,
            winners,
        ):
            self.fail(event, f"round {self.round} ends it at {self.scores}, won by {winners}")
        self.over = True

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.draws = 0
