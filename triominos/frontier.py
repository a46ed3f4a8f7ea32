"""A board's frontier kept up to date tile by tile, for play-outs.

:meth:`~triominos.board_search.BoardSearch.best_placement` reads every open cell's
three corner points on each call. A play-out asks it every turn, while a tile changes
only the cells around its three corners; :class:`Frontier` keeps each open cell's
demand (the tiles that fit it and the bonus a tile there scores) and, after a push,
reads again only the cells around the points that tile touched. Hands are bit masks
of tile indices, as :data:`~triominos.legal.FIT_MASKS` are, so a play-out builds
neither placements nor lists.

It answers as the board would: the same best placement (the first of equals in
:meth:`~triominos.board.Board.legal_placements`' order) and the same fitting tiles.
It reads the board's containers as :mod:`triominos.board_search` does.
"""

from __future__ import annotations

from collections.abc import Iterable

from triominos.board import Board
from triominos.geometry import CELL_CORNER_OFFSETS, CELL_NEIGHBOUR_OFFSETS, POINT_CELL_OFFSETS
from triominos.legal import CORNER_NUMBERS, FIT_MASKS, FITS, FREE, TILE_VALUES
from triominos.tiles import Tile

__all__ = ["Frontier", "tiles_mask"]

# An open cell's demand: (tiles that fit, one bit per index; bonus points a tile there
# scores; the demand key, for the rotation).
_Demand = tuple[int, int, int]

_SHARING_A_CORNER: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(sorted({corner + around for corner in corners for around in POINT_CELL_OFFSETS} - {0}))
    for corners in CELL_CORNER_OFFSETS
)
"""The offsets of the twelve cells that share a corner with a cell, by its parity."""


def tiles_mask(tiles: Iterable[Tile]) -> int:
    """``tiles`` as a bit mask, one bit per ``tile.index``."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


class Frontier:
    """The open cells of a board and what each demands, with the board's points, apart
    from the board: tiles go down through :meth:`push` and a play-out drops its
    :meth:`copy` at the end, rather than taking each tile back."""

    __slots__ = ("_bonus_extra", "_demands", "_occupied", "_points", "on_board")

    def __init__(
        self,
        bonus_extra: tuple[int, ...],
        points: dict[int, int],
        occupied: set[int],
        demands: dict[int, _Demand],
        on_board: int,
    ) -> None:
        self._bonus_extra = bonus_extra
        self._points = points
        self._occupied = occupied
        self._demands = demands
        self.on_board = on_board
        """The tiles on the board, one bit per index."""

    @classmethod
    def of(cls, board: Board) -> Frontier:
        cells = board._cells
        on_board = 0
        for tile_rotation in cells.values():
            on_board |= 1 << (tile_rotation // 3)
        frontier = cls(board.bonus_extra, dict(board._points), set(cells), {}, on_board)
        for packed in board._reach.difference(cells):
            frontier._demands[packed] = frontier._demand(packed)
        return frontier

    def copy(self) -> Frontier:
        return Frontier(
            self._bonus_extra,
            dict(self._points),
            set(self._occupied),
            dict(self._demands),
            self.on_board,
        )

    def _demand(self, packed: int) -> _Demand:
        points = self._points
        o0, o1, o2 = CELL_CORNER_OFFSETS[packed & 1]
        v0 = points.get(packed + o0, 0)
        v1 = points.get(packed + o1, 0)
        v2 = points.get(packed + o2, 0)
        key = ((v0 & 7 if v0 else FREE) * 7 + (v1 & 7 if v1 else FREE)) * 7 + (
            v2 & 7 if v2 else FREE
        )
        bonus = self._bonus_extra[((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)]
        return FIT_MASKS[key], bonus, key

    def fitting(self) -> int:
        """The tiles not on the board that fit somewhere, one bit per index."""
        fitting = 0
        for mask, _, _ in self._demands.values():
            fitting |= mask
        return fitting & ~self.on_board

    def best(self, hand: int) -> tuple[int, int, int] | None:
        """The best placement of the tiles in ``hand`` (a mask) as ``(packed cell,
        tile.index * 3 + rotation, points)``, the first of equals in the board's
        order (lowest cell, then lowest tile); None if none fits."""
        hand &= ~self.on_board
        best_points = -1
        best_packed = best_index = best_key = 0
        for packed, (mask, bonus, key) in self._demands.items():
            fitting = hand & mask
            while fitting:  # lowest index first: the first of equals in a cell stays
                low = fitting & -fitting
                index = low.bit_length() - 1
                fitting ^= low
                points = TILE_VALUES[index] + bonus
                if points > best_points or (points == best_points and packed < best_packed):
                    best_points, best_packed, best_index, best_key = points, packed, index, key
        if best_points < 0:
            return None
        return best_packed, best_index * 3 + FITS[best_index][best_key][0], best_points

    def points_range(self, hand: int) -> tuple[int, int] | None:
        """The fewest and the most points a placement of the tiles in ``hand`` (a mask)
        scores here, the clear bonus aside; None if none fits. The review asks it at
        every placement of a run."""
        hand &= ~self.on_board
        lowest, highest = 1 << 30, -1
        for mask, bonus, _ in self._demands.values():
            fitting = hand & mask
            while fitting:
                low = fitting & -fitting
                fitting ^= low
                points = TILE_VALUES[low.bit_length() - 1] + bonus
                if points < lowest:
                    lowest = points
                if points > highest:
                    highest = points
        return None if highest < 0 else (lowest, highest)

    def options(self, hand: int) -> int:
        """How many (open cell, tile of ``hand``) pairs fit here: what a player has to
        look at (a tile fitting a cell in several rotations counts once)."""
        hand &= ~self.on_board
        return sum((hand & mask).bit_count() for mask, _, _ in self._demands.values())

    def push(self, packed: int, tile_rotation: int) -> None:
        """Put a tile down (trusted, as :meth:`Board.push`): its corners' points, then
        the open cells around them read again, its edge neighbours opened."""
        points = self._points
        numbers = CORNER_NUMBERS[tile_rotation]
        corners = CELL_CORNER_OFFSETS[packed & 1]
        for offset, number in zip(corners, numbers, strict=True):
            point = packed + offset
            points[point] = (points.get(point) or number) + 8
        self.on_board |= 1 << (tile_rotation // 3)
        occupied = self._occupied
        occupied.add(packed)
        demands = self._demands
        del demands[packed]
        for offset in CELL_NEIGHBOUR_OFFSETS[packed & 1]:
            if packed + offset not in occupied:
                demands[packed + offset] = (0, 0, 0)  # open now; read below
        for offset in _SHARING_A_CORNER[packed & 1]:
            cell = packed + offset
            if cell in demands:
                demands[cell] = self._demand(cell)
