"""CSRF refusals: JSON under /api/ (every API answer is JSON), the site's page elsewhere.

The CSRF middleware runs before URL resolution, so a POST to any path, even one that
matches nothing, can be refused here; the API must still answer in its own shape.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.csrf import csrf_failure as django_csrf_failure


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(
            {
                "detail": gettext(
                    "CSRF check failed: a browser session must send the CSRF token "
                    "(scripts should use an API token instead)."
                ),
                "code": "csrf_failed",
            },
            status=403,
        )
    return django_csrf_failure(request, reason=reason)
