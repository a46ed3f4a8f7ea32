"""When the database is away: a clean 503, and the public reads from their last copy.

A lost connection (PostgreSQL stopped, restarting, unreachable) is not a bug of the
site: it answers ``503`` with ``Retry-After``, the API's JSON ``{"detail", "code":
"database_unavailable"}`` and the pages a short page in the reader's language that
reloads itself. The connection is dropped at the request's end (Django does so after
an error), so the first request after the database is back reconnects: nothing needs
a restart.

The public reads everyone makes (the current challenge, the boards, the history page)
keep answering: each anonymous answer of theirs is copied into the cache (Redis) at
most every ``COPY_EVERY_SECONDS`` per process, and while the database is away the last
copy is served, marked ``X-Served-From: copy``. The copies are never served while the
database answers, so they cannot hide a change.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import get_language, gettext

logger = logging.getLogger(__name__)

# What a lost or refused connection raises (psycopg's and SQLite's, wrapped by Django).
DATABASE_DOWN = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 5
API_PREFIX = "/api/"

# The reads kept as copies, by URL name, with how long a copy may stand in (the current
# challenge's copy must not outlive its slot by much; a board's may).
COPIED_READS: dict[str, int] = {
    "api-challenge-current": 10 * 60,
    "api-challenge": 60 * 60,
    "api-challenges": 60 * 60,
    "api-leaderboard": 60 * 60,
    "home": 10 * 60,
    "history": 60 * 60,
    "leaderboard": 60 * 60,
}
COPY_EVERY_SECONDS = 10.0
# The query parameters a kept read may have (a page of a board), each once and a whole
# number written plainly: anything else, e.g. a cursor, a made-up parameter or
# "page=01", would make a copy per value.
COPIED_PARAMETERS = frozenset({"page", "size"})
# The per-process memory of when each read was copied stays this small.
COPIED_KEYS_MAX = 5_000

_copied_at: dict[str, float] = {}
_copied_lock = threading.Lock()


def database_down(error: BaseException | None) -> bool:
    return isinstance(error, DATABASE_DOWN)


def _copy_key(request: HttpRequest) -> str | None:
    """The copy's cache key for this request, or None when its answer is not one kept:
    a GET of a listed read, by nobody signed in (no session, no token), so the answer
    is the one anyone gets in this language."""
    match = request.resolver_match
    if request.method != "GET" or match is None or match.url_name not in COPIED_READS:
        return None
    if "HTTP_AUTHORIZATION" in request.META or "sessionid" in request.COOKIES:
        return None
    for name, values in request.GET.lists():  # a crawler's junk query gets no copy
        if name not in COPIED_PARAMETERS or len(values) != 1 or not _plain_number(values[0]):
            return None
    language = "" if request.path.startswith(API_PREFIX) else (get_language() or "")
    return f"outage-copy:{language}:{request.get_full_path()}"


def _plain_number(text: str) -> bool:
    return text.isdecimal() and len(text) <= 9 and str(int(text)) == text


def copy_keep(request: HttpRequest, response: HttpResponse) -> None:
    """Keep ``response`` as the read's copy if it is one kept (at most every
    ``COPY_EVERY_SECONDS``). A copy is a convenience: this never fails the answer."""
    try:
        _copy_keep(request, response)
    except Exception:
        logger.exception("keeping a copy of %s failed", request.path)


def _copy_keep(request: HttpRequest, response: HttpResponse) -> None:
    if response.status_code != 200 or response.streaming:
        return
    # Whether this address was copied a moment ago, asked first: a hot read is copied
    # once in ten seconds and read thousands of times between, and working out its
    # copy's key (its parameters, cookies and headers) cost a tenth of a cached read.
    address = f"{request.path}?{request.META.get('QUERY_STRING', '')}:{get_language()}"
    now = time.monotonic()
    with _copied_lock:
        if now - _copied_at.get(address, -COPY_EVERY_SECONDS) < COPY_EVERY_SECONDS:
            return
    key = _copy_key(request)
    if key is None:
        return
    with _copied_lock:
        if len(_copied_at) >= COPIED_KEYS_MAX:
            _copied_at.clear()
        _copied_at[address] = now
    match = request.resolver_match
    assert match is not None
    kept = {
        "body": response.content,
        "content_type": response.get("Content-Type", "application/json"),
    }
    cache.set(key, kept, timeout=COPIED_READS[str(match.url_name)])


def _copy_served(request: HttpRequest) -> HttpResponse | None:
    key = _copy_key(request)
    kept = cache.get(key) if key is not None else None
    if not isinstance(kept, dict):
        return None
    response = HttpResponse(kept["body"], content_type=kept["content_type"])
    response["X-Served-From"] = "copy"
    response["Cache-Control"] = "no-store"
    return response


def outage_response(request: HttpRequest) -> HttpResponse:
    """The answer while the database is away: the read's last copy if one is kept,
    else a 503 (JSON under /api/, a page elsewhere)."""
    copy = _copy_served(request)
    if copy is not None:
        return copy
    response: HttpResponse
    if request.path.startswith(API_PREFIX):
        response = JsonResponse(
            {
                "detail": gettext(
                    "The game's database is unavailable for a moment. Nothing you were told "
                    "was saved is lost; please try again in a few seconds."
                ),
                "code": "database_unavailable",
            },
            status=503,
        )
    else:
        body: str
        try:
            # No request context: the context processors and the session need the database.
            body = loader.render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
        except Exception:
            logger.exception("the 503 page itself failed to render")
            body = "<!doctype html><title>503</title><h1>Back in a moment</h1>"
        response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def outage_in_flight() -> bool:
    """Whether the exception being handled now is the database's absence (for the
    500 handler, which Django calls with the exception in ``sys.exc_info``)."""
    return database_down(sys.exc_info()[1])


class DatabaseOutageMiddleware:
    """Last in the chain: keeps the copies of the listed reads, and turns a view's lost
    connection into ``outage_response``. (A middleware's lost connection reaches the
    500 handler, which does the same: challenges.views.errors.server_error.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        copy_keep(request, response)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_down(exception):
            return None
        logger.warning("database unavailable: %s %s (%s)", request.method, request.path, exception)
        return outage_response(request)
