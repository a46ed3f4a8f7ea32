"""The puzzles' pages: the series' map with stars and locks, a puzzle's page (never its
solution), a locked puzzle, the puzzle of the day, and the way in from home and menu."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import timezone

from challenges import engine
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles.services import puzzles_series_make
from tests.factories import UserFactory
from tests.languages import LANGUAGES

pytestmark = pytest.mark.django_db


@pytest.fixture
def series() -> list[Puzzle]:
    puzzles_series_make(upto=3)
    return list(Puzzle.objects.filter(number__isnull=False).order_by("number"))


def _config(html: str) -> dict[str, object]:
    start = html.index('<script id="puzzle-config" type="application/json">') + 51
    config: dict[str, object] = json.loads(html[start : html.index("</script>", start)])
    return config


def test_the_map_shows_stars_and_locks(client: Client, series: list[Puzzle]) -> None:
    player = UserFactory()
    PuzzleProgress.objects.create(
        player=player,
        puzzle=series[0],
        stars=2,
        best_ms=9000,
        pieces=[],
        first_solved_at=timezone.now(),
        last_solved_at=timezone.now(),
    )
    client.force_login(player)
    html = client.get("/puzzles/").content.decode()
    assert 'data-number="1" data-stars="2"' in html
    assert 'href="/puzzles/2/"' in html, "solving 1 opened 2"
    assert 'href="/puzzles/3/"' not in html
    assert "2 of 9 stars" in html


def test_a_puzzle_page_carries_the_puzzle_but_never_its_solution(
    client: Client, series: list[Puzzle]
) -> None:
    response = client.get("/puzzles/1/")
    assert response.status_code == 200
    html = response.content.decode()
    config = _config(html)
    assert config["puzzle"] == {"cells": series[0].cells, "tray": series[0].tray}
    assert "solution" not in html
    assert 'src="/static/challenges/pages/puzzles.js"' in html
    assert 'aria-current="page">Puzzles' in html


def test_a_locked_puzzle_says_so(client: Client, series: list[Puzzle]) -> None:
    response = client.get("/puzzles/2/")
    assert response.status_code == 200, "an ordinary page: it opens once puzzle 1 is solved"
    html = response.content.decode()
    assert "Solve the puzzle before this one to open it." in html
    assert 'href="/puzzles/1/"' in html
    assert client.get("/puzzles/99/").status_code == 404


def test_the_puzzle_of_the_day_is_made_on_first_visit(client: Client) -> None:
    response = client.get("/puzzles/today/")
    assert response.status_code == 200
    today = Puzzle.objects.get(day=timezone.now().date())
    assert _config(response.content.decode())["puzzle"]["tray"] == today.tray  # type: ignore[index]


def test_home_and_menu_lead_to_the_puzzles(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'href="/puzzles/today/"' in html
    assert 'href="/puzzles/"' in html


def test_the_page_speaks_french(client: Client, series: list[Puzzle]) -> None:
    html = client.get("/puzzles/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Recommencer" in html


GRADE_WORDS = {
    "en": {"easy": "easy", "medium": "medium", "hard": "hard"},
    "de": {"easy": "leicht", "medium": "mittel", "hard": "schwer"},
    "fr": {"easy": "facile", "medium": "moyen", "hard": "difficile"},
    "nl": {"easy": "makkelijk", "medium": "gemiddeld", "hard": "moeilijk"},
}
MARKS = {"easy": "▲△△", "medium": "▲▲△", "hard": "▲▲▲"}


def _grade_badge(grade: str, word: str, word_class: str = "puzzle-grade__word") -> str:
    return (
        f'<span class="puzzle-grade puzzle-grade--{grade}" data-grade="{grade}">'
        f'<span class="puzzle-grade__mark" aria-hidden="true">{MARKS[grade]}</span> '
        f'<span class="{word_class}">{word}</span></span>'
    )


@pytest.mark.parametrize("language", list(GRADE_WORDS))
def test_every_puzzle_shows_its_grade_by_mark_and_word(
    client: Client, series: list[Puzzle], language: str
) -> None:
    assert set(GRADE_WORDS) == set(LANGUAGES)
    # One puzzle of each grade (the grade is a stored reading: set here to see all three).
    for puzzle, grade in zip(series, ("easy", "medium", "hard"), strict=True):
        Puzzle.objects.filter(pk=puzzle.pk).update(difficulty=grade)
    words = GRADE_WORDS[language]
    series_html = client.get("/puzzles/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for grade in ("easy", "medium", "hard"):
        # Each card's mark, its word for screen readers, and the legend's mark and word.
        assert series_html.count(_grade_badge(grade, words[grade], "visually-hidden")) == 1
        assert series_html.count(_grade_badge(grade, words[grade])) == 1, grade
    page = client.get("/puzzles/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert _grade_badge("easy", words["easy"]) in page


def test_the_day_s_page_shows_the_day_s_grade(client: Client) -> None:
    html = client.get("/puzzles/today/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    today = Puzzle.objects.get(day=timezone.now().date())
    assert today.difficulty == engine.PUZZLE_DAILY_GRADES[today.day.weekday()]
    assert _grade_badge(today.difficulty, today.difficulty) in html
