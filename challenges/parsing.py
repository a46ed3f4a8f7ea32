"""Reading numbers that clients send in URLs and headers, for the faces.

``str.isdigit`` accepts "²" and "٣", which ``int`` then refuses or reads as another
number: only ASCII digits are a number here, and never more of them than any page,
size or length we serve could need.
"""

from __future__ import annotations

import re

_WHOLE_NUMBER = re.compile(r"[0-9]{1,12}")


def whole_number(raw: str | None) -> int | None:
    """``raw`` as a whole number of ASCII digits (at most 12), else None."""
    if raw is None or not _WHOLE_NUMBER.fullmatch(raw):
        return None
    return int(raw)
