"""Recompute every player's look-alike key (after upgrading confusable-homoglyphs)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from accounts.services import username_keys_refresh


class Command(BaseCommand):
    help = (
        "Recompute the look-alike key of every player's name (run after the confusables "
        "table changed); the oldest account keeps a key that names share."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        kept, skipped = username_keys_refresh()
        self.stdout.write(f"{kept} keys kept, {skipped} names already alike left without one")
