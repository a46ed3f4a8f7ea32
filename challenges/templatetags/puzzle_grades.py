"""A puzzle's grade as the pages show it: its mark and its word (challenges.puzzle_words)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from challenges.engine import PUZZLE_GRADES
from challenges.puzzle_words import grade_shown

register = template.Library()


@register.simple_tag
def puzzle_grade(grade: str, compact: bool = False) -> SafeString:
    """``<span class="puzzle-grade puzzle-grade--hard">▲▲▲ hard</span>``: the mark is
    decoration, the word is what a screen reader says; ``compact`` (the series' map,
    where the legend says the marks) keeps the word for screen readers only."""
    shown = grade_shown(grade)
    word_class = "visually-hidden" if compact else "puzzle-grade__word"
    return format_html(
        '<span class="puzzle-grade puzzle-grade--{}" data-grade="{}">'
        '<span class="puzzle-grade__mark" aria-hidden="true">{}</span> '
        '<span class="{}">{}</span></span>',
        shown.grade,
        shown.grade,
        shown.mark,
        word_class,
        shown.word,
    )


@register.simple_tag
def puzzle_grades_legend() -> SafeString:
    """Every grade's mark and word, easiest first, from the engine's one list."""
    return format_html_join(" · ", "{}", ((puzzle_grade(grade),) for grade in PUZZLE_GRADES))
