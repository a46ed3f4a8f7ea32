"""The play page (`/play/`): the open challenge, its clock, and the board the player
plays on; a visitor plays it as a guest. ``?run=<id>`` after signing up
offers the run the visitor played as a guest for submitting (``keep_run``)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from challenges.boards.selectors import entry_get, leaderboard_rank
from challenges.engine import RULESET
from challenges.models import Run
from challenges.play.selectors import run_best_score, run_keepable
from challenges.schedule.services import challenge_current_ensure, challenge_par_request
from challenges.views import run_buttons_context
from config.page_scripts import page_entries, page_preloads

# The API paths the page calls, with this placeholder where a run's id goes.
# The page's module scripts (base.html's site.js on every page).
PLAY_SCRIPTS = page_entries("play")

RUN_ID_SLOT = "00000000-0000-0000-0000-000000000000"


def _play_config(request: HttpRequest, *, challenge_id: int, par: int | None) -> dict[str, Any]:
    """What play.js needs, handed over as JSON (json_script) rather than scattered attributes."""
    challenge = {"challenge_id": challenge_id}
    run = {"run_id": RUN_ID_SLOT}
    return {
        "challengeId": challenge_id,
        "par": par,
        "timeLimitMs": RULESET.time_limit_ms,
        "authenticated": request.user.is_authenticated,
        # A visitor plays as a guest: play.js asks for a guest before the first start.
        "guest": not request.user.is_authenticated,
        "runIdSlot": RUN_ID_SLOT,
        "urls": {
            "challenge": reverse("api-challenge", kwargs=challenge),
            "start": reverse("api-run-start", kwargs=challenge),
            "leaderboardMe": reverse("api-leaderboard-me", kwargs=challenge),
            "leaderboard": reverse("challenges:leaderboard", kwargs=challenge),
            "clock": reverse("api-run-clock", kwargs=run),
            "moves": reverse("api-run-moves", kwargs=run),
            "finish": reverse("api-run-finish", kwargs=run),
            "submit": reverse("api-run-submit", kwargs=run),
            "run": reverse("api-run", kwargs=run),
            "analysis": reverse("api-run-analysis", kwargs=run),
            "standing": reverse("api-run-standing", kwargs=run),
            "replay": reverse("challenges:replay", kwargs=run),
            "login": f"{reverse('accounts:login')}?next={reverse('challenges:play')}",
            "guest": reverse("api-guest"),
            "reminders": reverse("api-reminders"),
            "reminderSubscription": reverse("api-reminders-subscription"),
            # After signing up (or logging in) the guest's run comes back to be submitted.
            "guestSignup": f"{reverse('accounts:signup')}?next={keep_next()}",
            "guestLogin": f"{reverse('accounts:login')}?next={keep_next()}",
        },
    }


def keep_next() -> str:
    """The page a guest lands on after signing up: this page, offering that run."""
    # "?" and "=" escaped, so the run's id stays inside the `next` parameter.
    return f"{reverse('challenges:play')}%3Frun%3D{RUN_ID_SLOT}"


def keep_run(request: HttpRequest) -> Run | None:
    """The run named by ``?run=`` if the player may still submit it (``run_keepable``)."""
    try:
        run_id = uuid.UUID(request.GET.get("run", ""))
    except ValueError:
        return None
    return run_keepable(run_id=run_id, player_id=request.user.pk)


@require_safe
@ensure_csrf_cookie
def play_page(request: HttpRequest) -> HttpResponse:
    challenge = challenge_current_ensure()
    challenge_par_request(challenge=challenge)
    player = request.user
    standing = leaderboard_rank(challenge=challenge, player=player)
    context = {
        "challenge": challenge,
        "now": timezone.now(),
        "best_score": run_best_score(
            challenge_id=challenge.pk, player_id=player.pk if player.is_authenticated else None
        ),
        "entry": entry_get(challenge=challenge, player=player),
        "standing": standing,
        "play_config": _play_config(request, challenge_id=challenge.pk, par=challenge.par),
        "time_limit_seconds": RULESET.time_limit_ms // 1000,
        "keep_run": keep_run(request),
        # The Draw button's cost and the full well, from the rules.
        **run_buttons_context(),
        "preloads": page_preloads(*PLAY_SCRIPTS),
    }
    return render(request, "challenges/play.html", context)
