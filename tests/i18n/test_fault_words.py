"""The words of a rejected run's reasons: one for each code the engine (or a late
finish) can give, and the same codes in the Python catalog and the page's."""

from __future__ import annotations

import re
from pathlib import Path

from challenges.fault_words import REJECTION_WORDS
from triominos import ERROR_CODES

WORDS_JS = Path(__file__).resolve().parents[2] / "challenges/static/challenges/play/words.js"


def _page_codes() -> set[str]:
    source = WORDS_JS.read_text()
    body = source[source.index("export function refusalReason") :]
    body = body[: body.index("\n}\n")]
    return set(re.findall(r"^\s+(\w+): gettext\(", body, re.M))


def test_every_code_of_the_engine_and_a_late_finish_has_words() -> None:
    assert set(REJECTION_WORDS) == {*ERROR_CODES, "deadline_passed"}


def test_the_page_words_the_same_codes_as_the_server() -> None:
    assert _page_codes() == set(REJECTION_WORDS)
