"""The printed rulebooks' worked examples of bonuses, laid out as placements on our grid.

The Pressman and Goliath rulebooks score a bridge at 5+1+1+40 = 47 and 4+4+1+40 = 49,
and a hexagon at 0+5+5+50 = 60. These are boards that reproduce them, in placement
notation, played in order; the last placement earns the bonus. One copy, read by the
golden vectors (as challenge placements) and by the classic game's tests.
"""

from __future__ import annotations

__all__ = ["BRIDGE_47", "BRIDGE_49", "HEXAGON_60"]

# 1-1-5 goes on [0, 1]: one edge matched on [0, 0], the opposite point (0, 3) touched by
# 2-2-5 on [0, 3], which came round the bottom of the board.
BRIDGE_47: tuple[str, ...] = (
    "1-1-1@0,0r0",
    "1-1-4@1,0r2",
    "1-2-4@1,1r0",
    "1-2-2@1,2r2",
    "0-2-2@1,3r2",
    "0-2-3@1,4r0",
    "2-2-3@0,4r1",
    "2-2-5@0,3r1",
    "1-1-5@0,1r0",
)

# 1-4-4 goes on [1, 1] between 1-1-4 on [1, 0] and 1-2-4 on [1, 2], which are joined
# the long way round, under the board, so that no hexagon closes.
BRIDGE_49: tuple[str, ...] = (
    "1-1-1@0,0r1",
    "1-1-4@1,0r2",
    "0-1-4@1,-1r1",
    "0-0-4@2,-1r0",
    "0-4-5@2,0r1",
    "0-0-5@3,0r0",
    "0-5-5@3,1r1",
    "4-5-5@3,2r1",
    "4-4-5@2,2r0",
    "2-4-4@2,3r1",
    "2-2-4@1,3r0",
    "1-2-4@1,2r2",
    "1-4-4@1,1r0",
)

# 0-5-5 on [1, 1] fills the sixth cell around point (1, 2).
HEXAGON_60: tuple[str, ...] = (
    "0-0-0@0,0r0",
    "0-0-2@0,1r0",
    "0-2-2@0,2r1",
    "0-0-5@1,0r2",
    "0-2-5@1,2r2",
    "0-5-5@1,1r0",
)
