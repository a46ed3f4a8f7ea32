"""Why the replay refuses a move, a log or a challenge: the slow path, which runs once
per refused run to name the first rule broken (RULES.md's order) in a sentence.

The replay (``replay.py``) asks "is this move fine?" as cheaply as it can; only on a
"no" does it come here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from challenges.rules.board import Board
from challenges.rules.errors import ErrorCode, shown
from challenges.rules.geometry import Cell
from challenges.rules.moves import Placement
from challenges.rules.ruleset import Ruleset
from challenges.rules.tiles import TILE_IDS, TILES

__all__ = [
    "ReplayError",
    "challenge_problem",
    "clock_error",
    "describe",
    "draw_error",
    "malformed_detail",
    "placement_error",
]

TILE_COUNT = len(TILES)
SEQUENCES = (list, tuple)
ID_SET = frozenset(TILE_IDS)
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


def describe(value: object) -> str:
    """A short name for a JSON value's type, for error details."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def challenge_problem(tray: object, well: object, ruleset: Ruleset) -> str | None:
    """Why ``tray`` and ``well`` are not a challenge, or None when they are."""
    if (
        isinstance(tray, SEQUENCES)
        and isinstance(well, SEQUENCES)
        and len(tray) == ruleset.tray_size
        and len(tray) + len(well) == TILE_COUNT
    ):
        try:
            ids = set(tray)
            ids.update(well)
        except TypeError:  # an unhashable element: the slow path below names it
            ids = set()
        if len(ids) == TILE_COUNT and ids <= ID_SET:
            return None
    well_size = TILE_COUNT - ruleset.tray_size
    for name, tiles, size in (("tray", tray, ruleset.tray_size), ("well", well, well_size)):
        if not isinstance(tiles, SEQUENCES):
            return f"the {name} must be a list of tile ids, not {describe(tiles)}"
        if len(tiles) != size:
            return f"the {name} must hold {size} tiles, not {len(tiles)}"
        for tile_id in tiles:
            if type(tile_id) is not str or tile_id not in INDEX_BY_ID:
                return f"the {name} holds {shown(tile_id)}, which is not a tile id"
    return "the tray and the well must hold each of the 56 tiles exactly once"


def malformed_detail(raw: object) -> str:
    """Which part of a malformed move breaks the shape of RULES.md."""
    if not isinstance(raw, dict):
        return f"a move must be an object, not {describe(raw)}"
    t = raw.get("t")
    if type(t) is not int:
        return f"'t' must be an integer number of ms, not {describe(t)}"
    kind = raw.get("type")
    if kind not in ("place", "draw"):
        return f"'type' must be 'place' or 'draw', not {shown(kind)}"
    tile = raw.get("tile")
    if type(tile) is not str:
        return f"a placement's 'tile' must be a string, not {describe(tile)}"
    cell = raw.get("cell")
    if not (isinstance(cell, list | tuple) and len(cell) == 2):
        return f"a placement's 'cell' must be a list of two integers, not {describe(cell)}"
    if type(cell[0]) is not int or type(cell[1]) is not int:
        return (
            f"a placement's 'cell' must be two integers, not {describe(cell[0])}"
            f" and {describe(cell[1])}"
        )
    return f"a placement's 'rotation' must be an integer, not {describe(raw.get('rotation'))}"


def _tile_whereabouts(tile_index: int, board: Board, well: Sequence[int], next_draw: int) -> str:
    """Where a tile that is not in the tray is, for the detail of ``tile_not_in_tray``."""
    if tile_index in well[next_draw:]:
        position = well.index(tile_index) - next_draw + 1
        return f"it is still in the well ({position} draw{'s' if position > 1 else ''} away)"
    for placement in board.placements:
        if placement.tile.index == tile_index:
            cell = placement.cell
            return f"it is already on the board at [{cell.row}, {cell.col}]"
    return "it is not in this challenge"


def clock_error(
    index: int, t: int, last_t: int, limit: int, placed: int, max_t: int | None, ruleset: Ruleset
) -> ReplayError | None:
    """``time_over``, ``time_not_monotonic`` or ``run_over``: the rules of the table
    between the shape of a move and what it does."""
    if t < 0 or t > limit:
        return ReplayError(index, "time_over", _time_over_detail(t, max_t, ruleset))
    if t < last_t:
        return ReplayError(
            index, "time_not_monotonic", f"t={t} ms comes before the previous move's t={last_t} ms"
        )
    if placed == TILE_COUNT:
        return ReplayError(index, "run_over", "all 56 tiles are on the board: the run is over")
    return None


def draw_error(
    index: int, t: int, last_t: int, limit: int, placed: int, max_t: int | None, ruleset: Ruleset
) -> ReplayError:
    """Why a well-formed draw is refused."""
    error = clock_error(index, t, last_t, limit, placed, max_t, ruleset)
    return error or ReplayError(index, "well_empty", "the well is empty: nothing to draw")


def placement_error(
    index: int,
    tile_id: str,
    row: int,
    col: int,
    rotation: int,
    board: Board,
    in_tray: bytearray,
    well_order: list[int],
    next_draw: int,
) -> ReplayError:
    """The first of ``unknown_tile`` ... ``corner_mismatch`` that a well-formed, well-timed
    placement breaks, with its detail."""
    tile_index = INDEX_BY_ID.get(tile_id)
    if tile_index is None:
        return ReplayError(
            index,
            "unknown_tile",
            f"{shown(tile_id)} is not a tile id (expected 'a-b-c' with 0 <= a <= b <= c <= 5)",
        )
    if not in_tray[tile_index]:
        where = _tile_whereabouts(tile_index, board, well_order, next_draw)
        return ReplayError(index, "tile_not_in_tray", f"tile {tile_id} is not in the tray: {where}")
    error = board.check(Placement(TILES[tile_index], Cell(row, col), rotation))
    assert error is not None, "a placement the replay refused passes the board's check"
    return ReplayError(index, error.code, error.detail)


def _time_over_detail(t: int, max_t: int | None, ruleset: Ruleset) -> str:
    if t < 0:
        return f"t={shown(t)} ms is before the run started"
    if t > ruleset.time_limit_ms:
        return f"t={shown(t)} ms is past the {ruleset.time_limit_ms} ms a run lasts"
    return f"t={t} ms, but the server's clock had only reached {max_t} ms"
