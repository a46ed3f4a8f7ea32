"""HTML pages. The error handlers are re-exported for config/urls.py's handler400/404/500;
the small helpers below are shared by the pages."""

from __future__ import annotations

import math

from django.http import HttpRequest
from django.utils.translation import gettext

from challenges.engine import RULESET
from challenges.parsing import whole_number
from challenges.views.errors import bad_request, page_not_found, server_error

__all__ = [
    "bad_request",
    "page_not_found",
    "page_number_parse",
    "page_window",
    "server_error",
    "standing_phrase",
    "top_percent",
    "top_percent_shown",
]


def page_number_parse(request: HttpRequest, *, name: str = "page") -> int:
    """The 1-based page number asked for; anything unreadable means page 1."""
    number = whole_number(request.GET.get(name))
    return number if number is not None and 0 < number < 10**9 else 1


def page_window(*, page: int, num_pages: int, around: int = 2) -> list[int | None]:
    """Page numbers to link to: the first, the last and a few around `page`; None marks a gap."""
    shown = {1, num_pages, *range(page - around, page + around + 1)}
    numbers = sorted(n for n in shown if 1 <= n <= num_pages)
    window: list[int | None] = []
    for number in numbers:
        previous = window[-1] if window else None
        if previous is not None and number - previous == 2:
            window.append(previous + 1)  # a gap of one page is shown as that page
        elif previous is not None and number - previous > 2:
            window.append(None)
        window.append(number)
    return window


def top_percent(*, rank: int, entries: int) -> int:
    """The smallest whole percentage of the field that includes this rank ("top 22%")."""
    return max(1, math.ceil(100 * rank / entries)) if entries else 100


# Above this share of the field, "top X%" says nothing good and reads oddly.
TOP_PERCENT_SHOWN_UP_TO = 50


def top_percent_shown(*, rank: int, entries: int) -> int | None:
    """The "top X%" worth saying: in the top half of a field of two or more (rank 1 of
    1 is not "top 100%", and rank 9 of 12 is not praised as "top 75%"); else None."""
    if entries <= 1:
        return None
    percent = top_percent(rank=rank, entries=entries)
    return percent if percent <= TOP_PERCENT_SHOWN_UP_TO else None


def standing_phrase(*, rank: int, entries: int) -> str:
    """A rank in words, true and readable at every rank and field size: "the only
    entry", "first of 12", "top 8%", else "9th of 12"."""
    if entries <= 1:
        return gettext("the only entry")
    if rank == 1:
        return gettext("first of %(entries)s") % {"entries": entries}
    percent = top_percent_shown(rank=rank, entries=entries)
    if percent is not None:
        return gettext("top %(percent)s%%") % {"percent": percent}
    return gettext("%(rank)s of %(entries)s") % {"rank": rank, "entries": entries}


def run_buttons_context() -> dict[str, object]:
    """What the run buttons (``_run_buttons.html``) show from the rules: the Draw
    button's cost, with a real minus sign, and the full well."""
    return {
        "draw_cost": f"{RULESET.draw_points:+d}".replace("-", "\N{MINUS SIGN}"),
        "well_size": RULESET.well_size,
    }
