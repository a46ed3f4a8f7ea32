"""Replaying a challenge run: a log in, the valid prefix with its score and the first
error out. Whatever the log is (any JSON value at all), the replay answers with a
:class:`ReplayResult`; it never raises.

The checks follow RULES.md's table top to bottom, so a move breaking several rules
gets the first code that applies: ``malformed``, ``time_over``, ``time_not_monotonic``,
``run_over``, ``well_empty``, ``unknown_tile``, ``tile_not_in_tray``, ``bad_rotation``,
then the board's ``cell_occupied``, ``first_not_at_origin``, ``not_adjacent`` and
``corner_mismatch``. Before any move, ``bad_challenge`` refuses a tray and well that
are not 9 + 47 distinct tiles making up the 56, and ``bad_log`` refuses a log that is
not an object with a list ``moves``; both have ``move`` None.

This is the server's hot path (every finished run goes through it), so the loop reads
the JSON directly and drives the board's packed-coordinate methods; the slow work of
writing a human detail happens only once, for the move that fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from challenges.rules.board import Board
from challenges.rules.errors import ErrorCode, shown
from challenges.rules.geometry import COORD_LIMIT, STRIDE, Cell
from challenges.rules.moves import Placement
from challenges.rules.ruleset import DEFAULT_RULESET, Ruleset
from challenges.rules.scoring import MoveOutcome, outcome_table
from challenges.rules.tiles import TILE_IDS, TILES

__all__ = ["ReplayError", "ReplayResult", "replay_challenge"]

_TILE_COUNT = len(TILES)
_SEQUENCES = (list, tuple)
_ID_SET = frozenset(TILE_IDS)
_INDEX_BY_ID: dict[str, int] = {tile_id: index for index, tile_id in enumerate(TILE_IDS)}


@dataclass(frozen=True, slots=True)
class ReplayError:
    """The first bad move: its index in the log (None when the whole log or the
    challenge is refused), its RULES.md code and a sentence for a human."""

    move: int | None
    code: ErrorCode
    detail: str

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "code": self.code, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of a replay: the valid prefix of the log, scored, and the first error.

    ``score`` is the total of the valid prefix (so of the whole run when ``valid``);
    ``moves`` holds one :class:`MoveOutcome` per valid move.
    """

    valid: bool
    score: int
    moves: tuple[MoveOutcome, ...]
    error: ReplayError | None
    tiles_placed: int
    draws: int
    board_cleared: bool

    def to_json(self) -> dict[str, object]:
        """``{"valid", "score", ["error",] "moves"}``, as the API and ``manage.py replay``
        print it."""
        result: dict[str, object] = {"valid": self.valid, "score": self.score}
        if self.error is not None:
            result["error"] = self.error.to_json()
        result["moves"] = [{"points": points, "bonus": bonus} for points, bonus in self.moves]
        return result

    @classmethod
    def refused(cls, code: ErrorCode, detail: str) -> ReplayResult:
        """The result for input refused before any move is replayed (``bad_log``,
        ``bad_challenge``): nothing valid, nothing scored."""
        return cls(
            valid=False,
            score=0,
            moves=(),
            error=ReplayError(None, code, detail),
            tiles_placed=0,
            draws=0,
            board_cleared=False,
        )


def _describe(value: object) -> str:
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


def _challenge_problem(tray: object, well: object, ruleset: Ruleset) -> str | None:
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
            return f"the {name} must be a list of tile ids, not {_describe(tiles)}"
        if len(tiles) != size:
            return f"the {name} must hold {size} tiles, not {len(tiles)}"
        for tile_id in tiles:
            if type(tile_id) is not str or tile_id not in _INDEX_BY_ID:
                return f"the {name} holds {shown(tile_id)}, which is not a tile id"
    return "the tray and the well must hold each of the 56 tiles exactly once"


def _malformed_detail(raw: object) -> str:
    """Which part of a malformed move breaks the shape of RULES.md."""
    if not isinstance(raw, dict):
        return f"a move must be an object, not {_describe(raw)}"
    t = raw.get("t")
    if type(t) is not int:
        return f"'t' must be an integer number of ms, not {_describe(t)}"
    kind = raw.get("type")
    if kind not in ("place", "draw"):
        return f"'type' must be 'place' or 'draw', not {shown(kind)}"
    tile = raw.get("tile")
    if type(tile) is not str:
        return f"a placement's 'tile' must be a string, not {_describe(tile)}"
    cell = raw.get("cell")
    if not (isinstance(cell, list | tuple) and len(cell) == 2):
        return f"a placement's 'cell' must be a list of two integers, not {_describe(cell)}"
    if type(cell[0]) is not int or type(cell[1]) is not int:
        return (
            f"a placement's 'cell' must be two integers, not {_describe(cell[0])}"
            f" and {_describe(cell[1])}"
        )
    return f"a placement's 'rotation' must be an integer, not {_describe(raw.get('rotation'))}"


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


