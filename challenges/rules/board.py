"""The board: which tile lies where, the number on every touched point, placement.

Two ways to put a tile down:

- :meth:`Board.play` checks the placement against RULES.md and raises a
  :class:`PlacementError` with the rule's code and a detail naming the cell and the
  corner; :meth:`Board.check` answers the same error without playing;
- :meth:`Board.push` trusts the caller (a search that only plays generated moves) and
  :meth:`Board.pop` takes the last tile back.

Both score the placement (tile value plus at most one bonus) under the board's
:class:`Ruleset`. The board does not know about trays, wells or turns: the challenge
replay and the classic game own those.

Inside, cells and points are packed integers (see :mod:`challenges.rules.geometry`):
``_cells`` maps a packed cell to ``tile.index * 3 + rotation``, ``_numbers`` maps a
packed point to its number, ``_touches`` counts the tiles around a point (six means a
closed hexagon), and ``_frontier`` holds the empty cells sharing an edge with a tile
(just the origin on an empty board), kept up to date by every push and pop.
"""

from __future__ import annotations

from collections.abc import Iterable

from challenges.rules.errors import ErrorCode, PlacementError
from challenges.rules.geometry import (
    CELL_CORNER_OFFSETS,
    CELL_NEIGHBOUR_OFFSETS,
    Cell,
    Point,
    cell_corners,
    cell_pack,
    cell_unpack,
    coords_packable,
    point_pack,
    point_unpack,
)
from challenges.rules.legal import CORNER_NUMBERS, FITS, FREE, demand_key
from challenges.rules.moves import Placement
from challenges.rules.ruleset import DEFAULT_RULESET, Ruleset
from challenges.rules.scoring import BONUS_BY_CODE, MoveOutcome
from challenges.rules.tiles import TILES, Tile

__all__ = ["Board"]

_ORIGIN = cell_pack(0, 0)


