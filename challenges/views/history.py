"""Every challenge so far, newest first, with its par and the reader's own score and rank."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from challenges.boards.selectors import (
    PageOutOfRange,
    challenge_history,
    challenge_history_version,
)
from challenges.schedule.services import challenges_par_request
from challenges.slots import slot_number
from challenges.views import page_number_parse
from challenges.views.pagination import pagination_html
from challenges.views.shared_pages import (
    shared_page_cached,
    shared_page_keep,
    shared_page_key,
    shared_page_reader,
)

PAGE_SIZE = 30


def history_shared_key(request: HttpRequest, *, now: datetime) -> str | None:
    """The cache key of the page every reader not logged in sees (it shows every
    challenge's row and the slot open now), or None for any other reader or a query
    the page does not read."""
    if not shared_page_reader(request):
        return None
    parts = [challenge_history_version(now=now), slot_number(at=now)]
    parsed = {"page": str(page_number_parse(request))}
    return shared_page_key(request, name="history", parts=parts, parsed=parsed)


def history_shared_answer(request: HttpRequest) -> HttpResponseBase | None:
    """The page a reader not logged in sees, if it is cached; else None."""
    key = history_shared_key(request, now=timezone.now())
    return shared_page_cached(request, key=key, etag=None) if key else None


def history_page(request: HttpRequest) -> HttpResponseBase:
    now = timezone.now()
    viewer_id = request.user.pk if request.user.is_authenticated else None
    key = history_shared_key(request, now=now)
    if key is not None:
        answer = shared_page_cached(request, key=key, etag=None)
        if answer is not None:
            return answer
    try:
        shown = challenge_history(
            player_id=viewer_id, page=page_number_parse(request), size=PAGE_SIZE, now=now
        )
    except PageOutOfRange as beyond:
        return HttpResponseRedirect(f"{reverse('challenges:history')}?page={beyond.num_pages}")
    challenges_par_request(challenges=[row.challenge for row in shown.rows])
    rows = [{"row": row, "is_open": row.challenge.is_open(now)} for row in shown.rows]
    response = render(
        request,
        "challenges/history.html",
        {
            "history": shown,
            "rows": rows,
            "pagination": pagination_html(
                page=shown.page,
                num_pages=shown.num_pages,
                label=gettext("Challenge pages"),
                newer=gettext("Newer challenges"),
                older=gettext("Older challenges"),
            ),
            "signed_in": viewer_id is not None,
            "shared_page": key is not None,
        },
    )
    if key is not None:
        return shared_page_keep(
            request, response, key=key, etag=None, seconds=settings.LEADERBOARD_CACHE_SECONDS
        )
    return response
