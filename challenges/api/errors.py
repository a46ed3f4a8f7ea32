"""Every API error becomes JSON with a human ``detail`` (and a machine ``code``).

The ``code`` is English and stable, for programs; the ``detail`` is in the request's
language (Accept-Language, or the site's language cookie: docs/i18n.md). DRF's own
errors (parse errors, 401/403, 404, 405, 415, throttling) keep their status, with
DRF's own translated detail or a clearer one of ours; the service's refusals map to
statuses here; validation errors are flattened into one readable sentence with the
per-field messages alongside.
Anything unexpected is logged and answered as a JSON 500 rather than an HTML page.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.views import exception_handler

from challenges.boards.selectors import CursorInvalid, PageOutOfRange
from challenges.errors import (
    ChallengeNotFound,
    ChallengeNotOpen,
    EntriesClosed,
    EntryAlreadyReported,
    EntryAlreadySubmitted,
    EntryNotFound,
    EntryNotHeld,
    EntryNotReportable,
    FollowSelf,
    FollowsLimitReached,
    GuestAlreadyPlayer,
    GuestRunNotSubmittable,
    MovesConflict,
    PuzzleLocked,
    PuzzleNotFound,
    PuzzleNotSolved,
    PuzzleTooFast,
    ResultsNotOut,
    RunAlreadyFinished,
    RunClockRunning,
    RunDeadlinePassed,
    RunNotEligible,
    RunNotFound,
    RunNotSubmittable,
    RunsLimitReached,
    ServiceError,
)
from config.database_outage import database_down

logger = logging.getLogger(__name__)

SERVICE_STATUS: dict[type[ServiceError], int] = {
    ChallengeNotFound: status.HTTP_404_NOT_FOUND,
    EntryNotFound: status.HTTP_404_NOT_FOUND,
    ChallengeNotOpen: status.HTTP_409_CONFLICT,
    ResultsNotOut: status.HTTP_409_CONFLICT,
    RunNotFound: status.HTTP_404_NOT_FOUND,
    RunAlreadyFinished: status.HTTP_409_CONFLICT,
    RunClockRunning: status.HTTP_409_CONFLICT,
    RunDeadlinePassed: status.HTTP_409_CONFLICT,
    RunNotSubmittable: status.HTTP_400_BAD_REQUEST,
    RunNotEligible: status.HTTP_400_BAD_REQUEST,
    RunsLimitReached: status.HTTP_429_TOO_MANY_REQUESTS,
    FollowsLimitReached: status.HTTP_409_CONFLICT,
    MovesConflict: status.HTTP_409_CONFLICT,
    EntryNotHeld: status.HTTP_409_CONFLICT,
    EntryAlreadySubmitted: status.HTTP_409_CONFLICT,
    EntriesClosed: status.HTTP_409_CONFLICT,
    EntryNotReportable: status.HTTP_409_CONFLICT,
    EntryAlreadyReported: status.HTTP_409_CONFLICT,
    FollowSelf: status.HTTP_400_BAD_REQUEST,
    GuestRunNotSubmittable: status.HTTP_403_FORBIDDEN,
    GuestAlreadyPlayer: status.HTTP_409_CONFLICT,
    PuzzleNotFound: status.HTTP_404_NOT_FOUND,
    PuzzleLocked: status.HTTP_403_FORBIDDEN,
    # Like a filling the rules refuse: the time is judged against the puzzle.
    PuzzleTooFast: status.HTTP_422_UNPROCESSABLE_ENTITY,
}


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "too_large"


def _flatten(errors: Any, prefix: str = "") -> list[str]:
    if isinstance(errors, dict):
        lines: list[str] = []
        for field, value in errors.items():
            name = "" if field in ("non_field_errors", "__all__") else str(field)
            lines += _flatten(value, f"{prefix}.{name}" if prefix and name else prefix or name)
        return lines
    if isinstance(errors, list):
        return [line for item in errors for line in _flatten(item, prefix)]
    return [f"{prefix}: {errors}" if prefix else str(errors)]


def _error(detail: str, code: str, status_code: int, **extra: Any) -> Response:
    return Response({"detail": detail, "code": code, **extra}, status=status_code)


def _throttled_detail(wait: float | None) -> str:
    if wait is None:
        return gettext("Too many requests; please slow down.")
    seconds = max(1, round(wait))
    return ngettext(
        "Too many requests; try again in %(seconds)s second.",
        "Too many requests; try again in %(seconds)s seconds.",
        seconds,
    ) % {"seconds": seconds}


def _domain_answer(exc: Exception) -> Response | None:
    """The answer to an error of the rooms or of Django's request handling, or None."""
    if isinstance(exc, RunDeadlinePassed):
        run = exc.run
        return _error(
            str(exc.detail), exc.code, 409, id=str(run.id), status=run.status, valid=False
        )
    if isinstance(exc, MovesConflict):
        return _error(str(exc.detail), exc.code, 409, received=exc.received)
    if isinstance(exc, RunNotEligible) and exc.ineligible is not None:
        return _error(str(exc.detail), exc.code, 400, ineligible=exc.ineligible)
    if isinstance(exc, PuzzleNotSolved):
        return _error(str(exc.detail), exc.code, 422, index=exc.index)
    if isinstance(exc, ServiceError):
        return _error(
            str(exc.detail),
            exc.code,
            SERVICE_STATUS.get(type(exc), getattr(exc, "http_status", 400)),
        )
    if isinstance(exc, PageOutOfRange):
        return _error(str(exc), "page_not_found", 404, num_pages=exc.num_pages)
    if isinstance(exc, CursorInvalid):
        return _error(str(exc), "invalid_cursor", 400)
    if isinstance(exc, RequestDataTooBig):
        return _error(gettext("The request body is too large."), "too_large", 413)
    if isinstance(exc, SuspiciousOperation):
        return _error(gettext("The request was malformed."), "bad_request", 400)
    return None


