"""The page links written in Python (views/pagination.py) are the markup the board,
history and player templates wrote: their loop is kept here as the reference (with
its words as values), and both are rendered for the same pages in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from challenges.views import page_window
from challenges.views.pagination import pagination_html
from tests.languages import LANGUAGES

REFERENCE = Path(__file__).parent / "reference" / "pagination.html"

PAGES = [(1, 1), (1, 2), (2, 2), (1, 7), (4, 7), (7, 7), (3, 12), (999, 1000), (1000, 20_000)]


def _tags(html: str) -> str:
    """The markup without the whitespace between tags, which neither draws."""
    return re.sub(r">\s+<", "><", html).strip()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("page", "num_pages"), PAGES)
def test_the_links_are_the_templates_markup(language: str, page: int, num_pages: int) -> None:
    # Words as the catalogs give them, and words that must be escaped.
    with translation.override(language):
        words = {
            "label": translation.gettext("Leaderboard pages"),
            "newer": translation.gettext("Previous page"),
            "older": 'Older "<b>" & more',
        }
        expected = Template(REFERENCE.read_text()).render(
            Context({**words, "page": page, "num_pages": num_pages,
                     "pages": page_window(page=page, num_pages=num_pages)})
        )  # fmt: skip
        written = pagination_html(page=page, num_pages=num_pages, **words)
    assert _tags(written) == _tags(expected)
    shown = len(page_window(page=page, num_pages=num_pages))
    assert written.count("<li>") == (
        0 if num_pages == 1 else shown + (page > 1) + (page < num_pages)
    )
