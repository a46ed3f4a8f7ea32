"""A push service on loopback for the tests and the fan-out benchmark: a real HTTP server
(a thread) that takes Web Push requests as a browser's push service does.

Each subscriber is a browser made here: its own P-256 key pair and auth secret, so the
payload the site encrypted (aes128gcm, RFC 8291) is decrypted with the subscriber's
private key, and the VAPID header (RFC 8292) is checked against the site's public key.
A subscriber's ``answers`` say what the service answers its pushes in turn (201 when
they run out): 404 or 410 for a browser gone, 500 for a failure worth retrying.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    name: str
    endpoint: str
    answers: list[int] = field(default_factory=list)
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64(point)

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives in a browser."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)}}


@dataclass
class Delivery:
    browser: str
    status: int
    at: float
    payload: dict[str, Any] | None = None
    claims: dict[str, Any] | None = None
    vapid_key: str | None = None
    ttl: str | None = None


def vapid_claims(header: str) -> tuple[dict[str, Any], str]:
    """The claims of a ``vapid t=...,k=...`` Authorization header, its signature checked
    against the key it names (raises if it does not verify); and that key."""
    scheme, _, rest = header.partition(" ")
    assert scheme == "vapid", header
    parts = dict(item.split("=", 1) for item in rest.split(","))
    token, key = parts["t"], parts["k"]
    head, body, signature = token.split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(unb64(body)), key


class PushService:
    """``with PushService(decrypt=True) as service``: ``service.browser(name)`` makes a
    subscriber; ``service.deliveries`` are the pushes taken, in order."""

    def __init__(self, *, decrypt: bool = True) -> None:
        self.decrypt = decrypt
        self.browsers: dict[str, Browser] = {}
        self.deliveries: list[Delivery] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"

    def browser(self, name: str, answers: list[int] | None = None) -> Browser:
        made = Browser(
            name=name, endpoint=f"{self.origin}/push/{name}", answers=list(answers or [])
        )
        self.browsers[name] = made
        return made

    def _take(self, name: str, headers: Any, body: bytes) -> int:
        with self._lock:
            browser = self.browsers.get(name)
            status = (
                404 if browser is None else (browser.answers.pop(0) if browser.answers else 201)
            )
        delivery = Delivery(
            browser=name, status=status, at=time.monotonic(), ttl=headers.get("TTL")
        )
        if self.decrypt and browser is not None and status == 201:
            assert headers.get("Content-Encoding") == "aes128gcm"
            plain = http_ece.decrypt(
                body, private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"
            )
            delivery.payload = json.loads(plain)
            delivery.claims, delivery.vapid_key = vapid_claims(headers["Authorization"])
        with self._lock:
            self.deliveries.append(delivery)
        return status

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as push services

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                name = self.path.rsplit("/", 1)[-1]
                try:
                    status = service._take(name, self.headers, body)
                except Exception as error:  # a payload that does not decrypt or verify
                    status = 400
                    with service._lock:
                        service.deliveries.append(
                            Delivery(browser=f"{name}: {error!r}", status=400, at=time.monotonic())
                        )
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler

    def sent_to(self, name: str) -> list[Delivery]:
        with self._lock:
            return [d for d in self.deliveries if d.browser == name]

    def __enter__(self) -> PushService:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