def _framework_answer(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's answer to one of its errors (or Django's), reshaped to ``detail`` and
    ``code``; None for anything else."""
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(as_serializer_error(exc))
    if isinstance(exc, exceptions.Throttled):
        response = exception_handler(exc, context)
        assert response is not None
        wait: float | None = getattr(exc, "wait", None)
        response.data = {"detail": _throttled_detail(wait), "code": "throttled", "wait": wait}
        return response
    if isinstance(exc, exceptions.ValidationError):
        response = exception_handler(exc, context)
        assert response is not None
        fields = response.data
        detail = " ".join(_flatten(fields)) or gettext("The request was invalid.")
        response.data = {"detail": detail, "code": "invalid", "errors": fields}
        return response
    if isinstance(exc, Http404 | DjangoPermissionDenied | exceptions.APIException):
        response = exception_handler(exc, context)
        if response is not None:
            code = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
            data = response.data if isinstance(response.data, dict) else {}
            response.data = {
                "detail": str(data.get("detail", gettext("The request failed."))),
                "code": code if isinstance(code, str) else _status_code_name(response.status_code),
            }
            return response
    return None


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if database_down(exc):
        # Raised on to config.database_outage's middleware: a 503, or a read's last copy.
        return None
    answer = _domain_answer(exc)
    if answer is None:
        answer = _framework_answer(exc, context)
    if answer is not None:
        return answer
    logger.exception("unhandled error in %s", context.get("view").__class__.__name__, exc_info=exc)
    return _error(
        gettext("Something went wrong on our side; please try again."), "server_error", 500
    )


def _status_code_name(status_code: int) -> str:
    return {404: "not_found", 403: "permission_denied", 405: "method_not_allowed"}.get(
        status_code, "error"
    )


def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """JSON 404 for any /api/ path that matches no endpoint (Django's 404 page is HTML)."""
    detail = gettext("No API endpoint at %(path)s.") % {"path": request.path}
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            detail += " " + gettext("Did you mean %(path)s/ (with the trailing slash)?") % {
                "path": request.path
            }
    return JsonResponse({"detail": detail, "code": "not_found"}, status=404)
