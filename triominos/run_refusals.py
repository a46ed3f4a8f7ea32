"""Why a run refuses a move or a challenge: the slow path, which runs once per refused
move to name the first rule broken (RULES.md's order) in a sentence.

A :class:`~triominos.run.ChallengeRun` asks "is this move fine?" as cheaply as it
can; only on a "no" does it come here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triominos.board import Board
from triominos.errors import ErrorCode, MoveError, shown
from triominos.moves import describe
from triominos.ruleset import Ruleset
from triominos.tiles import TILE_IDS, TILES, Tile

__all__ = [
    "INDEX_BY_ID",
    "NotAChallenge",
    "ReplayError",
    "challenge_problem",
    "clock_refusal",
    "draw_refusal",
    "tray_refusal",
]

_TILE_COUNT = len(TILES)
_SEQUENCES = (list, tuple)
_ID_SET = frozenset(TILE_IDS)
INDEX_BY_ID: dict[str, int] = {tile_id: index for index, tile_id in enumerate(TILE_IDS)}


@dataclass(frozen=True, slots=True)
class ReplayError:
    """The first bad move: its index in the log (None when the whole log or the
    challenge is refused), its RULES.md code and a sentence for a human."""

    move: int | None
    code: ErrorCode
    detail: str

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "code": self.code, "detail": self.detail}


class NotAChallenge(ValueError):
    """A tray and a well that are not a challenge; ``problem`` says why."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"not a challenge: {problem}")
        self.problem = problem


def challenge_problem(tray: object, well: object, ruleset: Ruleset) -> str | None:
    """Why ``tray`` and ``well`` are not a challenge, or None when they are."""
    if (
        isinstance(tray, _SEQUENCES)
        and isinstance(well, _SEQUENCES)
        and len(tray) == ruleset.tray_size
        and len(tray) + len(well) == _TILE_COUNT
    ):
        try:
            ids = set(tray)
            ids.update(well)
        except TypeError:  # an unhashable element: the slow path below names it
            ids = set()
        if len(ids) == _TILE_COUNT and ids <= _ID_SET:
            return None
    well_size = _TILE_COUNT - ruleset.tray_size
    for name, tiles, size in (("tray", tray, ruleset.tray_size), ("well", well, well_size)):
        if not isinstance(tiles, _SEQUENCES):
            return f"the {name} must be a list of tile ids, not {describe(tiles)}"
        if len(tiles) != size:
            return f"the {name} must hold {size} tiles, not {len(tiles)}"
        for tile_id in tiles:
            if type(tile_id) is not str or tile_id not in INDEX_BY_ID:
                return f"the {name} holds {shown(tile_id)}, which is not a tile id"
    return "the tray and the well must hold each of the 56 tiles exactly once"


def clock_refusal(
    t: int, last_t: int, limit: int, cleared: bool, max_t: int | None, ruleset: Ruleset
) -> MoveError | None:
    """``time_over``, ``time_not_monotonic`` or ``run_over``: the rules of the table
    between the shape of a move and what it does; None when the clock allows it."""
    if t < 0 or t > limit:
        return MoveError("time_over", _time_over_detail(t, max_t, ruleset))
    if t < last_t:
        return MoveError(
            "time_not_monotonic", f"t={t} ms comes before the previous move's t={last_t} ms"
        )
    if cleared:
        return MoveError("run_over", "all 56 tiles are on the board: the run is over")
    return None


def draw_refusal() -> MoveError:
    """Why a draw the clock allows is refused."""
    return MoveError("well_empty", "the well is empty: nothing to draw")


def tray_refusal(tile: Tile, board: Board, well: Sequence[int], drawn: int) -> MoveError:
    """``tile_not_in_tray``, saying where the tile is instead."""
    return MoveError(
        "tile_not_in_tray",
        f"tile {tile.id} is not in the tray: {_whereabouts(tile.index, board, well, drawn)}",
    )


def _whereabouts(tile_index: int, board: Board, well: Sequence[int], drawn: int) -> str:
    if tile_index in well[drawn:]:
        position = well.index(tile_index) - drawn + 1
        return f"it is still in the well ({position} draw{'s' if position > 1 else ''} away)"
    for placement in board.placements:
        if placement.tile.index == tile_index:
            cell = placement.cell
            return f"it is already on the board at [{cell.row}, {cell.col}]"
    return "it is not in this challenge"


def _time_over_detail(t: int, max_t: int | None, ruleset: Ruleset) -> str:
    if t < 0:
        return f"t={shown(t)} ms is before the run started"
    if t > ruleset.time_limit_ms:
        return f"t={shown(t)} ms is past the {ruleset.time_limit_ms} ms a run lasts"
    return f"t={t} ms, but the server's clock had only reached {max_t} ms"
