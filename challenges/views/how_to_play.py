"""The how-to-play page (`/how-to-play/`): the placement rule, every bonus,
draws, the clock, one entry per challenge, eligibility, the controls.

Every number on it comes from the engine's ruleset (through ``challenges.engine``) and
every picture from an example run replayed by the engine (``challenges.play.examples``):
none is typed into the template.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from challenges.bonus_words import bonus_rows
from challenges.engine import RULESET
from challenges.game_words import run_minutes
from challenges.play.selectors import how_to_play_pictures
from config.page_scripts import PageJavaScriptCatalog, page_entries, page_preloads

# What the page runs: the site's script and its own, which draws the example boards
# (the board view, never the engine that plays: docs/first_visit.md).
HOW_TO_PLAY_SCRIPTS = page_entries("how_to_play")
how_to_play_catalog = PageJavaScriptCatalog.as_view(entries=HOW_TO_PLAY_SCRIPTS)


@require_safe
def how_to_play_page(request: HttpRequest) -> HttpResponse:
    pictures = how_to_play_pictures()
    context = {
        "rules": {
            **dict(RULESET.bonus_values),
            "clear": RULESET.clear_bonus,
            "draw": RULESET.draw_points,
            "draw_cost": -RULESET.draw_points,
            "seconds": RULESET.time_limit_ms // 1000,
            "minutes": run_minutes(),
            "tray": RULESET.tray_size,
            "well": RULESET.tile_count - RULESET.tray_size,
            "tiles": RULESET.tile_count,
            "witness_seconds": RULESET.witness_window_ms // 1000,
            "pace_ms": RULESET.pace_floor_ms,
        },
        "bonuses": bonus_rows(RULESET),
        "pictures": pictures,
        "preloads": page_preloads(*HOW_TO_PLAY_SCRIPTS),
        "pictures_json": {name: picture.to_json() for name, picture in pictures.items()},
    }
    return render(request, "challenges/how_to_play.html", context)
