"""HTML pages. The error handlers are re-exported for config/urls.py's handler404/500;
the small helpers below are shared by the pages."""

from __future__ import annotations

import math

from django.http import HttpRequest

from challenges.parsing import whole_number
from challenges.views.errors import page_not_found, server_error

__all__ = ["page_not_found", "page_number_parse", "page_window", "server_error", "top_percent"]


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
