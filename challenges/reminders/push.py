"""The edge to the push services: one encrypted, VAPID-signed push through pywebpush.

pywebpush encrypts the payload to the browser's keys (aes128gcm, RFC 8291) and posts
it. The VAPID header is signed once per push service and hour, not per push (its claims
are the same for every push to one service), and each worker process keeps one HTTP
session, so a chunk's pushes to one service share their connections.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import requests
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPusher, WebPushException

# A signed header is good for 12 hours (the most push services take); it is signed anew
# when less than this is left.
_TOKEN_SECONDS = 12 * 3600
_TOKEN_RENEW_SECONDS = 11 * 3600


class Delivered(enum.Enum):
    SENT = "sent"
    # 404 or 410: the browser unsubscribed or the subscription expired; never again.
    GONE = "gone"
    # Anything else (a 5xx, 429, a timeout, no connection): worth another try.
    FAILED = "failed"


@dataclass
class Pusher:
    private_key: str
    subject: str
    timeout: float
    session: requests.Session = field(default_factory=requests.Session)
    _signed: dict[str, tuple[float, dict[str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._vapid = Vapid.from_string(private_key=self.private_key)

    def _headers(self, endpoint: str) -> dict[str, str]:
        parts = urlsplit(endpoint)
        audience = f"{parts.scheme}://{parts.netloc}"
        now = time.time()
        kept = self._signed.get(audience)
        if kept is None or kept[0] < now:
            claims = {"sub": self.subject, "aud": audience, "exp": int(now) + _TOKEN_SECONDS}
            kept = (now + _TOKEN_RENEW_SECONDS, dict(self._vapid.sign(claims)))
            self._signed[audience] = kept
        return dict(kept[1])

    def push(self, *, endpoint: str, p256dh: str, auth: str, payload: bytes, ttl: int) -> Delivered:
        subscription = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
        try:
            answer = WebPusher(subscription, requests_session=self.session).send(
                payload,
                headers=self._headers(endpoint),
                ttl=ttl,
                content_encoding="aes128gcm",
                timeout=self.timeout,
            )
        except requests.RequestException:
            return Delivered.FAILED
        except (ValueError, WebPushException):
            # Keys no payload can be encrypted to (the API checks them as they come):
            # no later try would do better.
            return Delivered.GONE
        if answer.status_code in (404, 410):
            return Delivered.GONE
        return Delivered.SENT if 200 <= answer.status_code < 300 else Delivered.FAILED


_pushers: dict[tuple[str, str], Pusher] = {}


def pusher() -> Pusher:
    """This process's pusher (its session and signed headers live as long as it does)."""
    key = (settings.VAPID_PRIVATE_KEY, settings.VAPID_SUBJECT)
    if key not in _pushers:
        _pushers[key] = Pusher(
            private_key=settings.VAPID_PRIVATE_KEY,
            subject=settings.VAPID_SUBJECT,
            timeout=settings.REMINDERS_PUSH_TIMEOUT,
        )
    return _pushers[key]
