"""Settle the holds no moderator decided by their challenge's results (the beat does it
every five minutes; this is the same, by hand)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from challenges.moderation.services import holds_settle


class Command(BaseCommand):
    help = (
        "Keep off the final board every hold no moderator decided by its challenge's "
        "results (not voided; a moderator may still approve it). docs/trust.md."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        settled = holds_settle()
        self.stdout.write(f"{settled} held entries settled by the policy")
