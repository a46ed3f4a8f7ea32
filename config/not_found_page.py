"""The site's own 404 page in development too.

With DEBUG on, Django answers a missing page with its technical 404 (the URL patterns
tried), so a developer never sees the page players get. This middleware, last in the
chain, replaces that HTML 404 with the site's ``404.html``; API paths keep their JSON
404 and static files theirs. In production (DEBUG off) it changes nothing: Django
already renders ``handler404`` there.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.defaults import page_not_found

API_PREFIX = "/api/"


class SiteNotFoundPage:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        technical = (
            settings.DEBUG
            and response.status_code == 404
            and response.get("Content-Type", "").startswith("text/html")
            and not request.path.startswith((API_PREFIX, settings.STATIC_URL or "/static/"))
        )
        if technical:
            return page_not_found(request, Http404())
        return response
