"""The site's 400, 404 and 500 pages (config/urls.py's handler400, 404 and 500).

Paths under /api/ answer JSON with a `detail`, as API.md promises for every error;
everything else gets a styled page.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext
from django.views import defaults

API_PREFIX = "/api/"

logger = logging.getLogger(__name__)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A request Django refuses before any view (a Host not allowed, a suspicious
    operation): JSON under /api/, Django's own page elsewhere."""
    if _is_api(request):
        return JsonResponse({"detail": gettext("Bad request."), "code": "bad_request"}, status=400)
    return defaults.bad_request(request, exception or Exception())


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": gettext("Not found."), "code": "not_found"}, status=404)
    return HttpResponse(
        loader.render_to_string("404.html", {"path": request.path}, request=request),
        status=404,
    )


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(
            {"detail": gettext("Server error. Please try again shortly."), "code": "server_error"},
            status=500,
        )
    body: str
    try:
        # No request context: the failure may lie in a context processor or the session.
        body = loader.render_to_string("500.html")
    except Exception:
        logger.exception("the 500 page itself failed to render")
        body = "<!doctype html><title>Server error</title><h1>Server error</h1>"
    return HttpResponse(body, status=500)
