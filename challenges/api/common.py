"""What the API's views share: the error schema, paging parameters, lookups."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from urllib.parse import urlencode

from django.contrib.auth.models import User
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request

from challenges.boards.services import leaderboard_version_loaded
from challenges.models import Challenge
from challenges.parsing import whole_number
from challenges.schedule.selectors import challenge_row
from config.api_errors import ErrorSerializer

LEADERBOARD_PAGE_SIZE = 50
LEADERBOARD_PAGE_SIZE_MAX = 100
HISTORY_PAGE_SIZE = 30

ERRORS = ErrorSerializer
# whole_number reads at most 12 digits: the schema says so, not only the parser.
PAGE_MAX = 999_999_999_999
PAGE = OpenApiParameter(
    "page",
    {"type": "integer", "minimum": 1, "maximum": PAGE_MAX},
    description="1-based page number.",
)


def positive_int(request: Request, name: str, default: int, maximum: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    value = whole_number(raw)
    if value is None or value < 1:
        raise ValidationError(
            {
                name: [
                    gettext("must be a whole number from 1 up, not %(value)s.")
                    % {"value": repr(raw[:20])}
                ]
            }
        )
    if maximum is not None and value > maximum:
        raise ValidationError(
            {name: [gettext("must be at most %(maximum)s.") % {"maximum": maximum}]}
        )
    return value


def url_with(request: Request, *, keep: Sequence[str] | None = None, **params: object) -> str:
    """This request's address with ``params`` set (and its paging dropped); only the
    parameters ``keep`` names carried over when it is given."""
    query = request.query_params.copy()
    if keep is not None:
        for key in [key for key in query if key not in keep]:
            query.pop(key)
    for key in ("page", "cursor"):
        query.pop(key, None)
    for key, value in params.items():
        query[key] = str(value)
    return request.build_absolute_uri(f"{request.path}?{urlencode(sorted(query.items()))}")


def challenge_or_404(challenge_id: int) -> Challenge:
    challenge = challenge_row(number=challenge_id)
    if challenge is None:
        raise NotFound(gettext("There is no challenge #%(id)s.") % {"id": challenge_id})
    leaderboard_version_loaded(challenge=challenge)  # read just now: no second read
    return challenge


def player_of(request: Request) -> User:
    """The logged-in player (views using this require authentication)."""
    assert isinstance(request.user, User)
    return request.user


def iso(moment: datetime) -> str:
    """A UTC time as DRF writes it (``...Z``)."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")
