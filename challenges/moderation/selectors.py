"""Reads about reports: whether a reader may report an entry, or already has."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

from challenges.models import Entry, EntryReport


def entry_report_state(
    *, entry: Entry | None, viewer: User | AnonymousUser, now: datetime | None = None
) -> str:
    """``"reportable"`` when ``viewer`` may report ``entry`` now (what the report service
    takes: results out, on the board, someone else's), ``"reported"`` when they already
    did, else ``""``."""
    if entry is None or not viewer.is_authenticated or viewer.pk == entry.player_id:
        return ""
    if EntryReport.objects.filter(entry=entry, reporter_id=viewer.pk).exists():
        return "reported"
    if entry.is_live and entry.challenge.results_out(now or timezone.now()):
        return "reportable"
    return ""
