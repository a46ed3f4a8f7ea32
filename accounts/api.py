"""API endpoints for scripts: get a token, register an account (API.md)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.throttle import attempt_give_back, signup_turn_take
from config.api_errors import ErrorSerializer
from config.throttling import AtomicScopedRateThrottle


class InvalidCredentials(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "Unable to log in with that username and password."
    default_code = "invalid_credentials"


class TooManySignups(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = "Too many new accounts from your network today. Please try again later."
    default_code = "too_many_signups"


class CredentialsSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
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
        summary="Exchange a username and password for an API token",
        request=CredentialsSerializer,
        responses={200: TokenSerializer, 400: ErrorSerializer, 429: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        credentials = self.credentials(request)
        user = authenticate(
            request._request, username=credentials["username"], password=credentials["password"]
        )
        if user is None or not user.is_active:
            raise InvalidCredentials()
        token = services.user_token_get(user=user)
        return Response({"token": token, "username": user.get_username()})


class RegisterView(_AuthView):
    @extend_schema(
        operation_id="auth_register",
        summary="Create an account and get its API token",
        description="The password must pass the site's password rules.",
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
        except ValidationError:
            for scope, ident in taken:  # no account made: the turn is given back
                attempt_give_back(scope=scope, ident=ident)
            raise
        token = services.user_token_get(user=user)
        return Response(
            {"token": token, "username": user.get_username()}, status=status.HTTP_201_CREATED
        )
