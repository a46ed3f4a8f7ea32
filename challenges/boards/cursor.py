"""The leaderboard's cursors: a row's place in the board's order, signed.

A cursor names the key of a row of the board (score, submitted_at, entry id) and the
direction to read from it: "n" for the rows after it, "p" for the rows before. It is
signed, so the server reads back only keys it wrote: a hand-made cursor (a time no
database can hold, a score beyond any integer column) never reaches a query.
"""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime

from django.core import signing
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext


class CursorInvalid(ValueError):
    """A cursor this service did not hand out."""


BoardKey = tuple[int, datetime, int]
"""A row's place in the board's order: (score, submitted_at, entry id)."""

_CURSOR_SIGNER = signing.Signer(salt="leaderboard-cursor")


def cursor_encode(direction: str, key: BoardKey) -> str:
    score, submitted_at, entry_id = key
    raw = json.dumps([direction, score, submitted_at.isoformat(), entry_id], separators=(",", ":"))
    return _CURSOR_SIGNER.sign(base64.urlsafe_b64encode(raw.encode()).decode().rstrip("="))


def cursor_decode(cursor: str) -> tuple[str, BoardKey]:
    """The direction and key of a cursor; ``CursorInvalid`` for one not signed here."""
    try:
        payload = _CURSOR_SIGNER.unsign(cursor)
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        direction, score, stamp, entry_id = json.loads(raw)
        submitted_at = parse_datetime(stamp)
    except (signing.BadSignature, ValueError, TypeError, binascii.Error, UnicodeDecodeError) as e:
        raise CursorInvalid(gettext("This cursor is not one the leaderboard handed out.")) from e
    valid = (
        direction in ("n", "p")
        and type(score) is int
        and type(entry_id) is int
        and submitted_at is not None
    )
    if not valid:
        raise CursorInvalid(gettext("This cursor is not one the leaderboard handed out."))
    assert submitted_at is not None
    return direction, (score, submitted_at, entry_id)
