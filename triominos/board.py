"""The board: which tile lies where, the number on every touched point, placement.

Two ways to put a tile down:

- :meth:`Board.play` checks the placement against RULES.md and raises a
  :class:`PlacementError` with the rule's code and a detail naming the cell and the
  corner; :meth:`Board.check` answers the same error without playing;
- :meth:`Board.push` trusts the caller (a search that only plays generated moves) and
  :meth:`Board.pop` takes the last tile back.

A search's hot questions (a hand's best placement, which tiles fit anywhere) come
from :class:`~triominos.board_search.BoardSearch`, answered with bit masks.

Both score the placement (tile value plus at most one bonus) under the board's
:class:`Ruleset`. The board does not know about trays, wells or turns: the challenge
replay and the classic game own those.

Inside, cells and points are packed integers (see :mod:`triominos.geometry`),
and three containers hold the position:

- ``_cells`` maps a packed cell to ``tile.index * 3 + rotation``, in the order the
  tiles went down (a dict keeps it), so :meth:`Board.pop` takes its last item;
- ``_points`` maps every touched point to ``number + 8 * tiles_around``: one lookup
  answers both "which number must a corner show here" (``value & 7``) and "how many
  tiles touch it" (``value >> 3``), which with the other two corners indexes the
  ruleset's bonus table (:func:`~triominos.bonuses.bonus_codes`). An untouched point is
  absent (read as 0 or, for demands, ``FREE``);
- ``_reach`` holds every cell sharing an edge with a tile (the origin alone on an empty
  board). Its empty cells are the frontier, where tiles may go; it keeps occupied cells
  too, so that a push only adds the three neighbours, and a pop removes the cells it
  leaves with no tile alongside.
"""

from __future__ import annotations

from collections.abc import Iterable

from triominos.board_search import BoardSearch
from triominos.bonuses import bonus_codes, bonus_extra
from triominos.errors import ErrorCode, PlacementError, shown
from triominos.geometry import (
    CELL_CORNER_OFFSETS,
    CELL_NEIGHBOUR_OFFSETS,
    COORD_LIMIT,
    STRIDE,
    Cell,
    Point,
    cell_corners,
    cell_pack,
    cell_unpack,
    coords_packable,
    point_pack,
    point_unpack,
)
from triominos.legal import CORNER_NUMBERS, FITS, FREE, demand_key
from triominos.moves import Placement
from triominos.placement_refusals import placement_refusal_detail
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.scoring import MoveOutcome, outcome_table
from triominos.tiles import TILES, Tile

__all__ = ["Board"]

_ORIGIN = cell_pack(0, 0)
_LOWEST_COL = -COORD_LIMIT


REFUSALS: tuple[ErrorCode, ...] = (
    "cell_occupied",
    "first_not_at_origin",
    "not_adjacent",
    "corner_mismatch",
)
"""What a negative answer of :meth:`Board.place_packed` means: ``-1 - i`` is
``REFUSALS[i]``, in RULES.md's order."""


_PLANS: tuple[tuple[int, int, int, int, int, int, int, int, int], ...] = tuple(
    (*CELL_CORNER_OFFSETS[key & 1], *CORNER_NUMBERS[key >> 1], *CELL_NEIGHBOUR_OFFSETS[key & 1])
    for key in range(len(CORNER_NUMBERS) * 2)
)
"""What putting a tile down touches, by ``(tile.index * 3 + rotation) * 2 + parity``: the
offsets of the three corner points, the numbers they get, the offsets of the three
edge neighbours. One lookup instead of three on the hot path."""


