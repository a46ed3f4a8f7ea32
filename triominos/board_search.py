"""The questions a search asks a :class:`~triominos.board.Board` many times a second,
answered with bit masks of tile indices (``FIT_MASKS``) rather than by building every
placement: the best placement of a hand, and which tiles fit at all. The board's
containers are described in :mod:`triominos.board`; this mixin only reads them."""

from __future__ import annotations

from collections.abc import Iterable

from triominos.geometry import CELL_CORNER_OFFSETS, cell_unpack
from triominos.legal import FIT_MASKS, FITS, FREE, TILE_VALUES
from triominos.moves import Placement
from triominos.tiles import TILES, Tile

__all__ = ["BoardSearch"]

_WORTH_OVER: tuple[int, ...] = tuple(
    sum(1 << tile.index for tile in TILES if tile.value > least) for least in range(-1, 16)
)
"""``_WORTH_OVER[k + 1]``: the tiles worth more than ``k`` (-1 to 15), one bit each."""


class BoardSearch:
    """The search queries of :class:`~triominos.board.Board`, which holds the state."""

    __slots__ = ()
    _cells: dict[int, int]
    _points: dict[int, int]
    _reach: set[int]
    bonus_extra: tuple[int, ...]

    def best_placement(self, tiles: Iterable[Tile]) -> tuple[Placement | None, int]:
        """The placement of ``tiles`` worth the most points, the first of equals in
        :meth:`legal_placements`' order, and its points; ``(None, -1)`` if none fits.
        A play-out's hot path: one mask test a cell, and one :class:`Placement` built."""
        cells = self._cells
        hand = 0
        for tile in tiles:
            hand |= 1 << tile.index
        for tile_rotation in cells.values():
            hand &= ~(1 << (tile_rotation // 3))
        points = self._points
        extra = self.bonus_extra
        best, best_points, best_index = 0, -1, 0
        for packed in sorted(self._reach.difference(cells)):
            o0, o1, o2 = CELL_CORNER_OFFSETS[packed & 1]
            v0 = points.get(packed + o0, 0)
            v1 = points.get(packed + o1, 0)
            v2 = points.get(packed + o2, 0)
            key = ((v0 & 7 if v0 else FREE) * 7 + (v1 & 7 if v1 else FREE)) * 7 + (
                v2 & 7 if v2 else FREE
            )  # demand_key, written out: the hot loop
            fitting = hand & FIT_MASKS[key]
            if not fitting:
                continue
            bonus = extra[((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)]  # the bonus table
            while fitting:  # lowest index first, so the first of equals stays
                low = fitting & -fitting
                index = low.bit_length() - 1
                fitting ^= low
                if TILE_VALUES[index] + bonus > best_points:
                    best, best_points, best_index = packed, TILE_VALUES[index] + bonus, index
                    best_key = key
        if best_points < 0:
            return None, -1
        rotation = FITS[best_index][best_key][0]
        return Placement(TILES[best_index], cell_unpack(best), rotation), best_points

    def fitting_mask(self, over: int = -1) -> int:
        """The tiles not on the board that fit somewhere on it for more than ``over``
        points (any fit, by default), one bit per ``tile.index``: a search's question,
        answered without building a placement."""
        cells = self._cells
        points = self._points
        extra = self.bonus_extra
        fitting = 0
        for packed in self._reach.difference(cells):
            o0, o1, o2 = CELL_CORNER_OFFSETS[packed & 1]
            v0 = points.get(packed + o0, 0)
            v1 = points.get(packed + o1, 0)
            v2 = points.get(packed + o2, 0)
            key = ((v0 & 7 if v0 else FREE) * 7 + (v1 & 7 if v1 else FREE)) * 7 + (
                v2 & 7 if v2 else FREE
            )
            if over < 0:
                fitting |= FIT_MASKS[key]
                continue
            bonus = extra[((v0 >> 3) * 6 + (v1 >> 3)) * 6 + (v2 >> 3)]  # the bonus table
            fitting |= FIT_MASKS[key] & _WORTH_OVER[max(-1, min(15, over - bonus)) + 1]
        for tile_rotation in cells.values():
            fitting &= ~(1 << (tile_rotation // 3))
        return fitting
