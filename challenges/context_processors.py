"""The game's numbers for every template, from the engine's ruleset (never typed into
a sentence): how many tiles the tray holds, how long a run lasts, what a draw costs."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import ngettext

from challenges.game import RULESET

_MINUTES = RULESET.time_limit_ms // 60_000


def game_numbers(request: HttpRequest) -> dict[str, object]:
    return {
        "game": {
            "tray_size": RULESET.tray_size,
            "well_size": RULESET.well_size,
            "draw_cost": -RULESET.draw_points,
            # In the request's language: "2 minutes", "2 Minuten".
            "run_length": ngettext("%(minutes)s minute", "%(minutes)s minutes", _MINUTES)
            % {"minutes": _MINUTES},
        }
    }
