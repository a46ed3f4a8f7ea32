"""Playing without an account: the guest's API.

``POST /api/guest/`` gives the visitor a guest identity, in a signed cookie (no e-mail);
``GuestCookieAuthentication`` then lets the run endpoints (start, moves, finish, read,
analysis, submit) treat the guest as the player of its runs, with the same throttles
and witnessing as an account. Everything else sees a visitor. Submitting refuses a
guest's run (``sign_up_to_submit``) until the visitor signs up or logs in, which gives
the guest's runs to the account.
"""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from accounts.device import signup_record
from challenges.api.common import ERRORS
from challenges.errors import GuestAlreadyPlayer
from challenges.players.selectors import guest_expires_at, is_guest
from challenges.players.services import guest_create
from challenges.views.guest_cookie import GUEST_COOKIE, guest_cookie_set, guest_from_request
from config.csrf import CsrfSessionAuthentication
from config.throttling import AtomicScopedRateThrottle


class GuestCookieAuthentication(BaseAuthentication):
    """The guest whose signed cookie the request carries: its stand-in user plays.

    A cookie is sent by the browser on its own, so like the session it needs the CSRF
    token on unsafe methods."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        guest = guest_from_request(request._request)
        if guest is None:
            return None
        CsrfSessionAuthentication().enforce_csrf(request)
        return (guest.user, guest)


class GuestCookieScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "challenges.api.guests.GuestCookieAuthentication"
    name = "guestCookie"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "cookie", "name": GUEST_COOKIE}


# The run endpoints a guest may call: the defaults (a token, the session), then the guest.
# (DRF's settings hold the imported classes; its stubs say strings.)
_DEFAULTS = cast(list[type[BaseAuthentication]], list(api_settings.DEFAULT_AUTHENTICATION_CLASSES))
WITH_GUESTS: list[type[BaseAuthentication]] = [*_DEFAULTS, GuestCookieAuthentication]


class GuestSerializer(serializers.Serializer[Any]):
    guest = serializers.BooleanField(help_text="Always true: the request now plays as a guest.")
    expires_at = serializers.DateTimeField(
        help_text="Until when the guest and its runs are kept unless an account claims them."
    )


class GuestStartView(APIView):
    authentication_classes = WITH_GUESTS
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "guest_start"

    @extend_schema(
        operation_id="guest_start",
        summary="Play without an account: a guest identity in a signed cookie",
        description="Sets the guest's cookie (HttpOnly, a week) and answers with it; a "
        "request that already carries a guest's cookie keeps that guest. A guest starts, "
        "plays and finishes runs like a player; submitting needs an account: signing up "
        "or logging in before the challenge's `results_at` gives the guest's runs to it.",
        request=None,
        responses={
            200: OpenApiResponse(GuestSerializer, description="The guest the cookie names."),
            201: OpenApiResponse(GuestSerializer, description="A new guest."),
            403: OpenApiResponse(
                ERRORS, description="No CSRF token (csrf_failed; the play page sends it)."
            ),
            409: OpenApiResponse(ERRORS, description="Logged in already (already_logged_in)."),
            429: ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        user = request.user
        if user.is_authenticated and not is_guest(user):
            raise GuestAlreadyPlayer()
        guest = guest_from_request(request._request)
        made = guest is None
        if made:
            # Like a log-in, a new identity is only given to the site's own pages.
            CsrfSessionAuthentication().enforce_csrf(request)
        if guest is None:
            guest = guest_create()
        data = GuestSerializer(
            {"guest": True, "expires_at": guest_expires_at(created_at=guest.created_at)}
        ).data
        response = Response(data, status=status.HTTP_201_CREATED if made else status.HTTP_200_OK)
        if made:
            guest_cookie_set(response, guest)
            signup_record(request._request, response, player_id=guest.user_id)
        return response
