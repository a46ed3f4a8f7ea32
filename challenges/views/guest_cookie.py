"""The guest's signed cookie: reading it, setting it, and claiming the
guest's runs when the visitor signs up or logs in.

The cookie holds the guest's id, signed with the site's secret (Django's signed
cookies), so a visitor cannot make up or change one; it is HttpOnly and lives as long
as an unclaimed guest is kept (``GUEST_KEPT``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from challenges.models import Guest
from challenges.moderation.services import form_guest_claimed
from challenges.players.selectors import GUEST_KEPT, guest_of
from challenges.players.services import guest_runs_claim

GUEST_COOKIE = "tod_guest"
_SALT = "challenges.guest"


def guest_from_request(request: HttpRequest) -> Guest | None:
    """The guest whose cookie this request carries, if it is still kept."""
    raw = request.COOKIES.get(GUEST_COOKIE)
    if not raw:
        return None
    value = request.get_signed_cookie(GUEST_COOKIE, default=None, salt=_SALT, max_age=GUEST_KEPT)
    return guest_of(guest_id=value) if value else None


def guest_from_cookies(cookies: dict[str, str]) -> Guest | None:
    """The guest of a signed cookie among ``cookies`` (a socket's, which has no request)."""
    request = HttpRequest()
    request.COOKIES = dict(cookies)
    return guest_from_request(request)


def player_or_guest(request: HttpRequest) -> Any:
    """Who the request plays as: the logged-in user, else the guest's stand-in (its
    cookie), else the anonymous visitor. For the pages that show a player their own
    runs (the replay viewer), so a guest sees the runs it played too."""
    if request.user.is_authenticated:
        return request.user
    guest = guest_from_request(request)
    return guest.user if guest is not None else request.user


def guest_cookie_set(response: HttpResponse, guest: Guest) -> None:
    response.set_signed_cookie(
        GUEST_COOKIE,
        str(guest.id),
        salt=_SALT,
        max_age=int(GUEST_KEPT.total_seconds()),
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def guest_claim_on_login(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """``user_logged_in``: a visitor who played as a guest and now signs up or logs in
    gets the guest's runs of the challenges still taking entries."""
    if request is None:
        return
    guest = guest_from_request(request)
    if guest is not None and guest.user_id != user.pk:
        # Where the guest played stays with the account (its overlap check), then the
        # runs move and the guest goes.
        form_guest_claimed(guest_player_id=guest.user_id, player_id=user.pk)
        guest_runs_claim(guest_id=guest.pk, player_id=user.pk)
        # The cookie names a guest that is gone: the middleware drops it.
        request._guest_cookie_spent = True  # type: ignore[attr-defined]


class GuestCookieMiddleware:
    """Drops the guest's cookie from the answer once its runs were claimed."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse = self.get_response(request)
        if getattr(request, "_guest_cookie_spent", False):
            response.delete_cookie(GUEST_COOKIE, samesite="Lax")
        return response