def replay_challenge(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    max_t: int | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> ReplayResult:
    """Replay the run ``log`` on the challenge ``tray`` + ``well``; never raises.

    ``max_t`` lowers the time limit below ``ruleset.time_limit_ms``: the server passes
    the real time elapsed since the run started (plus slack), so no move may claim a
    time the server's clock had not reached.
    """
    problem = _challenge_problem(tray, well, ruleset)
    if problem is not None:
        return ReplayResult.refused("bad_challenge", problem)
    if max_t is not None and type(max_t) is not int:
        return ReplayResult.refused(
            "bad_challenge", f"max_t must be an integer or None, not {shown(max_t)}"
        )
    if not isinstance(log, dict):
        return ReplayResult.refused("bad_log", f"a run log must be an object, not {_describe(log)}")
    moves = log.get("moves")
    if not isinstance(moves, list):
        return ReplayResult.refused(
            "bad_log", f"a run log's 'moves' must be a list, not {_describe(moves)}"
        )

    limit = ruleset.time_limit_ms if max_t is None else min(max_t, ruleset.time_limit_ms)
    in_tray = bytearray(_TILE_COUNT)
    for tray_id in tray:
        in_tray[_INDEX_BY_ID[tray_id]] = 1
    well_order = list(map(_INDEX_BY_ID.__getitem__, well))
    well_size = len(well_order)
    board = Board(ruleset)
    place = board._place
    placement_outcomes = outcome_table(board.bonus_points)
    draw_points = ruleset.draw_points
    draw_outcome = MoveOutcome(draw_points, None)
    index_of = _INDEX_BY_ID.get
    outcomes: list[MoveOutcome] = []
    append = outcomes.append
    score = 0
    placed = 0
    next_draw = 0
    last_t = 0
    error: ReplayError | None = None

    # Module constants as locals: this loop runs for every run the server receives.
    full = _TILE_COUNT
    coord_limit = COORD_LIMIT
    stride = STRIDE
    sequences = _SEQUENCES

    # Each step asks "is this move fine?" as cheaply as it can; on the first "no", a
    # helper works out which rule of the table broke first and says why. Every valid
    # move adds one outcome, so a move's index is len(outcomes).
    tile_id: object
    cell: Any  # whatever the client sent; unpacked, then its type checked
    rotation: object
    row: object
    col: object
    for raw in moves:
        try:
            t = raw["t"]
            kind = raw["type"]
        except (KeyError, TypeError):  # not an object, or no "t" or "type"
            error = ReplayError(len(outcomes), "malformed", _malformed_detail(raw))
            break
        if type(t) is not int:
            error = ReplayError(len(outcomes), "malformed", _malformed_detail(raw))
            break
        if kind == "draw":
            # Once all 56 tiles are down the well is empty too: run_over or well_empty.
            if not last_t <= t <= limit or next_draw == well_size:
                error = _draw_error(len(outcomes), t, last_t, limit, placed, max_t, ruleset)
                break
            in_tray[well_order[next_draw]] = 1
            next_draw += 1
            score += draw_points
            append(draw_outcome)
            last_t = t
            continue

        try:
            tile_id = raw["tile"]
            cell = raw["cell"]
            rotation = raw["rotation"]
            row, col = cell
        except (KeyError, TypeError, ValueError):  # a field missing, or not a pair
            error = ReplayError(len(outcomes), "malformed", _malformed_detail(raw))
            break
        if (
            kind != "place"
            or type(tile_id) is not str
            or type(rotation) is not int
            or type(row) is not int
            or type(col) is not int
            or type(cell) not in sequences  # a set or a dict of two would unpack too
        ):
            error = ReplayError(len(outcomes), "malformed", _malformed_detail(raw))
            break
        if not last_t <= t <= limit:
            error = _clock_error(len(outcomes), t, last_t, limit, placed, max_t, ruleset)
            break
        # Packed cells are unique while |col| <= COORD_LIMIT, whatever the row. Once all
        # 56 tiles are down the tray is empty, so run_over lands in the helper too.
        tile_index = index_of(tile_id)
        if (
            tile_index is None
            or not in_tray[tile_index]
            or not 0 <= rotation <= 2
            or not -coord_limit <= col <= coord_limit
        ):
            bonus_code = -1
        else:
            bonus_code = place(row * stride + col, tile_index * 3 + rotation)
            if bonus_code >= 0:
                in_tray[tile_index] = 0
                placed += 1
                outcome = placement_outcomes[bonus_code][tile_index]
                if placed == full:
                    outcome = MoveOutcome(outcome.points + ruleset.clear_bonus, outcome.bonus)
                score += outcome[0]
                append(outcome)
                last_t = t
                continue
        index = len(outcomes)
        error = _clock_error(index, t, last_t, limit, placed, max_t, ruleset) or _placement_error(
            index, tile_id, row, col, rotation, board, in_tray, well_order, next_draw
        )
        break

    return ReplayResult(
        valid=error is None,
        score=score,
        moves=tuple(outcomes),
        error=error,
        tiles_placed=placed,
        draws=next_draw,
        board_cleared=placed == _TILE_COUNT,
    )


def _clock_error(
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
    if placed == _TILE_COUNT:
        return ReplayError(index, "run_over", "all 56 tiles are on the board: the run is over")
    return None


def _draw_error(
    index: int, t: int, last_t: int, limit: int, placed: int, max_t: int | None, ruleset: Ruleset
) -> ReplayError:
    """Why a well-formed draw is refused."""
    error = _clock_error(index, t, last_t, limit, placed, max_t, ruleset)
    return error or ReplayError(index, "well_empty", "the well is empty: nothing to draw")


def _placement_error(
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
    tile_index = _INDEX_BY_ID.get(tile_id)
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
