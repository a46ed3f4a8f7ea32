"""Reading numbers (and time zone names) that clients send in URLs, headers, cookies and
JSON bodies, for the faces.

``str.isdigit`` accepts "²" and "٣", which ``int`` then refuses or reads as another
number: only ASCII digits are a number here, and never more of them than any page,
size or length we serve could need.
"""

from __future__ import annotations

import math
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


def json_whole_number(value: object) -> int | None:
    """A JSON number with a whole value as an ``int``, however it was written (``12``,
    ``12.0``, ``1.2e1``, ``6.045781628569004e+20``), else None (a fraction, an infinity,
    true or false, a string). JSON has one kind of number: a parser gives a float for one
    written with a fraction or an exponent, and orjson for an integer beyond 64 bits."""
    if type(value) is int:
        return value
    if type(value) is float and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def json_number_text(value: object) -> str | None:
    """A JSON number, true, false or null as a message can show it whole (a long integer
    in exponent form, as a float would be written); None for text, a list or an object."""
    if value is None or type(value) is bool:
        return "null" if value is None else str(value).lower()
    if type(value) is float:
        return repr(value) if math.isfinite(value) else ("-" if value < 0 else "") + "Infinity"
    if type(value) is int:
        digits = str(abs(value))
        if len(digits) <= 24:
            return str(value)
        sign = "-" if value < 0 else ""
        return f"{sign}{digits[0]}.{digits[1:16].rstrip('0') or '0'}e+{len(digits) - 1}"
    return None
