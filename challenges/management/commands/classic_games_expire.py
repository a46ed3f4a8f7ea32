"""Remove the abandoned classic games now (the beat does it every hour)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from challenges.classic.services import classic_games_abandoned_remove


class Command(BaseCommand):
    help = (
        "Delete the unfinished classic games with no action for CLASSIC_ABANDONED_DAYS "
        "(7 by default), with their seats; finished and resigned games stay."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        removed = classic_games_abandoned_remove()
        days = settings.CLASSIC_ABANDONED_DAYS
        self.stdout.write(f"{removed} unfinished classic games untouched for {days} days removed")
