"""The walk of a valid run that the review (``review.py``) and the timing measure
(``timing.py``) share: each placement with what its position offered, read off one
frontier. A submit measures both, and the frontier's walk was most of each.

Pure: no Django, nothing of the project beyond the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from triominos.board import Board
from triominos.frontier import Frontier, tiles_mask
from triominos.geometry import cell_pack
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.tiles import tile_parse

__all__ = ["PlacementSeen", "placements_seen"]


@dataclass(frozen=True, slots=True)
class PlacementSeen:
    """One placement of a run, and its position just before it was made."""

    move: int
    """Its index among the log's moves (draws included)."""
    t: int
    previous_t: int | None
    """The time of the move before it, a draw or a placement; None for the first move."""
    points_range: tuple[int, int] | None
    """The fewest and the most points a placement of the hand scored there, the clear
    bonus aside (``Frontier.points_range``)."""
    options: int
    """The (open cell, tile of the hand) pairs that fitted (``Frontier.options``)."""


def placements_seen(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    moves: object,
    ruleset: Ruleset = DEFAULT_RULESET,
    checked: bool = False,
) -> list[PlacementSeen]:
    """Each placement of ``moves``, of the challenge ``tray`` + ``well``, in order.
    Unchecked by default: the caller knows the placements legal (a witnessed run), as
    the frontier does not notice an illegal one. ``checked``: each is also played on a
    board, and ValueError says where one is not legal."""
    assert isinstance(moves, Sequence)
    board = Board(ruleset) if checked else None
    frontier = Frontier.of(Board(ruleset))
    hand = [tile_parse(tile_id) for tile_id in tray]
    remaining = [tile_parse(tile_id) for tile_id in well]
    seen: list[PlacementSeen] = []
    previous: int | None = None
    for index, raw in enumerate(moves):
        assert isinstance(raw, Mapping)
        t = int(raw["t"])
        if raw["type"] == "draw":
            hand.append(remaining.pop(0))
            previous = t
            continue
        mask = tiles_mask(hand)
        seen.append(
            PlacementSeen(
                move=index,
                t=t,
                previous_t=previous,
                points_range=frontier.points_range(mask),
                options=frontier.options(mask),
            )
        )
        tile = tile_parse(raw["tile"])
        row, col = raw["cell"]
        if board is not None:
            board.play_at(tile, row, col, raw["rotation"])
        frontier.push(cell_pack(row, col), tile.index * 3 + raw["rotation"])
        hand.remove(tile)
        previous = t
    return seen
