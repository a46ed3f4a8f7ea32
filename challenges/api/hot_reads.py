"""The hottest reads of the API, answered without DRF's machinery when nothing needs it.

Everyone reads a board page and the current challenge at 00:00, 08:00 and 16:00. The
profile of a cached board read (docs/performance.md) showed its CPU going to the ORM's
compiling of the challenge's row (now ``challenge_rows.py``), then to DRF's wrapping
of the request (authentication, content negotiation, permission and throttle checks,
the response's finalizing) around a cache read of bytes already rendered.

Neither read depends on who asks. So a GET that DRF would answer the same for anyone
(``plain_read``: no credentials to check, JSON accepted as it is) is answered here, by
a plain Django view behind the same middleware: one row read, one cache read. Every
other request (a token to check, an ``Accept`` that might be refused, a page not
cached yet, an unknown challenge, a bad parameter) goes to the DRF view, which renders,
caches and says every error. Both paths give the same body under the same key (the
board's version, which every submit bumps in its own transaction), so a hit can be no
staler than a miss.

Board reads of a challenge whose results are out carry an ``ETag`` (the board's version
and the query: a moderator's void after the results still changes it) and
``Cache-Control: public`` with a short ``max-age``, so nginx or a CDN may keep them
and a conditional GET gets a 304; open challenges' reads say ``private, no-cache``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils import timezone
from django.utils.cache import get_conditional_response

from challenges.api.common import LEADERBOARD_PAGE_SIZE
from challenges.api.data import ChallengeData, challenge_data
from challenges.boards.services import (
    leaderboard_cache_key,
    leaderboard_cache_peek,
    leaderboard_version_loaded,
)
from challenges.models import Challenge
from challenges.parsing import whole_number
from challenges.schedule.selectors import challenge_board_head, challenge_row
from challenges.schedule.services import challenge_current_ensure, challenge_par_request
from challenges.slots import slot_number
from config.json_api import plain_json_accepted

# DRF's answer to an APIView's GET names the methods it takes.
ALLOW = "GET, HEAD, OPTIONS"
# How long a shared cache may keep a board read of a challenge whose results are out
# before asking again (a 304 when nothing changed). Submits are over by then; only a
# moderator's void or approval still changes such a board, and reaches caches within this.
CLOSED_BOARD_MAX_AGE = 300
OPEN_CACHE_CONTROL = "private, no-cache"


def plain_read(request: HttpRequest) -> bool:
    """A GET that DRF would answer the same for anyone: no ``Authorization`` to check
    (a bad token is a 401), and an ``Accept`` that negotiates to plain JSON."""
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
        return False
    return plain_json_accepted(request.META.get("HTTP_ACCEPT", ""))


def json_answer(body: bytes, *, status: int = 200) -> HttpResponse:
    response = HttpResponse(body, content_type="application/json", status=status)
    response["Allow"] = ALLOW
    return response


# --- board pages -----------------------------------------------------------------------


# The parameters a board page knows; any other is ignored, and is no part of its
# cache key (a key hashing ``?q=N`` let anyone fill the cache with copies of a page).
BOARD_QUERY = ("page", "cursor", "size")


def board_page_name(request: HttpRequest) -> str:
    """The cache name of an API board page: all its bytes depend on (the parameters it
    knows, and the host its links name) besides the board's version."""
    return _board_page_name(request.build_absolute_uri("/"), request.META.get("QUERY_STRING", ""))


@lru_cache(maxsize=4096)
def _board_page_name(root: str, query_string: str) -> str:
    # A board page is read thousands of times a minute by the same few URLs.
    query = QueryDict(query_string)
    # Numbers as numbers ("01" is 1, "" the default), so spellings make no new keys.
    page, size = (query.get(name) or "" for name in ("page", "size"))
    asked = [
        whole_number(page) or page or 1,
        query.get("cursor") or "",
        whole_number(size) or size or LEADERBOARD_PAGE_SIZE,
    ]
    digest = hashlib.sha256(repr((root, asked)).encode())
    return f"api-page:{digest.hexdigest()[:32]}"


