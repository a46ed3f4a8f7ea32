"""Pages every reader who is not logged in sees alike: answered whole from the cache,
and, once they can no longer change but by a moderator, given an ``ETag`` and a public
``max-age`` so that nginx (deploy/nginx/triominos-cache.conf) answers repeated reads and
revalidations without Django.

Such an answer carries no cookie, so one reader's answer can be served to the next. Its
footer form renders no CSRF token (its view says ``shared_page`` to the template): the
language switcher it posts to needs none (config/urls.py), and a page's scripts that
post get their cookie from a page of their own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from functools import cache as once
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language


@once
def _release() -> str:
    """What the deployed static files are (their manifest): a page names their hashed
    files, so a new release is a new page."""
    manifest = Path(str(settings.STATIC_ROOT or "")) / "staticfiles.json"
    try:
        return hashlib.sha256(manifest.read_bytes()).hexdigest()[:16]
    except OSError:
        return "unreleased"


def shared_page_reader(request: HttpRequest) -> bool:
    """The reader sees the page everyone not logged in sees: no account, no session, no
    message waiting to be shown (nginx bypasses its cache on the same cookies)."""
    return not (
        request.user.is_authenticated
        or settings.SESSION_COOKIE_NAME in request.COOKIES
        or "messages" in request.COOKIES
    )


def shared_page_key(
    request: HttpRequest, *, name: str, parts: Sequence[object], parsed: Mapping[str, str]
) -> str | None:
    """The cache key of the whole page ``name`` as it shows ``parts``, in the reader's
    language, at this address; ``parsed``: the query's parameters as the view reads
    them, written back (its log-in link names them).

    None when the query holds anything else: another parameter, one given twice, or
    one written otherwise than the view reads it (``page=01``, ``page=junk``). Such a
    request is answered afresh and nothing of it is kept, so no query string can fill
    the cache with copies of a page."""
    if not query_as_parsed(request, parsed):
        return None
    query = sorted(request.GET.items())
    shown = repr((*parts, request.path, query, get_language(), _release()))
    return f"page:{name}:{hashlib.sha256(shown.encode()).hexdigest()}"


def query_as_parsed(request: HttpRequest, parsed: Mapping[str, str]) -> bool:
    """Whether the request's query holds only the parameters ``parsed``, each once and
    written as the view reads it."""
    return all(
        len(values) == 1 and parsed.get(parameter) == values[0]
        for parameter, values in request.GET.lists()
    )


def shared_page_etag(key: str) -> str:
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def shared_page_cached(
    request: HttpRequest, *, key: str, etag: str | None
) -> HttpResponseBase | None:
    """The cached answer under ``key`` (or a 304 when ``etag`` matches), else None."""
    if etag is not None:
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return _shared(request, unchanged, etag=etag)
    body = cache.get(key)
    if not isinstance(body, bytes):
        return None
    response = HttpResponse(body, content_type="text/html; charset=utf-8")
    return _shared(request, response, etag=etag)


def shared_page_keep(
    request: HttpRequest, response: HttpResponse, *, key: str, etag: str | None, seconds: int
) -> HttpResponse:
    """Keep a freshly rendered shared page under ``key`` and mark it as shared."""
    if response.status_code == 200:
        cache.set(key, response.content, timeout=seconds)
    _shared(request, response, etag=etag)
    return response


def _shared(
    request: HttpRequest, response: HttpResponseBase, *, etag: str | None
) -> HttpResponseBase:
    # The footer form's token was never set as this reader's cookie: set none, so that
    # nothing of one reader's reaches the next.
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False
    if etag is not None:
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=settings.CLOSED_PAGE_MAX_AGE)
    return response