class Board(BoardSearch):
    """A Tri-Ominos board, empty to start with. See the module docstring."""

    __slots__ = (
        "_cells",
        "_outcomes",
        "_points",
        "_reach",
        "bonus_codes",
        "bonus_extra",
        "ruleset",
    )

    def __init__(self, ruleset: Ruleset = DEFAULT_RULESET) -> None:
        self.ruleset = ruleset
        self.bonus_codes = bonus_codes(ruleset.bonuses)
        """The bonus code of every corner state (see :mod:`triominos.bonuses`)."""
        self.bonus_extra = bonus_extra(ruleset.bonuses)
        """The points that bonus adds, by the same index."""
        self._outcomes = outcome_table(ruleset.bonuses)
        self._cells: dict[int, int] = {}
        self._points: dict[int, int] = {}
        self._reach: set[int] = {_ORIGIN}

    @classmethod
    def from_placements(
        cls, placements: Iterable[Placement], ruleset: Ruleset = DEFAULT_RULESET
    ) -> Board:
        """A board with ``placements`` played in order, each checked (PlacementError)."""
        board = cls(ruleset)
        for placement in placements:
            board.play(placement)
        return board

    def packed_cells(self) -> list[tuple[int, int]]:
        """The position as ``(packed cell, tile.index * 3 + rotation)`` pairs, in the
        order the tiles went down: what :meth:`from_packed_cells` takes back."""
        return list(self._cells.items())

    @classmethod
    def from_packed_cells(
        cls, cells: Iterable[tuple[int, int]], ruleset: Ruleset = DEFAULT_RULESET
    ) -> Board:
        """A board rebuilt from :meth:`packed_cells` without checking the rules again:
        the caller kept a position that a checked replay reached."""
        board = cls(ruleset)
        place = board.place_packed
        for packed, tile_rotation in cells:
            place(packed, tile_rotation, False)
        return board

    def copy(self) -> Board:
        other = Board(self.ruleset)
        other._cells = dict(self._cells)
        other._points = dict(self._points)
        other._reach = set(self._reach)
        return other

    # --- reading the position ------------------------------------------------------

    def __len__(self) -> int:
        """How many tiles lie on the board."""
        return len(self._cells)

    @property
    def is_empty(self) -> bool:
        return not self._cells

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The tiles on the board, in the order they went down."""
        return tuple(self._placement_at(packed) for packed in self._cells)

    @property
    def tiles(self) -> frozenset[Tile]:
        """The tiles on the board."""
        return frozenset(TILES[tile_rotation // 3] for tile_rotation in self._cells.values())

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
        value = self._points.get(point_pack(*point))
        return None if value is None else value & 7

    def tiles_around(self, point: Point) -> int:
        """How many of the six cells around ``point`` hold a tile."""
        if not coords_packable(*point):
            return 0
        return self._points.get(point_pack(*point), 0) >> 3

    def numbered_points(self) -> dict[Point, int]:
        """Every touched point and its number."""
        return {point_unpack(packed): value & 7 for packed, value in self._points.items()}

    def frontier(self) -> list[Cell]:
        """The empty cells a tile may go on: those sharing an edge with a tile, sorted
        by (row, col). On an empty board, just ``[0, 0]``."""
        return [cell_unpack(packed) for packed in sorted(self._reach.difference(self._cells))]

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

        The same checks as :meth:`play`, which decides legality in one place
        (:meth:`place_packed`): a legal tile is put down and taken back. Whether the tile
        is the player's to place is for the caller to say (tray, turn).
        """
        try:
            self.play(placement)
        except PlacementError as refused:
            return refused
        self._pop()
        return None

    def play(self, placement: Placement) -> MoveOutcome:
        """Put ``placement`` down if RULES.md allows it and return what it scores;
        raise :class:`PlacementError` (the board unchanged) if not.

        Checks the rotation, then the cell through :meth:`place_packed`: empty, the
        first tile at the origin, a shared edge, the numbers at the corners, in
        RULES.md's order.
        """
        tile, (row, col), rotation = placement
        return self.play_at(tile, row, col, rotation)

    def play_at(self, tile: Tile, row: int, col: int, rotation: int) -> MoveOutcome:
        """:meth:`play` with the placement's fields apart, as a :class:`Move` holds them:
        the checked play of every move of a run."""
        if type(rotation) is not int or not 0 <= rotation <= 2:
            raise PlacementError(
                "bad_rotation", f"rotation must be 0, 1 or 2, not {shown(rotation)}"
            )
        refusal: ErrorCode
        # Packed cells are unique while |col| <= COORD_LIMIT, whatever the row.
        if _LOWEST_COL <= col <= COORD_LIMIT:
            index = tile.index
            code = self.place_packed(row * STRIDE + col, index * 3 + rotation)
            if code >= 0:
                return self._outcomes[code][index]
            refusal = REFUSALS[-code - 1]
        else:  # too far out to pack: no tile can be alongside
            refusal = "first_not_at_origin" if self.is_empty else "not_adjacent"
        placement = Placement(tile, Cell(row, col), rotation)
        raise PlacementError(refusal, placement_refusal_detail(self, placement, refusal))

    # --- unchecked play and undo ---------------------------------------------------

    def outcome(self, placement: Placement) -> MoveOutcome:
        """What ``placement`` would score here (legality not checked, board unchanged)."""
        tile, (row, col), _ = placement
        packed = cell_pack(row, col)
        points = self._points
        v0, v1, v2 = (points.get(packed + offset, 0) for offset in CELL_CORNER_OFFSETS[packed & 1])
        code = self.bonus_codes[((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)]
        return self._outcomes[code][tile.index]

    def push(self, placement: Placement) -> MoveOutcome:
        """Put ``placement`` down without checking it; return what it scores.

        For placements known to be legal (from :meth:`legal_placements`, or checked):
        anything else leaves the board inconsistent."""
        tile, (row, col), rotation = placement
        index = tile.index
        code = self.place_packed(row * STRIDE + col, index * 3 + rotation, False)
        return self._outcomes[code][index]

    def pop(self) -> Placement:
        """Take back the last tile put down (IndexError on an empty board)."""
        if not self._cells:
            raise IndexError("pop from an empty board")
        packed, tile_rotation = self._pop()
        return Placement(TILES[tile_rotation // 3], cell_unpack(packed), tile_rotation % 3)

    def place_packed(self, packed: int, tile_rotation: int, check: bool = True) -> int:
        """Put a tile down and return its bonus code: 0 none, ``i + 1`` for the
        ruleset's ``bonuses[i]`` (:func:`~triominos.bonuses.bonus_codes`).

        With ``check``, first make sure RULES.md allows it, and if not return the
        rule it breaks as a negative number (the board unchanged): ``-1 - i`` for
        ``REFUSALS[i]``. This is the one place the board decides legality, and the
        replay's hot path: it reads each corner point once, for the check and the update.
        Without ``check`` the caller vouches for the placement (search, a stored position).
        """
        o0, o1, o2, n0, n1, n2, e0, e1, e2 = _PLANS[tile_rotation * 2 + (packed & 1)]
        points = self._points
        p0 = packed + o0
        p1 = packed + o1
        p2 = packed + o2
        v0 = points.get(p0, 0)
        v1 = points.get(p1, 0)
        v2 = points.get(p2, 0)
        cells = self._cells
        if check:
            if packed in cells:
                return -1  # cell_occupied
            if not cells:
                if packed != _ORIGIN:
                    return -2  # first_not_at_origin
            elif packed not in self._reach:
                return -3  # not_adjacent
            elif (v0 and v0 & 7 != n0) or (v1 and v1 & 7 != n1) or (v2 and v2 & 7 != n2):
                return -4  # corner_mismatch
        # A touched point keeps its number and counts one more tile; a new one takes
        # the tile's number.
        points[p0] = (v0 or n0) + 8
        points[p1] = (v1 or n1) + 8
        points[p2] = (v2 or n2) + 8
        cells[packed] = tile_rotation
        add = self._reach.add
        add(packed + e0)
        add(packed + e1)
        add(packed + e2)
        if v0 and v1 and v2:  # every bonus needs the three corners touched already
            return self.bonus_codes[((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)]
        return 0

    def _pop(self) -> tuple[int, int]:
        """Take the last tile back; return its packed cell and ``tile.index * 3 + rotation``."""
        cells = self._cells
        packed, tile_rotation = cells.popitem()
        points = self._points
        for offset in CELL_CORNER_OFFSETS[packed & 1]:
            point = packed + offset
            value = points[point] - 8
            if value >= 8:
                points[point] = value
            else:
                del points[point]

        reach = self._reach
        if not cells:
            reach.clear()
            reach.add(_ORIGIN)
            return packed, tile_rotation
        # The cell and its empty neighbours stay in reach only if a tile still sits
        # alongside them.
        neighbours = CELL_NEIGHBOUR_OFFSETS[packed & 1]
        for cell in (
            packed,
            packed + neighbours[0],
            packed + neighbours[1],
            packed + neighbours[2],
        ):
            if cell not in cells:
                around = CELL_NEIGHBOUR_OFFSETS[cell & 1]
                if (
                    cell + around[0] not in cells
                    and cell + around[1] not in cells
                    and cell + around[2] not in cells
                ):
                    reach.discard(cell)
        return packed, tile_rotation

    # --- legal moves -----------------------------------------------------------------

    def legal_placements(self, tiles: Iterable[Tile]) -> list[Placement]:
        """Every legal placement of every tile in ``tiles`` (all rotations), sorted by
        (row, col, tile, rotation). A tile showing one number three times fits in all
        three rotations, and each counts, as each is a different move of the log.

        Tiles already on the board are skipped; duplicates in ``tiles`` count once.
        """
        cells = self._cells
        placed = {tile_rotation // 3 for tile_rotation in cells.values()}
        tile_fits = [
            (TILES[index], FITS[index])
            for index in sorted({tile.index for tile in tiles})
            if index not in placed
        ]
        result: list[Placement] = []
        if not tile_fits:
            return result
        points = self._points
        append = result.append
        for packed in sorted(self._reach.difference(cells)):
            offsets = CELL_CORNER_OFFSETS[packed & 1]
            # The hot loop of search: _demand_key's body written out here, with the
            # offsets and the board read once for the whole loop, not once a cell.
            key = demand_key(
                points.get(packed + offsets[0], FREE) & 7,
                points.get(packed + offsets[1], FREE) & 7,
                points.get(packed + offsets[2], FREE) & 7,
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

    def legal_placements_at(self, cell: Cell, tiles: Iterable[Tile]) -> list[Placement]:
        """The legal placements of ``tiles`` on ``cell`` (all rotations), sorted by
        (tile, rotation); empty when the cell is taken or shares no edge with a tile."""
        if not coords_packable(*cell):
            return []
        packed = cell_pack(*cell)
        cells = self._cells
        if packed in cells or packed not in self._reach:
            return []
        placed = {tile_rotation // 3 for tile_rotation in cells.values()}
        key = self._demand_key(packed)
        cell = Cell(*cell)
        return [
            Placement(TILES[index], cell, rotation)
            for index in sorted({tile.index for tile in tiles} - placed)
            for rotation in FITS[index][key]
        ]

    def has_legal_placement(self, tiles: Iterable[Tile]) -> bool:
        """True when at least one of ``tiles`` can go down somewhere."""
        cells = self._cells
        placed = {tile_rotation // 3 for tile_rotation in cells.values()}
        fit_rows = [FITS[tile.index] for tile in tiles if tile.index not in placed]
        if not fit_rows:
            return False
        for packed in self._reach.difference(cells):
            key = self._demand_key(packed)
            if any(fits[key] for fits in fit_rows):
                return True
        return False

    def _demand_key(self, packed: int) -> int:
        """What the corners of the empty cell ``packed`` demand, as a ``FITS`` index
        (an untouched corner reads FREE, a touched one its number)."""
        points = self._points
        offsets = CELL_CORNER_OFFSETS[packed & 1]
        return demand_key(
            points.get(packed + offsets[0], FREE) & 7,
            points.get(packed + offsets[1], FREE) & 7,
            points.get(packed + offsets[2], FREE) & 7,
        )

    def __repr__(self) -> str:
        shown = " ".join(str(placement) for placement in self.placements)
        return f"<Board {len(self)} tiles: {shown}>" if shown else "<Board empty>"
