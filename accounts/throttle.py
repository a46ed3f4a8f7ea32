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
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from config.client_address import client_address
from config.resilient_cache import window_count_local


def client_ident(*, request: HttpRequest) -> str:
    """Who is knocking: the client's address as every limit counts it."""
    return client_address(request)


def _key(scope: str, ident: str) -> str:
    # Hashed so that a user name or address never becomes part of a cache key verbatim.
    return f"form-throttle:{scope}:{hashlib.sha256(ident.encode()).hexdigest()[:32]}"


def window_count_take(*, scope: str, ident: str, window_seconds: int) -> int:
    """Count one attempt; how many the window holds now, this one included (the window
    starts with its first attempt)."""
    store = caches["limits"]
    window_count = getattr(store, "window_count", None)
    key = _key(scope, ident)
    if window_count is not None:
        return int(window_count(key, window_seconds))
    return window_count_local(store, key, window_seconds)


def attempt_take(*, scope: str, ident: str, limit: int, window_seconds: int) -> bool:
    """Count one attempt and say whether it is within ``limit`` for the window."""
    return window_count_take(scope=scope, ident=ident, window_seconds=window_seconds) <= limit


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


@dataclass(frozen=True)
class LoginAttempt:
    """One log-in attempt, counted: the counters it took (given back if it succeeds),
    and why it is refused before any password is checked (None: check it)."""

    taken: list[tuple[str, str]]
    refusal: Promise | None
    known_key: str


LOGIN_REFUSED_HERE = gettext_lazy(
    "Too many failed log-ins for this name from your network. Please wait a few minutes "
    "and try again."
)
LOGIN_REFUSED_NAME = gettext_lazy(
    "Too many failed log-ins for this name. Please wait a few minutes and try again."
)


def login_attempt_take(*, request: HttpRequest, username: str) -> LoginAttempt:
    """Count one log-in attempt against three limits of failures (successes are given
    back), and say whether it is refused before the password is checked:

    - per (name, address): this name from this network, whoever else tries it
      elsewhere; nobody locks a player out by name from the player's own address;
    - per name across addresses: a name guessed from many networks at once is refused
      everywhere, but at an address where it logged in before (``login_known``);
    - per address across names: past it, the address may try no name it has already
      failed on in the window, one guess at most for each other name. It never refuses
      a name the address has not tried: a right password of another player behind the
      same network (an office, a phone carrier) still logs in.

    A refused attempt still counts: a locked door does not reopen by knocking.
    """
    address = client_ident(request=request)
    name = username.strip().lower()
    window = int(settings.LOGIN_FAILURES_WINDOW_SECONDS)
    pair = f"{name}\n{address}"
    counts = {
        scope: window_count_take(scope=scope, ident=ident, window_seconds=window)
        for scope, ident in (("login-pair", pair), ("login-name", name), ("login-client", address))
    }
    known_key = _key("login-known", pair)
    known = caches["limits"].get(known_key) is not None
    refusal: Promise | None = None
    if counts["login-pair"] > int(settings.LOGIN_FAILURES_LIMIT):
        refusal = LOGIN_REFUSED_HERE
    elif counts["login-name"] > int(settings.LOGIN_NAME_FAILURES_LIMIT) and not known:
        refusal = LOGIN_REFUSED_NAME
    elif (
        counts["login-client"] > int(settings.LOGIN_CLIENT_FAILURES_LIMIT)
        and counts["login-pair"] > 1
        and not known
    ):
        refusal = LOGIN_REFUSED_HERE
    taken = [("login-pair", pair), ("login-name", name), ("login-client", address)]
    return LoginAttempt(taken=taken, refusal=refusal, known_key=known_key)


def login_succeeded(*, attempt: LoginAttempt) -> None:
    """The password was right: give the attempt back to every limit (only failures
    count), and remember this name at this address, where the name-wide limit will not
    refuse it."""
    for scope, ident in attempt.taken:
        attempt_give_back(scope=scope, ident=ident)
    caches["limits"].set(attempt.known_key, 1, int(settings.LOGIN_KNOWN_DAYS) * 86_400)
