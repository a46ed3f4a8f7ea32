"""Fixed-window limits for the HTML log-in and sign-up forms.

The API has DRF's throttles; the forms need their own, counted in the cache (Redis in
production, so every web process sees the same counts). Log-in counts only failures,
so a player who types their password right is never slowed down.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import HttpRequest


def client_ident(*, request: HttpRequest) -> str:
    """Who is knocking: the client address as the nearest trusted proxy saw it."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    address = forwarded.split(",")[-1].strip() if forwarded else ""
    return address or request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(scope: str, ident: str) -> str:
    # Hashed so that a user name or address never becomes part of a cache key verbatim.
    return f"form-throttle:{scope}:{hashlib.sha256(ident.encode()).hexdigest()[:32]}"


def attempts_exceeded(*, scope: str, ident: str, limit: int) -> bool:
    """True once ``ident`` has used up its ``limit`` attempts in the current window."""
    return int(cache.get(_key(scope, ident), 0)) >= limit


def attempt_record(*, scope: str, ident: str, window_seconds: int) -> None:
    """Count one attempt; the window starts with the first attempt."""
    key = _key(scope, ident)
    if not cache.add(key, 1, timeout=window_seconds):
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window_seconds)
