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

Anything else (a miss, a token, a session, a database fault) goes down the whole chain,
which answers as it always has.

A run's writes sent with an API token and no cookie at all (a script, the load, an app)
go down a shorter chain: the same middleware but those that act only on a browser's
cookies (``BROWSER_ONLY``). Without a cookie there is no session, CSRF token, message or
guest to read, and a token never logs a session in; the reader's language, the frame
header and the outage answer are made by the same middleware as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import DisallowedHost, MiddlewareNotUsed
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, ResolverMatch, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.module_loading import import_string

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


# The run's writes that take an API token.
TOKEN_WRITES = frozenset(
    ("api-run-start", "api-run-clock", "api-run-moves", "api-run-finish", "api-run-submit")
)
# Middleware with nothing to do on a request that carries no cookie.
BROWSER_ONLY = frozenset(
    (
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "challenges.views.guest_cookie.GuestCookieMiddleware",
        "config.not_found_page.SiteNotFoundPage",
    )
)


class _ShortChain(BaseHandler):
    """Django's own handler over the middleware inside this lane, less ``BROWSER_ONLY``:
    hooks, exceptions and the URL's resolution as in the whole chain."""

    def __init__(self) -> None:
        super().__init__()
        whole = list(settings.MIDDLEWARE)
        inside = whole[whole.index(_THIS) + 1 :] if _THIS in whole else []
        self.load_middleware_of([name for name in inside if name not in BROWSER_ONLY])

    def load_middleware_of(self, paths: list[str]) -> None:
        """``load_middleware`` for ``paths`` rather than the setting (changing the setting
        for a moment would race with another thread's handler being built), and
        synchronous only, as every middleware of the site is (WSGI)."""
        self._view_middleware: list[Any] = []
        self._template_response_middleware: list[Any] = []
        self._exception_middleware: list[Any] = []
        handler = convert_exception_to_response(self._get_response)  # type: ignore[attr-defined]
        for path in reversed(paths):
            try:
                middleware = import_string(path)(handler)
            except MiddlewareNotUsed:
                continue
            if hasattr(middleware, "process_view"):
                self._view_middleware.insert(0, middleware.process_view)
            if hasattr(middleware, "process_template_response"):
                self._template_response_middleware.append(middleware.process_template_response)
            if hasattr(middleware, "process_exception"):
                self._exception_middleware.append(middleware.process_exception)
            handler = convert_exception_to_response(middleware)
        self._middleware_chain = handler

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        # The lane resolved it to choose this chain.
        match = request.resolver_match
        return match if match is not None else super().resolve_request(request)


class FastLane:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.short_chain = _ShortChain()

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method == "GET":
            answer = self._answer(request)
            return answer if answer is not None else self.get_response(request)
        if request.method == "POST" and _token_write(request):
            return self.short_chain.get_response(request)
        return self.get_response(request)

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


def _token_write(request: HttpRequest) -> bool:
    """A run's write with a token and no cookie; its URL resolved on the request."""
    if request.META.get("HTTP_COOKIE") or "HTTP_AUTHORIZATION" not in request.META:
        return False
    try:
        match = resolve(request.path_info)  # not kept: each run has its own URL
    except Resolver404:
        return False
    if match.url_name not in TOKEN_WRITES:
        return False
    request.resolver_match = match
    return True


@lru_cache(maxsize=4096)
def _resolved(path: str) -> ResolverMatch | None:
    # The URLs never change while the process runs; a board's pages are read thousands
    # of times a minute.
    try:
        return resolve(path)
    except Resolver404:
        return None
