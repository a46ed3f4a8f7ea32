"""CSRF refusals: one answer, ``403 csrf_failed``, wherever the check is made.

Two places check the token. The CSRF middleware runs before URL resolution, so a POST
to any path, even one that matches nothing, can be refused there; under /api/ it must
still answer in the API's shape (``csrf_failure``). The API's own views are exempt from
the middleware and check it in their authentication (a session, a guest's cookie), as
DRF does; ``CsrfSessionAuthentication.enforce_csrf`` raises ``CsrfFailed`` there, so a
script sees the same code whichever of the two refused it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views.csrf import csrf_failure as django_csrf_failure
from drf_spectacular.authentication import SessionScheme
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication

CSRF_DETAIL = _(
    "CSRF check failed: a browser session must send the CSRF token "
    "(scripts should use an API token instead)."
)


class CsrfFailed(exceptions.PermissionDenied):
    default_detail = CSRF_DETAIL
    default_code = "csrf_failed"


class CsrfSessionAuthentication(SessionAuthentication):
    """DRF's session authentication, its CSRF refusal coded ``csrf_failed``."""

    def enforce_csrf(self, request: Any) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as refused:
            raise CsrfFailed() from refused


class CsrfSessionScheme(SessionScheme):  # type: ignore[no-untyped-call]
    """The schema names it as DRF's session (``cookieAuth``)."""

    target_class = "config.csrf.CsrfSessionAuthentication"


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(CSRF_DETAIL), "code": "csrf_failed"}, status=403)
    return django_csrf_failure(request, reason=reason)
