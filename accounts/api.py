"""API endpoints for scripts: get a token, register an account (API.md).

Each call makes a new token: only its hash is kept (accounts.models.ApiToken), so the
secret can be handed out once, here, and never again. The password is guessed no more
easily here than on the log-in page: the same failure limits per (user name, address)
and per address (accounts/throttle.py) count both, on top of the API's own rate.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.device import signup_record
from accounts.models import ApiToken
from accounts.throttle import (
    LOGIN_REFUSED_HERE,
    attempt_give_back,
    login_attempt_take,
    login_succeeded,
    signup_turn_take,
)
from config.api_errors import ErrorSerializer
from config.throttling import AtomicScopedRateThrottle


class InvalidCredentials(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = _("Unable to log in with that username and password.")
    default_code = "invalid_credentials"


class TooManySignups(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = _("Too many new accounts from your network today. Please try again later.")
    default_code = "too_many_signups"


class TooManyFailedLogins(APIException):
    """Refused before the password is checked: this name from this network, or this
    name everywhere (the detail says which)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = LOGIN_REFUSED_HERE
    default_code = "too_many_failed_logins"


class UsernameConfusable(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = _("username: That name looks too much like another player's.")
    default_code = services.USERNAME_CONFUSABLE_CODE


def _username_confusable(error: ValidationError) -> str | None:
    """All of ``error``'s messages in one sentence ("username: ... password: ..."), when
    one of them refuses a look-alike name; else None."""
    fields = getattr(error, "error_dict", {})
    codes = {problem.code for problem in fields.get("username", [])}
    if services.USERNAME_CONFUSABLE_CODE not in codes:
        return None
    return " ".join(
        f"{field}: {message}"
        for field, messages in error.message_dict.items()
        for message in messages
    )


class CredentialsSerializer(serializers.Serializer[Any]):
    # The shape of every name an account can have (Django's username validator): a
    # blank or spaced name is refused as malformed, before any account is looked up.
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150, min_length=1)
    password = serializers.CharField(max_length=4096, min_length=1, trim_whitespace=False)


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(
        help_text="Send as `Authorization: Token <token>`. Shown this once: only its hash "
        "is kept. Each call makes a new token; the player's settings page lists, rotates "
        "and revokes them."
    )
    username = serializers.CharField()


class _AuthView(APIView):
    authentication_classes: list[type] = []
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "auth"

    def credentials(self, request: Request) -> dict[str, str]:
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)


class TokenObtainView(_AuthView):
    @extend_schema(
        operation_id="auth_token",
        summary="Exchange a username and password for a new API token",
        description=(
            "Every call makes a new token (its secret is in this answer only). A player "
            "keeps the most recently used `API_TOKENS_PER_USER` (20) tokens made this way; "
            "making one more retires the one unused longest. Failed attempts count against "
            "the same limits as the log-in page (429 `too_many_failed_logins`)."
        ),
        request=CredentialsSerializer,
        responses={200: TokenSerializer, 400: ErrorSerializer, 429: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        credentials = self.credentials(request)
        attempt = login_attempt_take(request=request._request, username=credentials["username"])
        if attempt.refusal is not None:
            raise TooManyFailedLogins(str(attempt.refusal))
        user = authenticate(
            request._request, username=credentials["username"], password=credentials["password"]
        )
        if user is None or not user.is_active:
            raise InvalidCredentials()
        login_succeeded(attempt=attempt)  # only failures count
        issued = services.api_token_create(user=user, origin=ApiToken.Origin.PASSWORD)
        return Response({"token": issued.secret, "username": user.get_username()})


class RegisterView(_AuthView):
    @extend_schema(
        operation_id="auth_register",
        summary="Create an account and get its API token",
        description=(
            "The password must pass the site's password rules. The name is NFKC-folded, "
            "unique whatever its case, and refused when it looks like an existing name "
            "(400 `username_confusable`)."
        ),
        request=CredentialsSerializer,
        responses={201: TokenSerializer, 400: ErrorSerializer, 429: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        credentials = self.credentials(request)
        taken = signup_turn_take(request=request._request)
        if taken is None:
            raise TooManySignups()
        try:
            user = services.user_register(
                username=credentials["username"], password=credentials["password"]
            )
        except ValidationError as error:
            for scope, ident in taken:  # no account made: the turn is given back
                attempt_give_back(scope=scope, ident=ident)
            look_alike = _username_confusable(error)
            if look_alike is not None:
                raise UsernameConfusable(look_alike) from error
            raise
        issued = services.api_token_create(user=user, origin=ApiToken.Origin.PASSWORD)
        response = Response(
            {"token": issued.secret, "username": user.get_username()},
            status=status.HTTP_201_CREATED,
        )
        signup_record(request._request, response, player_id=user.pk)
        return response
