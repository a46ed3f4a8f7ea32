"""A puzzle's grade as the pages show it: its mark and its word (challenges.puzzle_words)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from challenges.puzzle_words import grade_shown

register = template.Library()


@register.simple_tag
def puzzle_grade(grade: str) -> SafeString:
    """``<span class="puzzle-grade puzzle-grade--hard">▲▲▲ hard</span>``: the mark is
    decoration, the word is what a screen reader says."""
    shown = grade_shown(grade)
    return format_html(
        '<span class="puzzle-grade puzzle-grade--{}" data-grade="{}">'
        '<span class="puzzle-grade__mark" aria-hidden="true">{}</span> '
        '<span class="puzzle-grade__word">{}</span></span>',
        shown.grade,
        shown.grade,
        shown.mark,
        shown.word,
    )
