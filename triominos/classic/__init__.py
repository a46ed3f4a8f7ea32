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
)
from triominos.classic.computer import STRENGTHS, Strength, computer_action, computers_play
from triominos.classic.deal import classic_deal_order
from triominos.classic.game import ClassicGame
from triominos.classic.log import action_json, action_parse, classic_replay, placement_from_json

__all__ = [
    "CLASSIC_ERROR_CODES",
    "STRENGTHS",
    "ClassicAction",
    "ClassicError",
    "ClassicGame",
    "Draw",
    "Pass",
    "Strength",
    "action_json",
    "action_parse",
    "classic_deal_order",
    "classic_replay",
    "computer_action",
    "computers_play",
    "placement_from_json",
]
