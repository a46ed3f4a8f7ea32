"""``manage.py puzzles_make``: stores the series and the coming puzzles of the day once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from challenges.models import Puzzle

pytestmark = pytest.mark.django_db


def test_the_command_stores_each_puzzle_once() -> None:
    out = StringIO()
    call_command("puzzles_make", "--upto", "3", "--days", "1", stdout=out)
    assert "series: 3 puzzles stored" in out.getvalue()
    assert Puzzle.objects.filter(number__isnull=False).count() == 3
    assert Puzzle.objects.filter(day__isnull=False).count() == 2
    again = StringIO()
    call_command("puzzles_make", "--upto", "3", "--days", "1", stdout=again)
    assert "series: 0 puzzles stored" in again.getvalue()
    assert Puzzle.objects.count() == 5


@pytest.mark.parametrize("args", [("--upto", "0"), ("--days", "-1"), ("--days", "400")])
def test_the_command_refuses_bad_numbers(args: tuple[str, str]) -> None:
    with pytest.raises(CommandError):
        call_command("puzzles_make", *args, stdout=StringIO())
    assert not Puzzle.objects.exists()


def test_regrade_grades_every_stored_puzzle_again() -> None:
    call_command("puzzles_make", "--upto", "2", "--days", "0", stdout=StringIO())
    Puzzle.objects.update(difficulty="hard", forced=None, decoys=0)
    Puzzle.objects.filter(number=1).update(forced=0)  # graded, wrongly: only --regrade fixes it
    out = StringIO()
    call_command("puzzles_make", "--upto", "2", "--days", "0", "--regrade", stdout=out)
    assert "graded again: 3 puzzles" in out.getvalue(), "the series' two and today's"
    series = Puzzle.objects.filter(number__isnull=False)
    assert set(series.values_list("difficulty", flat=True)) == {"easy"}
    assert not Puzzle.objects.filter(forced__isnull=True).exists()
