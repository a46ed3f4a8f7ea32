"""The analysis of a finished run: in every position, the best move there was.

For each move of a valid run (placement or draw) the best move available in that
position is the highest-scoring legal placement of the tray at hand (ties broken by the
engine's order: row, col, tile, rotation), or a draw when nothing fits and the well has
a tile. The points it would have made, against the points the move made, give the
points missed; :func:`analysis_biggest_misses` lists the biggest first, for a UI to
show "best move you missed: 4-5-5 at 2,1 rotation 1 for +50 (hexagon)".

Pure: no Django, nothing of the project beyond the engine's public names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triominos.board import Board
from triominos.moves import Move, Placement, move_parse
from triominos.replay import replay_challenge
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.scoring import MoveOutcome
from triominos.tiles import Tile, tile_parse

__all__ = [
    "MoveAnalysis",
    "RunAnalysis",
    "analysis_biggest_misses",
    "analysis_run",
    "best_placement",
]


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One move of the run beside the best move of its position.

    ``best`` is None for a draw as the best move (nothing fitted), and ``best_outcome``
    is then the draw's cost. ``missed`` is ``best_outcome.points - played.points``,
    never negative: the played move is one of the moves available.
    """

    index: int
    move: Move
    played: MoveOutcome
    best: Placement | None
    best_outcome: MoveOutcome

    @property
    def missed(self) -> int:
        return max(0, self.best_outcome.points - self.played.points)

    @property
    def best_is_draw(self) -> bool:
        return self.best is None

    def describe(self) -> str:
        """The sentence a UI shows, e.g. ``4-5-5 at 2,1 rotation 1 for +50 (hexagon)``."""
        points = self.best_outcome.points
        if self.best is None:
            return f"draw for {points}"
        tile, (row, col), rotation = self.best
        bonus = self.best_outcome.bonus
        shown = f"{tile.id} at {row},{col} rotation {rotation} for {points:+d}"
        return f"{shown} ({bonus.replace('_', ' ')})" if bonus else shown

    def to_json(self) -> dict[str, object]:
        return {
            "index": self.index,
            "move": self.move.to_json(),
            "played": self.played.to_json(),
            "best": None if self.best is None else self.best.to_json(),
            "best_outcome": self.best_outcome.to_json(),
            "missed": self.missed,
            "text": self.describe(),
        }


@dataclass(frozen=True, slots=True)
class RunAnalysis:
    """Every move of a run analysed, in the order they were played."""

    score: int
    moves: tuple[MoveAnalysis, ...]

    @property
    def points_missed(self) -> int:
        return sum(move.missed for move in self.moves)


def best_placement(
    board: Board, tray: Sequence[Tile], *, ruleset: Ruleset = DEFAULT_RULESET
) -> tuple[Placement, MoveOutcome] | None:
    """The highest-scoring legal placement of ``tray`` here (clear bonus included),
    first in the engine's order among equals; None when nothing fits."""
    best: tuple[Placement, MoveOutcome] | None = None
    completes = len(board) == ruleset.tile_count - 1
    for placement in board.legal_placements(tray):
        outcome = board.outcome(placement)
        if completes:
            outcome = MoveOutcome(outcome.points + ruleset.clear_bonus, outcome.bonus)
        if best is None or outcome.points > best[1].points:
            best = (placement, outcome)
    return best


def analysis_run(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> RunAnalysis:
    """Analyse the valid run ``log`` of the challenge ``tray`` + ``well``.

    ValueError when the run does not replay valid (the analysis is of finished,
    valid runs; the replay's error says what is wrong)."""
    result = replay_challenge(tray=tray, well=well, log=log, ruleset=ruleset)
    if not result.valid:
        error = result.error
        raise ValueError(f"not a valid run: {error.detail if error else 'refused'}")
    assert isinstance(log, dict)
    hand = [tile_parse(tile_id) for tile_id in tray]
    remaining = [tile_parse(tile_id) for tile_id in well]
    board = Board(ruleset)
    analysed: list[MoveAnalysis] = []
    for index, (raw, played) in enumerate(zip(log["moves"], result.moves, strict=True)):
        move = _move_from_json(raw)
        best = best_placement(board, hand, ruleset=ruleset)
        if best is None:
            draw = MoveOutcome(ruleset.draw_points, None)
            analysed.append(MoveAnalysis(index, move, played, None, draw))
        else:
            analysed.append(MoveAnalysis(index, move, played, best[0], best[1]))
        if move.placement is None:
            hand.append(remaining.pop(0))
        else:
            board.push(move.placement)
            hand.remove(move.placement.tile)
    return RunAnalysis(result.score, tuple(analysed))


def analysis_biggest_misses(
    analysis: RunAnalysis, *, limit: int | None = None
) -> list[MoveAnalysis]:
    """The moves that missed points, the biggest miss first (earlier move first among
    equals); at most ``limit`` of them."""
    misses = sorted((move for move in analysis.moves if move.missed > 0), key=_miss_order)
    return misses if limit is None else misses[:limit]


def _miss_order(move: MoveAnalysis) -> tuple[int, int]:
    return (-move.missed, move.index)


def _move_from_json(raw: object) -> Move:
    """A move of a log that already replayed valid, as a :class:`Move`."""
    assert isinstance(raw, dict)
    if raw["type"] == "draw":
        return move_parse(f"{raw['t']}:draw")
    row, col = raw["cell"]
    return move_parse(f"{raw['t']}:place:{raw['tile']}@{row},{col}r{raw['rotation']}")
