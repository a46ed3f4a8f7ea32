"""The home page (`/`): what the game is, with a real board, today's
challenge (countdown, players, par), the last finished challenge's top three, the big
Play button; for a logged-in player also their state today."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from challenges.engine import RULESET
from challenges.game_words import run_minutes
from challenges.players.selectors import (
    challenge_last_finished,
    challenge_today,
    finished_top,
    guest_best_run,
    player_today,
    sample_run,
)
from challenges.schedule.services import challenge_current_ensure, challenge_par_request
from challenges.views.guest_cookie import guest_from_request
from challenges.views.play import RUN_ID_SLOT, keep_next
from config.page_scripts import PageJavaScriptCatalog, page_entries, page_preloads

# The page's own script, and the site's (base.html): what the home page runs. It draws
# one board, so it loads the board view and the few rules modules that draw tiles, never
# the engine that plays (docs/first_visit.md, "What the home page loads").
HOME_SCRIPTS = page_entries("home")
home_catalog = PageJavaScriptCatalog.as_view(entries=HOME_SCRIPTS)


@require_safe
def home_page(request: HttpRequest) -> HttpResponse:
    challenge = challenge_current_ensure()
    challenge_par_request(challenge=challenge)
    finished = challenge_last_finished()
    sample = sample_run(finished=finished)
    guest = None if request.user.is_authenticated else guest_from_request(request)
    guest_run = (
        guest_best_run(player_id=guest.user_id, challenge_id=challenge.pk) if guest else None
    )
    context = {
        "guest_run": guest_run,
        "guest_next": keep_next().replace(RUN_ID_SLOT, str(guest_run.pk)) if guest_run else "",
        "today": challenge_today(challenge=challenge),
        "finished": finished_top(challenge=finished) if finished is not None else None,
        "sample": sample,
        "sample_json": sample.to_json(),
        "me": player_today(challenge=challenge, player=request.user),
        "tray_size": RULESET.tray_size,
        "minutes": run_minutes(),
        "preloads": page_preloads(*HOME_SCRIPTS),
    }
    return render(request, "challenges/home.html", context)
