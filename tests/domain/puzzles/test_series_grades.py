"""The stored series by grade: made in order (easy first), a deployment stored before
the grades graded and renumbered by `puzzles_make` with its players' solved puzzles
still solved, and what a player finds open after the order moved."""

from __future__ import annotations

from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from challenges import engine
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles import selectors, services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RANK = {grade: rank for rank, grade in enumerate(engine.PUZZLE_GRADES)}


def _series() -> list[Puzzle]:
    return list(Puzzle.objects.filter(number__isnull=False).order_by("number"))


def _old_row(key: str, number: int, grade: str) -> Puzzle:
    """A series puzzle as the code before the grades stored it: no measures, its grade
    by its solutions alone, numbered as the climb."""
    made = engine.puzzle_series_make(key)
    return Puzzle.objects.create(
        number=number,
        series_key=key,
        cells=made.cells,
        tray=made.tray,
        solution=made.solution,
        solutions=made.graded.solutions,
        difficulty=grade,
        created_at=timezone.now(),
    )


def _solved(player_id: int, puzzle: Puzzle, stars: int, ms: int) -> None:
    PuzzleProgress.objects.create(
        player_id=player_id,
        puzzle=puzzle,
        stars=stars,
        best_ms=ms,
        pieces=puzzle.solution,
        first_solved_at=timezone.now(),
        last_solved_at=timezone.now(),
    )


def test_the_stored_series_is_numbered_easy_first_and_by_size() -> None:
    services.puzzles_series_make(upto=5)
    series = _series()
    assert [p.number for p in series] == [1, 2, 3, 4, 5]
    assert [p.series_key for p in series] == [f"climb:{n}" for n in range(1, 6)]
    assert all(p.difficulty == "easy" and p.forced is not None for p in series)
    assert [p.size for p in series] == sorted(p.size for p in series)


def test_an_old_deployment_is_graded_and_renumbered_and_keeps_its_players_progress() -> None:
    # The first 19 puzzles as the code before the grades stored them, numbered as made
    # (the migration named each "climb:<number>"); two players went some way.
    old = {n: _old_row(f"climb:{n}", n, "hard" if n > 11 else "medium") for n in range(1, 20)}
    far, near = UserFactory(), UserFactory()
    for n in range(1, 17):
        _solved(far.pk, old[n], 3, 9_000 + n)
    for n in range(1, 16):
        _solved(near.pk, old[n], 2, 20_000 + n)
    before_far = {
        p.puzzle_id: (p.stars, p.best_ms) for p in PuzzleProgress.objects.filter(player=far)
    }
    assert selectors.series_unlocked(player_id=near.pk, number=16)
    assert not selectors.series_unlocked(player_id=near.pk, number=17)

    out = StringIO()
    call_command("puzzles_make", "--upto", "19", "--days", "0", stdout=out)

    assert "series: 0 puzzles stored" in out.getvalue()
    series = _series()
    assert [p.number for p in series] == list(range(1, 20))
    ranks = [RANK[p.difficulty] for p in series]
    assert ranks == sorted(ranks), "easy to hard"
    assert [p.difficulty for p in series[:10]] == ["easy"] * 10
    moved = {p.series_key: p.number for p in series if p.number != int(p.series_key[6:])}
    assert moved, "the grades moved some puzzles"
    for n, puzzle in old.items():  # graded from what is stored: the puzzle is untouched
        again = Puzzle.objects.get(pk=puzzle.pk)
        assert (again.cells, again.tray, again.solution) == (
            puzzle.cells,
            puzzle.tray,
            puzzle.solution,
        )
        graded = engine.puzzle_grade(
            cells=again.cells, tray=again.tray, solution=again.solution, solutions=again.solutions
        )
        assert (again.difficulty, again.forced, again.decoys) == (
            graded.grade,
            graded.forced,
            graded.decoys,
        ), n
    # Every solved puzzle is still solved, with its stars and time, wherever it moved,
    # and every puzzle a player could open before is open still.
    after_far = {
        p.puzzle_id: (p.stars, p.best_ms) for p in PuzzleProgress.objects.filter(player=far)
    }
    assert after_far == before_far
    for player, opened in ((far, 17), (near, 16)):
        cards = {card.id: card for card in selectors.series_map(player_id=player.pk)}
        for n in range(1, opened + 1):
            assert cards[old[n].pk].unlocked, (player, n)
        furthest = max(Puzzle.objects.get(pk=old[n].pk).number or 0 for n in range(1, opened))
        assert [c.number for c in cards.values() if c.unlocked] == list(range(1, furthest + 2))


def test_running_it_again_moves_nothing() -> None:
    services.puzzles_series_make(upto=4)
    numbers = {p.series_key: p.number for p in _series()}
    assert services.puzzles_series_make(upto=4) == 0
    assert services.series_number() == 0
    assert {p.series_key: p.number for p in _series()} == numbers


def test_grading_again_changes_no_puzzle() -> None:
    services.puzzles_series_make(upto=3)
    before = {p.pk: (p.cells, p.tray, p.difficulty, p.forced, p.decoys) for p in _series()}
    assert services.puzzles_grade() == 0, "nothing left ungraded"
    assert services.puzzles_grade(every=True) == 3
    assert {p.pk: (p.cells, p.tray, p.difficulty, p.forced, p.decoys) for p in _series()} == before


def test_a_player_who_solved_nothing_has_puzzle_one_only() -> None:
    services.puzzles_series_make(upto=3)
    player = UserFactory()
    assert [c.unlocked for c in selectors.series_map(player_id=player.pk)] == [True, False, False]
    assert [c.unlocked for c in selectors.series_map(player_id=None)] == [True, False, False]


@pytest.mark.parametrize("weekday", range(7))
def test_the_days_puzzle_has_its_weekdays_grade(weekday: int) -> None:
    monday = date(2026, 11, 23)
    day = monday + timedelta(days=weekday)
    assert day.weekday() == weekday
    puzzle = services.puzzle_daily_make(day=day)
    assert puzzle.difficulty == engine.PUZZLE_DAILY_GRADES[weekday]
    assert puzzle.forced is not None and puzzle.decoys is not None
