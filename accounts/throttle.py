"""Fixed-window limits for the HTML log-in (the site's and the admin's) and sign-up forms.

The API has its own throttles (config/throttling.py); both count in the limits' own
store (the ``"limits"`` cache alias, config.limit_store), which no cached read can
evict, and both learn the client's address in one place (config.client_address).
Each attempt is taken before the work it guards, with one atomic increment, so
attempts that arrive together cannot slip past a limit; a log-in that succeeds gives
its attempt back, so only failures count and a player who types their password right
is never slowed down.
"""

from __future__ import annotations

import contextlib
import hashlib

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest

from config.client_address import client_address
from config.resilient_cache import window_count_local


def client_ident(*, request: HttpRequest) -> str:
    """Who is knocking: the client's address as every limit counts it."""
    return client_address(request)


def _key(scope: str, ident: str) -> str:
    # Hashed so that a user name or address never becomes part of a cache key verbatim.
    return f"form-throttle:{scope}:{hashlib.sha256(ident.encode()).hexdigest()[:32]}"


def attempt_take(*, scope: str, ident: str, limit: int, window_seconds: int) -> bool:
    """Count one attempt and say whether it is within ``limit`` for the window (which
    starts with the window's first attempt)."""
    store = caches["limits"]
    window_count = getattr(store, "window_count", None)
    key = _key(scope, ident)
    if window_count is not None:
        count = int(window_count(key, window_seconds))
    else:
        count = window_count_local(store, key, window_seconds)
    return bool(count <= limit)


def attempt_give_back(*, scope: str, ident: str) -> None:
    """Uncount an attempt that turned out not to count (a log-in that succeeded)."""
    # A ValueError: the window ended meanwhile, and there is nothing left to give back.
    with contextlib.suppress(ValueError):
        caches["limits"].decr(_key(scope, ident))


def signup_turn_take(*, request: HttpRequest) -> list[tuple[str, str]] | None:
    """Take one account-making turn for the client's address, per hour and per day
    (sign-up page and register API alike): the counters taken, or None when one is
    used up. Give the turns back when no account was made."""
    address = client_ident(request=request)
    limits = [
        ("signup", int(settings.SIGNUPS_LIMIT), int(settings.SIGNUPS_WINDOW_SECONDS)),
        ("signup-day", int(settings.SIGNUPS_PER_DAY_LIMIT), 86_400),
    ]
    allowed = True
    for scope, limit, window in limits:
        allowed &= attempt_take(scope=scope, ident=address, limit=limit, window_seconds=window)
    return [(scope, address) for scope, _, _ in limits] if allowed else None


def login_limits(*, request: HttpRequest, username: str) -> list[tuple[str, str, int]]:
    """The log-in limits a request counts against, as (scope, ident, limit).

    Per (user name, address) pair, so nobody can lock a player out by name from their
    own address: the player still logs in from anywhere else. And per address, higher,
    so one address cannot try name after name.
    """
    address = client_ident(request=request)
    limits = [("login-client", address, int(settings.LOGIN_CLIENT_FAILURES_LIMIT))]
    name = username.strip().lower()
    if name:
        limits.append(("login-pair", f"{name}\n{address}", int(settings.LOGIN_FAILURES_LIMIT)))
    return limits


def login_attempt_take(*, request: HttpRequest, username: str) -> list[tuple[str, str]] | None:
    """Take one log-in attempt against every limit: the counters taken, or None when a
    limit is used up (the attempt still counts: a locked door does not reopen by
    knocking)."""
    window = int(settings.LOGIN_FAILURES_WINDOW_SECONDS)
    taken, allowed = [], True
    for scope, ident, limit in login_limits(request=request, username=username):
        allowed &= attempt_take(scope=scope, ident=ident, limit=limit, window_seconds=window)
        taken.append((scope, ident))
    return taken if allowed else None
