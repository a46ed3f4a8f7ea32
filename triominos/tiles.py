"""The 56 Tri-Ominos tiles, their canonical ids and their corner numbers.

A tile holds three numbers 0-5 that ascend clockwise: ``a <= b <= c``. Its id is
``"a-b-c"`` in that order; no other spelling names a tile. Every tile exists once, so
the module builds all 56 at import and :func:`tile_parse` hands out those instances.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement

__all__ = [
    "TILES",
    "TILE_IDS",
    "Tile",
    "tile_format",
    "tile_parse",
]


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: numbers ``a <= b <= c`` read clockwise.

    ``index`` is the tile's position in :data:`TILE_IDS` (0 for ``0-0-0``, 55 for
    ``5-5-5``); the engine's tables are indexed by it.
    """

    a: int
    b: int
    c: int
    index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        numbers = (self.a, self.b, self.c)
        if any(type(n) is not int or not 0 <= n <= 5 for n in numbers):
            raise ValueError(f"tile numbers must be integers 0-5, got {numbers}")
        if not self.a <= self.b <= self.c:
            raise ValueError(f"tile numbers must ascend (a <= b <= c), got {numbers}")
        object.__setattr__(self, "index", _index_of(self.a, self.b, self.c))

    @property
    def id(self) -> str:
        """The canonical id, e.g. ``"3-4-5"``."""
        return f"{self.a}-{self.b}-{self.c}"

    @property
    def value(self) -> int:
        """What the tile scores on its own: the sum of its numbers."""
        return self.a + self.b + self.c

    @property
    def is_triple(self) -> bool:
        """True for the six tiles showing one number three times (``0-0-0`` ... ``5-5-5``)."""
        return self.a == self.c

    def corner_numbers(self, rotation: int) -> tuple[int, int, int]:
        """The numbers corners 0, 1 and 2 of a cell show with this tile in ``rotation``.

        Corner ``i`` shows ``(a, b, c)[(i + rotation) % 3]``, so rotation 0 puts ``a`` at
        the apex, rotation 1 puts ``b`` there and rotation 2 puts ``c`` there.
        """
        if type(rotation) is not int or not 0 <= rotation <= 2:
            raise ValueError(f"rotation must be 0, 1 or 2, got {rotation!r}")
        numbers = (self.a, self.b, self.c)
        return (numbers[rotation], numbers[(1 + rotation) % 3], numbers[(2 + rotation) % 3])

    def __str__(self) -> str:
        return self.id


_NUMBER_TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    combinations_with_replacement(range(6), 3)
)
_INDEX_BY_NUMBERS: dict[tuple[int, int, int], int] = {
    numbers: index for index, numbers in enumerate(_NUMBER_TRIPLES)
}


def _index_of(a: int, b: int, c: int) -> int:
    return _INDEX_BY_NUMBERS[(a, b, c)]


TILES: tuple[Tile, ...] = tuple(Tile(a, b, c) for a, b, c in _NUMBER_TRIPLES)
"""All 56 tiles, sorted by their numbers (which is also the order of their ids)."""

TILE_IDS: tuple[str, ...] = tuple(tile.id for tile in TILES)
"""The 56 canonical ids, sorted: ``"0-0-0"``, ``"0-0-1"``, ... ``"5-5-5"``."""

_TILES_BY_ID: dict[str, Tile] = {tile.id: tile for tile in TILES}


def tile_parse(text: str) -> Tile:
    """The tile whose canonical id is ``text``; ValueError for any other spelling.

    ``"3-4-5"`` is a tile; ``"5-4-3"``, ``"3-4-5 "``, ``"345"`` and ``"3-4-6"`` are not.
    """
    if type(text) is str:
        tile = _TILES_BY_ID.get(text)
        if tile is not None:
            return tile
    raise ValueError(f"not a tile id: {text!r} (expected 'a-b-c' with 0 <= a <= b <= c <= 5)")


def tile_format(tile: Tile) -> str:
    """The canonical id of ``tile``: ``tile_format(tile_parse(s)) == s``."""
    return tile.id
