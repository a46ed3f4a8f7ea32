"""Every challenge so far, newest first, with its par and the reader's own score and rank."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from challenges.boards.selectors import PageOutOfRange, challenge_history
from challenges.schedule.services import challenges_par_request
from challenges.views import page_number_parse, page_window

PAGE_SIZE = 30


def history_page(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    viewer = request.user if request.user.is_authenticated else None
    try:
        shown = challenge_history(
            player=viewer, page=page_number_parse(request), size=PAGE_SIZE, now=now
        )
    except PageOutOfRange as beyond:
        return HttpResponseRedirect(f"{reverse('challenges:history')}?page={beyond.num_pages}")
    challenges_par_request(challenges=[row.challenge for row in shown.rows])
    rows = [{"row": row, "is_open": row.challenge.is_open(now)} for row in shown.rows]
    return render(
        request,
        "challenges/history.html",
        {
            "history": shown,
            "rows": rows,
            "pages": page_window(page=shown.page, num_pages=shown.num_pages),
            "signed_in": viewer is not None,
        },
    )
