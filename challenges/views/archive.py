"""The archive: a calendar of every closed challenge (`/archive/`), and one of them
played again, timed or untimed (`/archive/<number>/`), in the browser and never stored
(challenges/schedule/archive.py): never ranked, no streak or record touched."""

from __future__ import annotations

from datetime import date, timedelta

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from challenges.engine import RULESET
from challenges.play.selectors import run_ghosts
from challenges.schedule.selectors import archive_month, practice_challenge_get
from challenges.views import run_buttons_context
from config.page_scripts import page_entries, page_preloads

ARCHIVE_SCRIPTS = page_entries("archive")
# A Monday: the calendar's weekday names are this week's, in the reader's language.
_A_MONDAY = date(2024, 1, 1)


def _month_parse(raw: str | None) -> date | None:
    """``2026-11`` as the first of that month; None for anything else."""
    if not raw or len(raw) != 7 or raw[4] != "-":
        return None
    year, month = raw[:4], raw[5:]
    if not (year.isascii() and year.isdigit() and month.isascii() and month.isdigit()):
        return None
    if not 1 <= int(month) <= 12 or int(year) < 1:
        return None
    return date(int(year), int(month), 1)


@require_safe
def archive_page(request: HttpRequest) -> HttpResponse:
    calendar = archive_month(now=timezone.now(), month=_month_parse(request.GET.get("month")))
    context = {
        "calendar": calendar,
        "weekdays": [_A_MONDAY + timedelta(days=n) for n in range(7)],
    }
    return render(request, "challenges/archive.html", context)


@require_safe
def archive_play_page(request: HttpRequest, number: int) -> HttpResponse:
    now = timezone.now()
    challenge = practice_challenge_get(now=now, number=number)
    if challenge is None:
        raise Http404("No challenge with that number has its results out.")
    player_id = request.user.pk if request.user.is_authenticated else None
    ghosts = run_ghosts(challenge=challenge, player_id=player_id, now=now)
    config = {
        "challengeId": challenge.pk,
        "number": challenge.number,
        "tray": challenge.tray,
        "well": challenge.well,
        "timeLimitMs": RULESET.time_limit_ms,
        "ghosts": ghosts.to_json(),
        "urls": {"rank": reverse("api-archive-rank", args=[challenge.pk])},
    }
    context = {
        "challenge": challenge,
        "archive_config": config,
        # The Draw button's cost and the full well, from the rules.
        **run_buttons_context(),
        "preloads": page_preloads(*ARCHIVE_SCRIPTS),
    }
    return render(request, "challenges/archive_play.html", context)
