"""Make the current challenge and the next N ahead of time (idempotent)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from challenges.schedule.services import challenges_ensure_ahead


class Command(BaseCommand):
    help = "Make the challenge open now and the next N (default 1); existing ones are kept."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--ahead", type=int, default=1, help="How many upcoming slots to make (default 1)."
        )

    def handle(self, *args: Any, ahead: int, **options: Any) -> None:
        if ahead < 0 or ahead > 3 * 366:
            raise CommandError("--ahead must be between 0 and 1098 (a year of slots)")
        for challenge in challenges_ensure_ahead(ahead=ahead):
            self.stdout.write(
                f"challenge #{challenge.number}: "
                f"{challenge.opens_at:%Y-%m-%d %H:%M} to {challenge.closes_at:%Y-%m-%d %H:%M} UTC"
            )
