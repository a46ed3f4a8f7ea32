"""Tile tables for legal-move generation, keyed by what a cell's corners demand.

An empty cell demands, at each of its three corners, either the number already on
that point or nothing (``FREE``). The three demands pack into one small integer
(:func:`demand_key`, ``0 .. 342``), and :data:`FITS` answers, for every tile and every
demand key, the rotations in which that tile fits: generating legal placements is then
one table lookup per (frontier cell, tray tile), with no arithmetic on numbers.
"""

from __future__ import annotations

from triominos.tiles import TILES

__all__ = ["CORNER_NUMBERS", "FITS", "FIT_MASKS", "FREE", "TILE_VALUES", "demand_key"]

FREE = 6
"""The demand of a corner whose point no tile touches yet: any number fits."""

_BASE = 7

CORNER_NUMBERS: tuple[tuple[int, int, int], ...] = tuple(
    tile.corner_numbers(rotation) for tile in TILES for rotation in (0, 1, 2)
)
"""Indexed by ``tile.index * 3 + rotation``: the numbers at corners 0, 1, 2."""

TILE_VALUES: tuple[int, ...] = tuple(tile.value for tile in TILES)


def demand_key(d0: int, d1: int, d2: int) -> int:
    """Pack three corner demands (each 0-5 or ``FREE``) into one table index."""
    return (d0 * _BASE + d1) * _BASE + d2


def _fits_of(tile_index: int) -> tuple[tuple[int, ...], ...]:
    rotations_by_key: list[list[int]] = [[] for _ in range(_BASE**3)]
    for rotation in (0, 1, 2):
        n0, n1, n2 = CORNER_NUMBERS[tile_index * 3 + rotation]
        for d0 in (n0, FREE):
            for d1 in (n1, FREE):
                for d2 in (n2, FREE):
                    rotations_by_key[demand_key(d0, d1, d2)].append(rotation)
    return tuple(tuple(rotations) for rotations in rotations_by_key)


FITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_fits_of(tile.index) for tile in TILES)
"""``FITS[tile.index][demand_key(...)]``: the rotations (ascending) in which the tile
shows every demanded number."""

FIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << tile.index for tile in TILES if FITS[tile.index][key]) for key in range(_BASE**3)
)
"""``FIT_MASKS[demand_key(...)]``: the tiles that fit in some rotation, one bit per
``tile.index``, so that one ``&`` tells whether any of a hand fits a cell."""
