"""Each grade of the engine's one list of puzzle grades, in the reader's words and with
its mark.

The grades are ``PUZZLE_GRADES`` in the engine; this is what the pages say and show of
each: a word, and a mark of filled and empty triangles (one filled for easy, three for
hard) so that the grade reads without its colour. A grade the engine adds without its
words here fails a test (tests/i18n/test_puzzle_words.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from challenges.engine import PUZZLE_GRADES

FILLED, EMPTY = "▲", "△"

GRADE_WORDS: dict[str, Promise] = {
    "easy": gettext_lazy("easy"),
    "medium": gettext_lazy("medium"),
    "hard": gettext_lazy("hard"),
}


@dataclass(frozen=True)
class GradeShown:
    grade: str
    word: str
    mark: str
    """Filled triangles for the grade's rank, empty ones to make up the scale."""


def grade_shown(grade: str) -> GradeShown:
    """``grade`` (one of ``PUZZLE_GRADES``) as a page shows it."""
    rank = PUZZLE_GRADES.index(grade) + 1
    mark = FILLED * rank + EMPTY * (len(PUZZLE_GRADES) - rank)
    return GradeShown(grade, str(GRADE_WORDS[grade]), mark)
