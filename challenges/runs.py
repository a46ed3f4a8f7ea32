"""Reads about runs: a player's best score on a challenge, and who may see a run."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max
from django.utils import timezone

from challenges.models import Challenge, Entry, Run

# --- runs ------------------------------------------------------------------------------


def run_best_score(*, challenge: Challenge, player: User | AnonymousUser) -> int | None:
    """The player's best finished valid run on the challenge so far."""
    if not player.is_authenticated:
        return None
    best: int | None = Run.objects.filter(
        challenge=challenge, player=player, status=Run.Status.FINISHED
    ).aggregate(best=Max("score"))["best"]
    return best


def run_visible(*, run: Run, viewer: User | AnonymousUser, now: datetime | None = None) -> bool:
    """Owners always see their runs; anyone sees a live entry's run once its challenge closed."""
    if viewer.is_authenticated and viewer.pk == run.player_id:
        return True
    if not run.challenge.is_closed(now or timezone.now()):
        return False
    return Entry.objects.live().filter(run=run).exists()
