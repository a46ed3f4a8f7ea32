"""The printed Tri-Ominos game, 2-6 players, rounds to 400 (RULES.md "Classic rules").

The same board and placement scoring as the daily challenge; the game adds the deal,
the openings, turns with draws and passes, going out and blocked rounds. Its events
(what happened, for a UI or a log) are in :mod:`triominos.classic.events`.
"""

from triominos.classic.actions import (
    CLASSIC_ERROR_CODES,
    ClassicAction,
    ClassicError,
    Draw,
    Pass,
    classic_deal_order,
)
from triominos.classic.game import ClassicGame

__all__ = [
    "CLASSIC_ERROR_CODES",
    "ClassicAction",
    "ClassicError",
    "ClassicGame",
    "Draw",
    "Pass",
    "classic_deal_order",
]
