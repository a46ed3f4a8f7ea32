"""The puzzles' pages: the series' map with stars and locks, a puzzle's page (never its
solution), a locked puzzle, the puzzle of the day, and the way in from home and menu."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import timezone

from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles.services import puzzles_series_make
from tests.factories import UserFactory

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
