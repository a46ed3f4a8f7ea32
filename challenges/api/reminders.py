"""Reminders by Web Push: whether they are offered, and one browser's subscription on
and off (docs/reminders.md). Only the database is touched: no broker, no push service,
so a Redis fault never fails these requests."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api.common import ERRORS, player_of
from challenges.parsing import time_zone
from challenges.reminders import selectors, services
from config.throttling import AtomicScopedRateThrottle

KINDS = [kind.value for kind in services.Reminder]


def _key_bytes(text: str, size: int, message: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise serializers.ValidationError(message) from None
    if len(raw) != size:
        raise serializers.ValidationError(message)
    return text


class KeysSerializer(serializers.Serializer[Any]):
    p256dh = serializers.CharField(max_length=128)
    auth = serializers.CharField(max_length=64)

    def validate_p256dh(self, value: str) -> str:
        message = str(_("Not a browser's public key."))
        raw = base64.urlsafe_b64decode(_key_bytes(value, 65, message) + "=" * (-len(value) % 4))
        try:  # a point on P-256, or no payload can be encrypted to it
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise serializers.ValidationError(message) from None
        return value

    def validate_auth(self, value: str) -> str:
        return _key_bytes(value, 16, str(_("Not a push authentication secret.")))


class SubscriptionSerializer(serializers.Serializer[Any]):
    endpoint = serializers.URLField(max_length=1024)
    keys = KeysSerializer()
    time_zone = serializers.CharField(max_length=64, required=False, default="UTC")
    reminders = serializers.ListField(
        child=serializers.ChoiceField(choices=KINDS), max_length=len(KINDS), default=KINDS
    )

    def validate_time_zone(self, value: str) -> str:
        if time_zone(value) is None:
            raise serializers.ValidationError(_("Not a time zone."))
        return value


class TextOnlyField(serializers.CharField):
    """A JSON string and nothing else (DRF's CharField takes the number 0 as "0")."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class EndpointSerializer(serializers.Serializer[Any]):
    # Compared, never fetched: any string names no subscription but its own.
    endpoint = TextOnlyField(min_length=1, max_length=1024)


class ReminderStateSerializer(serializers.Serializer[Any]):
    offered = serializers.BooleanField(help_text="After the player's first finished run.")
    public_key = serializers.CharField(help_text="The VAPID public key (applicationServerKey).")
    kinds = serializers.ListField(child=serializers.CharField())
    browsers = serializers.IntegerField(help_text="The player's browsers with reminders on.")
    quiet_from = serializers.CharField(help_text="Quiet hours start (HH:MM, the player's clock).")
    quiet_until = serializers.CharField(help_text="Quiet hours end (HH:MM, the player's clock).")


class SubscribedSerializer(serializers.Serializer[Any]):
    endpoint = serializers.CharField()
    reminders = serializers.ListField(child=serializers.CharField())
    language = serializers.CharField()
    time_zone = serializers.CharField()


class ReminderStateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="reminders_read",
        summary="Whether reminders are offered, and the key to subscribe with",
        responses={200: ReminderStateSerializer, 401: ERRORS, 403: ERRORS},
    )
    def get(self, request: Request) -> Response:
        state = selectors.reminder_state(player_id=player_of(request).pk)
        data = {
            "offered": state.offered,
            "public_key": state.public_key,
            "kinds": list(state.kinds),
            "browsers": len(state.browsers),
            "quiet_from": state.quiet[0],
            "quiet_until": state.quiet[1],
        }
        return Response(ReminderStateSerializer(data).data)


class SubscriptionView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "reminders"

    @extend_schema(
        operation_id="reminders_subscribe",
        summary="Turn reminders on for this browser",
        description="The browser's push subscription (PushSubscription.toJSON()), the "
        "player's time zone and the reminders wanted. Said in the request's language. "
        "Offered after the player's first finished run (403 reminders_not_offered before).",
        request=SubscriptionSerializer,
        responses={200: SubscribedSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS, 429: ERRORS},
    )
    def put(self, request: Request) -> Response:
        body = SubscriptionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        keys = data["keys"]
        saved = services.subscription_save(
            player_id=player_of(request).pk,
            endpoint=data["endpoint"],
            p256dh=keys["p256dh"],
            auth=keys["auth"],
            language=get_language(),
            time_zone=data["time_zone"],
            kinds=list(data["reminders"]),
        )
        answer = {
            "endpoint": saved.endpoint,
            "reminders": selectors.reminder_kinds_of(saved),
            "language": saved.language,
            "time_zone": saved.time_zone,
        }
        return Response(SubscribedSerializer(answer).data, status=status.HTTP_200_OK)


class UnsubscribeView(APIView):
    """A POST, not a DELETE on the subscription: the endpoint goes in a body (a URL in
    the query would be written to access logs), and DELETE has none in OpenAPI."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "reminders"

    @extend_schema(
        operation_id="reminders_unsubscribe",
        summary="Turn reminders off for this browser",
        description="Forgets this browser's subscription (nothing if it was not the player's).",
        request=EndpointSerializer,
        responses={204: None, 400: ERRORS, 401: ERRORS, 403: ERRORS, 429: ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = EndpointSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.subscription_remove(
            player_id=player_of(request).pk, endpoint=body.validated_data["endpoint"]
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
