"""Reading numbers (and time zone names) that clients send in URLs, headers and cookies,
for the faces.

``str.isdigit`` accepts "²" and "٣", which ``int`` then refuses or reads as another
number: only ASCII digits are a number here, and never more of them than any page,
size or length we serve could need.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_WHOLE_NUMBER = re.compile(r"[0-9]{1,12}")
_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*")


def whole_number(raw: str | None) -> int | None:
    """``raw`` as a whole number of ASCII digits (at most 12), else None."""
    if raw is None or not _WHOLE_NUMBER.fullmatch(raw):
        return None
    return int(raw)


def time_zone(raw: str | None) -> ZoneInfo | None:
    """``raw`` as an IANA time zone ("Europe/Paris"), else None (unknown, or not a name:
    a path like "../x" never reaches the zone database)."""
    if not raw or len(raw) > 64 or not _ZONE_NAME.fullmatch(raw):
        return None
    try:
        return ZoneInfo(raw)
    except (ZoneInfoNotFoundError, ValueError):
        return None
