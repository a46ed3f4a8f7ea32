"""Every puzzle grade of the engine's one list has its words and its mark, in every
language, and no other grade has any."""

from __future__ import annotations

import pytest
from django.utils import translation

from challenges.engine import PUZZLE_GRADES
from challenges.puzzle_words import GRADE_WORDS, grade_shown
from tests.languages import TRANSLATED


def test_every_grade_has_its_words_and_no_other() -> None:
    assert list(GRADE_WORDS) == list(PUZZLE_GRADES)


def test_the_marks_climb_with_the_grade() -> None:
    marks = [grade_shown(grade).mark for grade in PUZZLE_GRADES]
    assert marks == ["▲△△", "▲▲△", "▲▲▲"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_grade_is_translated(language: str) -> None:
    with translation.override(language):
        words = [grade_shown(grade).word for grade in PUZZLE_GRADES]
    assert len(set(words)) == len(words)
    assert not set(words) & set(PUZZLE_GRADES), f"{language} says a grade in English"
