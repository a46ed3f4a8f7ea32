"""The untimed practice page (`/practice/`, `/practice/<number>/`): a finished
challenge's deal (or, before any, practice's own), played in the browser with no clock
and never sent (challenges/schedule/practice.py says which deal, and why never the open
one)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from challenges.schedule.selectors import practice_challenge_get, practice_deal_get
from challenges.views import run_buttons_context
from config.page_scripts import page_entries, page_preloads

# The page's module scripts (base.html's site.js on every page).
PRACTICE_SCRIPTS = page_entries("practice")


@require_safe
def practice_page(request: HttpRequest, challenge_id: int | None = None) -> HttpResponse:
    challenge = practice_challenge_get(now=timezone.now(), number=challenge_id)
    if challenge is None and challenge_id is not None:
        raise Http404("No finished challenge with that number.")
    if challenge is not None:
        deal = {"challengeId": challenge.pk, "tray": challenge.tray, "well": challenge.well}
    else:
        tray, well = practice_deal_get()
        deal = {"challengeId": "own", "tray": tray, "well": well}
    context = {
        "challenge": challenge,
        "practice_config": deal,
        # The Draw button's cost and the full well, from the rules.
        **run_buttons_context(),
        "preloads": page_preloads(*PRACTICE_SCRIPTS),
    }
    return render(request, "challenges/practice.html", context)