def board_freshness(
    request: HttpRequest,
    response: HttpResponse,
    *,
    challenge: Challenge,
    name: str,
    now: datetime | None = None,
) -> HttpResponse:
    """Mark a board read as a shared cache may keep it: public, with an ``ETag``, once
    the challenge's results are out; private and revalidated before that. Answers a
    matching conditional GET with a 304."""
    if not challenge.results_out(now or timezone.now()):
        response["Cache-Control"] = OPEN_CACHE_CONTROL
        return response
    key = leaderboard_cache_key(challenge=challenge, name=name)
    response["ETag"] = f'"{hashlib.sha256(key.encode()).hexdigest()[:32]}"'
    response["Cache-Control"] = f"public, max-age={CLOSED_BOARD_MAX_AGE}"
    return get_conditional_response(request, etag=response["ETag"], response=response) or response


def board_cached_answer(
    request: HttpRequest, challenge_id: int
) -> tuple[HttpResponse | None, Challenge | None]:
    """A plain read's answer from the board page's cache, else None; with the
    challenge's row when it was read (a miss renders from it)."""
    if not plain_read(request):
        return None, None
    head = challenge_board_head(number=challenge_id)
    if head is None:
        return None, None
    leaderboard_version_loaded(challenge=head)
    name = board_page_name(request)
    body = leaderboard_cache_peek(challenge=head, name=name)
    if body is not None:
        return board_freshness(request, json_answer(body), challenge=head, name=name), head
    # A miss renders the page from the whole row, read again (so as fresh as the head).
    challenge = challenge_row(number=challenge_id)
    if challenge is not None:
        leaderboard_version_loaded(challenge=challenge)
    return None, challenge


def board_front(drf_view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The board page's view: a plain read of a cached page answered here, anything
    else by ``drf_view``."""

    def leaderboard_read(request: HttpRequest, challenge_id: int) -> HttpResponse:
        answer, challenge = board_cached_answer(request, challenge_id)
        if answer is not None:
            return answer
        if challenge is not None:  # a miss: DRF renders the page, from the row read here
            return drf_view(request, challenge_id=challenge_id, missed=challenge)
        return drf_view(request, challenge_id=challenge_id)

    return _as_drf(leaderboard_read, drf_view)


# --- the current challenge -------------------------------------------------------------


def challenge_current_data(*, now: datetime | None = None) -> ChallengeData:
    """The challenge open now, made on the spot if the scheduler has not made it, with
    its par asked for if it has none."""
    now = now or timezone.now()
    challenge = challenge_row(number=slot_number(at=now))
    if challenge is None:
        challenge = challenge_current_ensure(now=now)
    challenge_par_request(challenge=challenge)
    return challenge_data(challenge, now=now)


def current_answer(request: HttpRequest) -> HttpResponse | None:
    """A plain read's answer, else None."""
    return json_answer(orjson.dumps(challenge_current_data())) if plain_read(request) else None


def current_front(drf_view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The current challenge's view: a plain read answered here, anything else by
    ``drf_view`` (which builds the same data)."""

    def challenge_current_read(request: HttpRequest) -> HttpResponse:
        answer = current_answer(request)
        return answer if answer is not None else drf_view(request)

    return _as_drf(challenge_current_read, drf_view)


def _as_drf(front: Callable[..., HttpResponse], drf_view: Any) -> Callable[..., HttpResponse]:
    # The schema generator and the URL resolver know an APIView by these attributes.
    for name in ("cls", "initkwargs", "csrf_exempt", "view_class", "view_initkwargs"):
        if hasattr(drf_view, name):
            setattr(front, name, getattr(drf_view, name))
    front.__doc__ = drf_view.__doc__
    return front
