"""The puzzles' room: stored puzzles are made once and never change, the day's puzzle
comes from the date and the secret, streaks count days solved in a row."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from django.test import override_settings
from django.utils import timezone, translation

from challenges import engine
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles import selectors, services
from challenges.tasks import puzzles_daily_ensure
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_making_the_series_twice_stores_each_puzzle_once() -> None:
    assert services.puzzles_series_make(upto=4) == 4
    trays = list(Puzzle.objects.order_by("number").values_list("tray", flat=True))
    assert services.puzzles_series_make(upto=4) == 0
    assert list(Puzzle.objects.order_by("number").values_list("tray", flat=True)) == trays


def test_a_published_puzzle_never_changes_even_if_the_generator_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    services.puzzles_series_make(upto=2)
    before = {p.series_key: (p.cells, p.tray) for p in Puzzle.objects.all()}
    other = engine.puzzle_series_make("climb:30")
    monkeypatch.setattr(engine, "puzzle_series_make", lambda key: other)
    assert services.puzzles_series_make(upto=3) == 1
    after = {p.series_key: (p.cells, p.tray) for p in Puzzle.objects.all()}
    assert {key: after[key] for key in ("climb:1", "climb:2")} == before
    assert after["climb:3"] == (other.cells, other.tray)


def test_every_stored_puzzle_is_solved_by_its_stored_solution() -> None:
    services.puzzles_series_make(upto=12)
    services.puzzles_daily_ahead(days=6)
    for puzzle in Puzzle.objects.all():
        stars = engine.puzzle_fill_check(
            cells=puzzle.cells, tray=puzzle.tray, pieces=puzzle.solution
        )
        assert stars == 3, puzzle
        assert sorted(piece["tile"] for piece in puzzle.solution) == sorted(puzzle.tray)


def test_the_days_puzzle_comes_from_the_date_and_the_secret() -> None:
    day = date(2026, 11, 26)
    first = services.puzzle_daily_make(day=day)
    again = services.puzzle_daily_make(day=day)
    assert first.pk == again.pk
    Puzzle.objects.all().delete()
    assert services.puzzle_daily_make(day=day).tray == first.tray, "the date decides"
    Puzzle.objects.all().delete()
    with override_settings(CHALLENGE_SECRET="another secret"):
        assert services.puzzle_daily_make(day=day).tray != first.tray, "and the secret"


def test_the_beat_stores_today_and_tomorrow() -> None:
    today = timezone.now().date()
    assert puzzles_daily_ensure() == [today.isoformat(), (today + timedelta(days=1)).isoformat()]
    assert puzzles_daily_ensure() == [today.isoformat(), (today + timedelta(days=1)).isoformat()]
    assert Puzzle.objects.filter(day__isnull=False).count() == 2


def _solved_on(player_id: int, day: date) -> None:
    puzzle = services.puzzle_daily_make(day=day)
    at = datetime(day.year, day.month, day.day, 12, tzinfo=timezone.get_current_timezone())
    PuzzleProgress.objects.create(
        player_id=player_id,
        puzzle=puzzle,
        stars=3,
        best_ms=1,
        pieces=[],
        first_solved_at=at,
        last_solved_at=at,
    )


def test_a_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    player = UserFactory()
    today = date(2026, 11, 26)
    for back in (1, 2, 3, 5):
        _solved_on(player.pk, today - timedelta(days=back))
    assert selectors.daily_streak(player_id=player.pk, today=today) == 3, "today still to do"
    _solved_on(player.pk, today)
    assert selectors.daily_streak(player_id=player.pk, today=today) == 4
    assert selectors.daily_streak(player_id=player.pk, today=today + timedelta(days=2)) == 0
    assert selectors.daily_streak(player_id=None, today=today) == 0


def test_the_share_line_tells_no_tile() -> None:
    with translation.override("en"):
        text = selectors.daily_share_text(
            day=date(2026, 11, 26), stars=1, ms=3_725_000, streak=1, url="https://x/puzzles/today/"
        )
    assert text.splitlines() == [
        "Tri-Ominos Daily · puzzle of Nov. 26, 2026",
        "★☆☆ · 62:05",
        "https://x/puzzles/today/",
    ]


def test_the_share_line_writes_the_day_the_readers_way() -> None:
    shared = {}
    for language in ("de", "fr", "nl"):
        with translation.override(language):
            shared[language] = selectors.daily_share_text(
                day=date(2026, 11, 26), stars=3, ms=65_000, streak=1, url="https://x/"
            ).splitlines()[0]
    assert shared["de"].endswith("26. November 2026")
    assert shared["fr"].endswith("26 novembre 2026")
    assert shared["nl"].endswith("26 november 2026")
    assert not any("2026-11-26" in line for line in shared.values())