class Board:
    """A Tri-Ominos board, empty to start with. See the module docstring."""

    __slots__ = ("_cells", "_frontier", "_numbers", "_stack", "_touches", "bonus_points", "ruleset")

    def __init__(self, ruleset: Ruleset = DEFAULT_RULESET) -> None:
        self.ruleset = ruleset
        self.bonus_points: tuple[int, int, int, int, int] = (
            0,
            ruleset.bridge_bonus,
            ruleset.hexagon_bonus,
            ruleset.double_hexagon_bonus,
            ruleset.triple_hexagon_bonus,
        )
        """Points added for bonus codes 0 (none), 1 (bridge), 2-4 (one to three hexagons)."""
        self._cells: dict[int, int] = {}
        self._numbers: dict[int, int] = {}
        self._touches: dict[int, int] = {}
        self._frontier: set[int] = {_ORIGIN}
        self._stack: list[int] = []

    @classmethod
    def from_placements(
        cls, placements: Iterable[Placement], ruleset: Ruleset = DEFAULT_RULESET
    ) -> Board:
        """A board with ``placements`` played in order, each checked (PlacementError)."""
        board = cls(ruleset)
        for placement in placements:
            board.play(placement)
        return board

    def copy(self) -> Board:
        other = Board(self.ruleset)
        other._cells = dict(self._cells)
        other._numbers = dict(self._numbers)
        other._touches = dict(self._touches)
        other._frontier = set(self._frontier)
        other._stack = list(self._stack)
        return other

    # --- reading the position ------------------------------------------------------

    def __len__(self) -> int:
        """How many tiles lie on the board."""
        return len(self._stack)

    @property
    def is_empty(self) -> bool:
        return not self._stack

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The tiles on the board, in the order they went down."""
        return tuple(self._placement_at(packed) for packed in self._stack)

    @property
    def tiles(self) -> frozenset[Tile]:
        """The tiles on the board."""
        return frozenset(TILES[tr // 3] for tr in self._cells.values())

    def tile_at(self, cell: Cell) -> Placement | None:
        """The placement covering ``cell``, or None when it is empty."""
        if not coords_packable(*cell):
            return None
        packed = cell_pack(*cell)
        return self._placement_at(packed) if packed in self._cells else None

    def number_at(self, point: Point) -> int | None:
        """The number shown at ``point``, or None when no tile touches it."""
        if not coords_packable(*point):
            return None
        return self._numbers.get(point_pack(*point))

    def tiles_around(self, point: Point) -> int:
        """How many of the six cells around ``point`` hold a tile."""
        if not coords_packable(*point):
            return 0
        return self._touches.get(point_pack(*point), 0)

    def numbered_points(self) -> dict[Point, int]:
        """Every touched point and its number."""
        result: dict[Point, int] = {}
        for packed, number in self._numbers.items():
            result[point_unpack(packed)] = number
        return result

    def frontier(self) -> list[Cell]:
        """The empty cells a tile may go on: those sharing an edge with a tile, sorted
        by (row, col). On an empty board, just ``[0, 0]``."""
        return [cell_unpack(packed) for packed in sorted(self._frontier)]

    def corner_demands(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The number each corner of ``cell`` must show (None: any), from the points."""
        d0, d1, d2 = (self.number_at(point) for point in cell_corners(cell))
        return (d0, d1, d2)

    def _placement_at(self, packed: int) -> Placement:
        tile_rotation = self._cells[packed]
        return Placement(TILES[tile_rotation // 3], cell_unpack(packed), tile_rotation % 3)

    # --- checked play --------------------------------------------------------------

    def check(self, placement: Placement) -> PlacementError | None:
        """Why ``placement`` is illegal here (the first rule it breaks), or None.

        Checks rotation, empty cell, first tile at the origin, a shared edge, and the
        numbers at the corners, in RULES.md's order. Whether the tile is the player's
        to place is for the caller to say (tray, turn).
        """
        tile, (row, col), rotation = placement
        if type(rotation) is not int or not 0 <= rotation <= 2:
            return PlacementError("bad_rotation", f"rotation must be 0, 1 or 2, not {rotation!r}")
        if coords_packable(row, col):
            code = self._check_packed(cell_pack(row, col), tile.index * 3 + rotation)
        else:
            code = "first_not_at_origin" if self.is_empty else "not_adjacent"
        return None if code is None else PlacementError(code, self.explain(placement, code))

    def play(self, placement: Placement) -> MoveOutcome:
        """Put ``placement`` down if RULES.md allows it and return what it scores;
        raise :class:`PlacementError` (the board unchanged) if not."""
        error = self.check(placement)
        if error is not None:
            raise error
        return self.push(placement)

    def _check_packed(self, packed: int, tile_rotation: int) -> ErrorCode | None:
        """The fast part of :meth:`check`: the code only, for a packable cell and a
        valid rotation."""
        cells = self._cells
        if packed in cells:
            return "cell_occupied"
        if not cells:
            return None if packed == _ORIGIN else "first_not_at_origin"
        if packed not in self._frontier:
            return "not_adjacent"
        offsets = CELL_CORNER_OFFSETS[packed & 1]
        n0, n1, n2 = CORNER_NUMBERS[tile_rotation]
        numbers = self._numbers
        shown = numbers.get(packed + offsets[0], n0)
        if shown != n0:
            return "corner_mismatch"
        shown = numbers.get(packed + offsets[1], n1)
        if shown != n1:
            return "corner_mismatch"
        shown = numbers.get(packed + offsets[2], n2)
        if shown != n2:
            return "corner_mismatch"
        return None

    def explain(self, placement: Placement, code: ErrorCode) -> str:
        """A sentence for a human saying why ``placement`` breaks the rule ``code``."""
        tile, cell, rotation = placement
        where = f"[{cell.row}, {cell.col}]"
        if code == "bad_rotation":
            return f"rotation must be 0, 1 or 2, not {rotation!r}"
        if code == "cell_occupied":
            other = self.tile_at(cell)
            held = f" (by {other.tile.id})" if other is not None else ""
            return f"cell {where} is already taken{held}"
        if code == "first_not_at_origin":
            return f"the first tile must go on [0, 0], not on {where}"
        if code == "not_adjacent":
            return f"cell {where} shares no edge with a tile on the board"
        if code == "corner_mismatch":
            numbers = tile.corner_numbers(rotation)
            for corner, point in enumerate(cell_corners(cell)):
                shown = self.number_at(point)
                if shown is not None and shown != numbers[corner]:
                    return (
                        f"corner {corner} of {where} lands on point ({point.row}, {point.x}),"
                        f" which shows {shown}, but {tile.id} in rotation {rotation}"
                        f" puts {numbers[corner]} there"
                    )
        return f"{tile.id} on {where} in rotation {rotation} breaks the rule {code!r}"

    # --- unchecked play and undo ---------------------------------------------------

    def outcome(self, placement: Placement) -> MoveOutcome:
        """What ``placement`` would score here (legality not checked, board unchanged)."""
        tile, (row, col), _ = placement
        code = self._bonus_code(cell_pack(row, col))
        return MoveOutcome(tile.value + self.bonus_points[code], BONUS_BY_CODE[code])

    def push(self, placement: Placement) -> MoveOutcome:
        """Put ``placement`` down without checking it; return what it scores."""
        tile, (row, col), rotation = placement
        code = self._push(cell_pack(row, col), tile.index * 3 + rotation)
        return MoveOutcome(tile.value + self.bonus_points[code], BONUS_BY_CODE[code])

    def pop(self) -> Placement:
        """Take back the last tile put down (IndexError on an empty board)."""
        packed = self._stack[-1]
        placement = self._placement_at(packed)
        self._pop()
        return placement

    def _bonus_code(self, packed: int) -> int:
        """0 none, 1 bridge, 2-4 one to three hexagons, for a tile about to go on ``packed``."""
        offsets = CELL_CORNER_OFFSETS[packed & 1]
        touches = self._touches
        t0 = touches.get(packed + offsets[0], 0)
        t1 = touches.get(packed + offsets[1], 0)
        t2 = touches.get(packed + offsets[2], 0)
        hexagons = (t0 == 5) + (t1 == 5) + (t2 == 5)
        if hexagons:
            return hexagons + 1
        return 1 if t0 and t1 and t2 else 0

    def _push(self, packed: int, tile_rotation: int) -> int:
        """Put a tile down (packed cell, ``tile.index * 3 + rotation``); return its bonus
        code (see :meth:`_bonus_code`). The points are ``TILE_VALUES[tile.index] +
        self.bonus_points[code]``."""
        offsets = CELL_CORNER_OFFSETS[packed & 1]
        n0, n1, n2 = CORNER_NUMBERS[tile_rotation]
        touches = self._touches
        numbers = self._numbers
        p0 = packed + offsets[0]
        p1 = packed + offsets[1]
        p2 = packed + offsets[2]
        t0 = touches.get(p0, 0)
        t1 = touches.get(p1, 0)
        t2 = touches.get(p2, 0)
        touches[p0] = t0 + 1
        touches[p1] = t1 + 1
        touches[p2] = t2 + 1
        if not t0:
            numbers[p0] = n0
        if not t1:
            numbers[p1] = n1
        if not t2:
            numbers[p2] = n2

        cells = self._cells
        cells[packed] = tile_rotation
        self._stack.append(packed)
        frontier = self._frontier
        frontier.discard(packed)
        neighbours = CELL_NEIGHBOUR_OFFSETS[packed & 1]
        for neighbour in (packed + neighbours[0], packed + neighbours[1], packed + neighbours[2]):
            if neighbour not in cells:
                frontier.add(neighbour)

        hexagons = (t0 == 5) + (t1 == 5) + (t2 == 5)
        if hexagons:
            return hexagons + 1
        return 1 if t0 and t1 and t2 else 0

    def _pop(self) -> None:
        packed = self._stack.pop()
        cells = self._cells
        del cells[packed]
        touches = self._touches
        numbers = self._numbers
        for offset in CELL_CORNER_OFFSETS[packed & 1]:
            point = packed + offset
            left = touches[point] - 1
            if left:
                touches[point] = left
            else:
                del touches[point]
                del numbers[point]

        frontier = self._frontier
        if not cells:
            frontier.clear()
            frontier.add(_ORIGIN)
            return
        touching = False
        for offset in CELL_NEIGHBOUR_OFFSETS[packed & 1]:
            neighbour = packed + offset
            if neighbour in cells:
                touching = True
            elif not self._has_tile_neighbour(neighbour):
                frontier.discard(neighbour)
        if touching:
            frontier.add(packed)

    def _has_tile_neighbour(self, packed: int) -> bool:
        cells = self._cells
        return any(packed + offset in cells for offset in CELL_NEIGHBOUR_OFFSETS[packed & 1])

    # --- legal moves -----------------------------------------------------------------

    def legal_placements(self, tiles: Iterable[Tile]) -> list[Placement]:
        """Every legal placement of every tile in ``tiles`` (all rotations), sorted by
        (row, col, tile, rotation). A tile showing one number three times fits in all
        three rotations, and each counts, as each is a different move of the log.

        Tiles already on the board are skipped; duplicates in ``tiles`` count once.
        """
        placed = {tile_rotation // 3 for tile_rotation in self._cells.values()}
        tile_fits = [
            (TILES[index], FITS[index])
            for index in sorted({tile.index for tile in tiles})
            if index not in placed
        ]
        result: list[Placement] = []
        if not tile_fits:
            return result
        numbers = self._numbers
        append = result.append
        for packed in sorted(self._frontier):
            offsets = CELL_CORNER_OFFSETS[packed & 1]
            key = demand_key(
                numbers.get(packed + offsets[0], FREE),
                numbers.get(packed + offsets[1], FREE),
                numbers.get(packed + offsets[2], FREE),
            )
            cell: Cell | None = None
            for tile, fits in tile_fits:
                rotations = fits[key]
                if rotations:
                    if cell is None:
                        cell = cell_unpack(packed)
                    for rotation in rotations:
                        append(Placement(tile, cell, rotation))
        return result

    def has_legal_placement(self, tiles: Iterable[Tile]) -> bool:
        """True when at least one of ``tiles`` can go down somewhere."""
        placed = {tile_rotation // 3 for tile_rotation in self._cells.values()}
        fit_rows = [FITS[tile.index] for tile in tiles if tile.index not in placed]
        if not fit_rows:
            return False
        numbers = self._numbers
        for packed in self._frontier:
            offsets = CELL_CORNER_OFFSETS[packed & 1]
            key = demand_key(
                numbers.get(packed + offsets[0], FREE),
                numbers.get(packed + offsets[1], FREE),
                numbers.get(packed + offsets[2], FREE),
            )
            if any(fits[key] for fits in fit_rows):
                return True
        return False

    def __repr__(self) -> str:
        shown = " ".join(str(placement) for placement in self.placements)
        return f"<Board {len(self)} tiles: {shown}>" if shown else "<Board empty>"
