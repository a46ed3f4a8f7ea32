"""The challenge's deal: all 56 tiles shuffled by one seed, a tray and a fixed well.

The one place a deal is made: the service seeds it from its secret, the tests and the
vector tools from a number, and the same seed always gives the same deal.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.tiles import TILE_IDS

__all__ = ["Deal", "deal_shuffle"]


class Deal(NamedTuple):
    tray: tuple[str, ...]
    well: tuple[str, ...]


def deal_shuffle(seed: int, ruleset: Ruleset = DEFAULT_RULESET) -> Deal:
    """The deal of ``seed``: the tiles shuffled, the first ``tray_size`` in the tray."""
    tiles = list(TILE_IDS)
    random.Random(seed).shuffle(tiles)
    return Deal(tuple(tiles[: ruleset.tray_size]), tuple(tiles[ruleset.tray_size :]))
