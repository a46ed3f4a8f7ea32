"""Where an account is made: the sign-up's network and a device cookie, kept as keyed
hashes on the player's form (docs/trust.md), so the moderators' desk can tell accounts
made together. The address itself is never stored."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from accounts.throttle import client_ident
from challenges.moderation.services import form_signup_record

DEVICE_COOKIE = "tri_device"
# Long enough to outlive a patient sybil's ageing of accounts.
DEVICE_COOKIE_SECONDS = 2 * 365 * 24 * 3600


def device_id(request: HttpRequest) -> str:
    """The browser's device id: the cookie's, or a new random one."""
    value = request.COOKIES.get(DEVICE_COOKIE, "")
    if len(value) == 32 and all(c in "0123456789abcdef" for c in value):
        return value
    return secrets.token_hex(16)


def signup_record(request: HttpRequest, response: HttpResponseBase, *, player_id: int) -> None:
    """Record the new account's (or guest's) network and device; the device cookie goes
    back with ``response`` so the next account made in this browser shares it."""
    device = device_id(request)
    form_signup_record(player_id=player_id, address=client_ident(request=request), device_id=device)
    response.set_cookie(
        DEVICE_COOKIE,
        device,
        max_age=DEVICE_COOKIE_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
