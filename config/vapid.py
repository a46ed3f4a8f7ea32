"""The site's VAPID key pair (Web Push's application server keys), from the environment.

``VAPID_PRIVATE_KEY`` is the raw P-256 private key, URL-safe base64 (32 bytes), and
``VAPID_PUBLIC_KEY`` its public point, uncompressed (65 bytes): what browsers take as
``applicationServerKey``. ``python -m config.vapid`` prints a new pair.

Production refuses to start without both (a subscription is bound to the public key, so
a key made up at start would orphan every subscriber). Development and tests use a pair
made on this machine at first use and kept in ``.vapid-dev-key`` (git-ignored, 0600): no
private key is ever committed, and every process of a checkout shares the pair.
"""

from __future__ import annotations

import base64
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_of(private: str) -> str:
    """The public key (uncompressed point, URL-safe base64) of a raw private key."""
    try:
        raw = _unb64(private.strip())
        if len(raw) != 32:
            raise ValueError("not 32 bytes")
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except ValueError as error:
        raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY is not a raw P-256 key: {error}") from None
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(point)


def private_new() -> str:
    """A new raw private key, URL-safe base64."""
    key = ec.generate_private_key(ec.SECP256R1())
    return _b64(key.private_numbers().private_value.to_bytes(32, "big"))


def _local_private(path: Path) -> str:
    """The checkout's own development key, made at first use. Two processes may both
    make one: the file is linked into place only if absent, so both read the winner's."""
    if not path.exists():
        spare = path.with_name(f"{path.name}.{secrets.token_hex(6)}")
        descriptor = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(private_new() + "\n")
        try:
            os.link(spare, path)
        except FileExistsError:
            pass
        finally:
            spare.unlink()
    return path.read_text().strip()


def vapid_keys(*, private: str, public: str, production: bool, local_file: Path) -> tuple[str, str]:
    """(private, public): the environment's pair, checked; else the local development pair."""
    if private or public:
        if not (private and public):
            raise ImproperlyConfigured("VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY are set together")
        if public_of(private) != public.strip():
            raise ImproperlyConfigured("VAPID_PUBLIC_KEY is not VAPID_PRIVATE_KEY's public key")
        return private.strip(), public.strip()
    if production:
        raise ImproperlyConfigured(
            "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set in production "
            "(python -m config.vapid prints a new pair)"
        )
    local = _local_private(local_file)
    return local, public_of(local)


if __name__ == "__main__":
    made = private_new()
    print(f"VAPID_PRIVATE_KEY={made}\nVAPID_PUBLIC_KEY={public_of(made)}")
