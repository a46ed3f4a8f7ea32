"""Store the series of puzzles and the coming puzzles of the day, grade the stored ones
not graded yet and number the series in its order by grade (idempotent)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from challenges.puzzles.services import puzzles_daily_ahead, puzzles_grade, puzzles_series_make


class Command(BaseCommand):
    help = (
        "Store the puzzles of the series not stored yet, grade the stored ones not graded "
        "yet, number the series easy to hard, and store today's puzzle of the day with "
        "the next N days' (default 1). A stored puzzle's cells and tray never change."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--upto", type=int, default=None, help="Store the series up to this number only."
        )
        parser.add_argument(
            "--days", type=int, default=1, help="Puzzles of the day ahead of today (default 1)."
        )
        parser.add_argument(
            "--regrade",
            action="store_true",
            help="Grade every stored puzzle again (after the grading changed).",
        )

    def handle(
        self, *args: Any, upto: int | None, days: int, regrade: bool, **options: Any
    ) -> None:
        if upto is not None and upto < 1:
            raise CommandError("--upto must be 1 or more")
        if not 0 <= days <= 366:
            raise CommandError("--days must be between 0 and 366")
        if regrade:
            self.stdout.write(f"graded again: {puzzles_grade(every=True)} puzzles")
        made = puzzles_series_make(upto=upto)
        self.stdout.write(f"series: {made} puzzles stored")
        for day in puzzles_daily_ahead(days=days):
            self.stdout.write(f"puzzle of the day {day.isoformat()}: stored")
