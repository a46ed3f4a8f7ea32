"""The hottest reads answered before the middleware they do not use.

A plain read of the current challenge or of a cached board page (``api/hot_reads``), and
a board or history page kept whole for readers not logged in (``views/shared_pages``),
need no session, CSRF check, user or message: behind the whole chain, that chain was
a third to a half of such a read's CPU. This middleware sits just inside the security
headers and the content security policy, so their headers are on every answer as
before, and answers these reads there, adding what the middleware it skips would have
added (``X-Frame-Options``, ``Content-Length``; for a page, its language as
``LocaleMiddleware`` chooses and names it, and ``Vary: Accept-Language, Cookie``). It
keeps the outage copies too. An API read's body says nothing in a language: it gets no
``Content-Language`` or ``Vary: Accept-Language``.

Anything else (a miss, a token, a session, a write, a database fault) goes down the
whole chain, which answers as it always has. The lane hands nothing on to it: a page
the lane did not find is looked for again by its view, as any request's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, ResolverMatch, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers

from challenges.api import hot_reads
from challenges.views import history, leaderboards
from config.database_outage import DATABASE_DOWN, copy_keep


@dataclass(frozen=True)
class Lane:
    # The answer from the cache, or None to go down the chain.
    answer: Callable[..., HttpResponseBase | None]
    # A page: it is in the reader's language, and only for a reader with no session.
    page: bool


def _board_api(request: HttpRequest, challenge_id: int) -> HttpResponseBase | None:
    return hot_reads.board_cached_answer(request, challenge_id)[0]


_THIS = f"{__name__}.FastLane"

# By URL name.
LANES: dict[str, Lane] = {
    "api-challenge-current": Lane(hot_reads.current_answer, page=False),
    "api-leaderboard": Lane(_board_api, page=False),
    "leaderboard": Lane(leaderboards.board_shared_answer, page=True),
    "history": Lane(history.history_shared_answer, page=True),
}


class FastLane:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        answer = self._answer(request) if request.method == "GET" else None
        return answer if answer is not None else self.get_response(request)

    def _answer(self, request: HttpRequest) -> HttpResponseBase | None:
        try:
            request.get_host()  # as CommonMiddleware checks it: an unknown host is a 400
        except DisallowedHost:
            return None
        match = _resolved(request.path_info)
        lane = LANES.get(str(match.url_name)) if match is not None else None
        if match is None or lane is None:
            return None
        if lane.page:
            if settings.SESSION_COOKIE_NAME in request.COOKIES:
                return None
            request.user = AnonymousUser()  # what a request without a session is
            translation.activate(translation.get_language_from_request(request))
            request.LANGUAGE_CODE = translation.get_language()
        request.resolver_match = match
        try:
            response = lane.answer(request, *match.args, **match.kwargs)
        except DATABASE_DOWN:
            return None  # the chain's outage middleware answers, in the reader's language
        if not isinstance(response, HttpResponse):  # None, or nothing these reads answer
            return None
        response.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
        response.headers.setdefault("Content-Length", str(len(response.content)))
        if lane.page:
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
            response.headers.setdefault("Content-Language", translation.get_language())
        copy_keep(request, response)
        return response


@lru_cache(maxsize=4096)
def _resolved(path: str) -> ResolverMatch | None:
    # The URLs never change while the process runs; a board's pages are read thousands
    # of times a minute.
    try:
        return resolve(path)
    except Resolver404:
        return None
