"""The two hottest reads answered before the middleware they do not use.

A plain read of the current challenge or of a cached board page (``hot_reads``) needs
no session, language, CSRF check, user or message: its bytes are the same for anyone in
any language. Behind the whole chain, that chain was a third of such a read's CPU. This
middleware sits just inside the security headers and the content security policy, so
their headers are on every answer as before, and answers these reads there. It adds
what the middleware it skips would have added to them (``X-Frame-Options``,
``Content-Length``) and keeps the outage copy, but no ``Content-Language`` or ``Vary:
Accept-Language``: the body says nothing in a language.

Anything else (a cache miss, a token, a database fault) goes down the whole chain,
where DRF and the outage middleware answer as they always have.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

from challenges.api import hot_reads
from config.database_outage import DATABASE_DOWN, copy_keep

logger = logging.getLogger(__name__)

# By URL name: the answer of a plain read, or None to go down the chain.
HOT_ANSWERS: dict[str, Callable[..., HttpResponse | None]] = {
    "api-challenge-current": hot_reads.current_answer,
    "api-leaderboard": lambda request, challenge_id: hot_reads.board_cached_answer(
        request, challenge_id
    )[0],
}
_API = "/api/"


class HotReadLane:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = self._answer(request) if request.path_info.startswith(_API) else None
        return answer if answer is not None else self.get_response(request)

    def _answer(self, request: HttpRequest) -> HttpResponse | None:
        if not hot_reads.plain_read(request):
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        answer_of = HOT_ANSWERS.get(str(match.url_name))
        if answer_of is None:
            return None
        request.resolver_match = match
        try:
            response = answer_of(request, *match.args, **match.kwargs)
        except DATABASE_DOWN:
            return None  # the chain's outage middleware answers, in the reader's language
        if response is None:
            return None
        response.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
        response["Content-Length"] = str(len(response.content))
        copy_keep(request, response)
        return response
