"""The board's tab links written in Python (views/board_tabs.py) are the markup its
template wrote, kept here as the reference, for every tab in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from challenges.views.board_tabs import TABS, board_tabs_html
from tests.languages import LANGUAGES

REFERENCE = Path(__file__).parent / "reference" / "board_tabs.html"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("tab", [name for name, _ in TABS])
def test_the_tabs_are_the_templates_markup(language: str, tab: str) -> None:
    with translation.override(language):
        expected = Template(REFERENCE.read_text()).render(Context({"tabs": TABS, "tab": tab}))
        written = board_tabs_html(tab)
    assert written == expected.strip()
    assert written.count('aria-current="page"') == 1
    assert written.count("<a ") == len(TABS)
