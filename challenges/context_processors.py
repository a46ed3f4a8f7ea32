"""The game's and the schedule's numbers for every template, from the engine's ruleset
and the schedule (never typed into a sentence): how many tiles the tray holds, how long
a run lasts, what a draw costs, how often a challenge opens and when."""

from __future__ import annotations

from django.http import HttpRequest

from challenges import slots as schedule
from challenges.engine import RULESET
from challenges.game_words import run_length_words, slot_openings_words


def game_numbers(request: HttpRequest) -> dict[str, object]:
    return {
        "game": {
            "tray_size": RULESET.tray_size,
            "well_size": RULESET.well_size,
            "draw_cost": -RULESET.draw_points,
            # In the request's language: "2 minutes", "2 Minuten".
            "run_length": run_length_words(),
            "slot_hours": schedule.slot_length_hours(),
            # In the request's language: "00:00, 08:00 and 16:00" (the page adds "UTC").
            "slot_openings": slot_openings_words(),
        }
    }
