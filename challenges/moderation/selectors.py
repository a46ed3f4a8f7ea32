"""The moderation room's reads: whether a reader may report an entry, and what the
owner of a held entry is told of its review."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

from challenges.models import Entry, EntryReport
from challenges.moderation.desk import (
    PACE_BIN_MS,
    DeskEntry,
    QueueRow,
    desk_entry,
    desk_group_entries,
    desk_queue,
)

# Accounts linked by a device or a network few share: rated tables never seat them together.
from challenges.moderation.trust import players_nearby
from challenges.moderation.wording import (
    APPROVED_FROM_QUEUE,
    REPORTS_DISMISSED_FROM_QUEUE,
    REVIEW_CLASSES,
    decision_note,
    entry_review_class,
    review_sentence,
)

__all__ = [
    "APPROVED_FROM_QUEUE",
    "PACE_BIN_MS",
    "REPORTS_DISMISSED_FROM_QUEUE",
    "REVIEW_CLASSES",
    "DeskEntry",
    "QueueRow",
    "decision_note",
    "desk_entry",
    "desk_group_entries",
    "desk_queue",
    "entry_report_state",
    "entry_review_class",
    "players_nearby",
    "review_sentence",
]


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


# Bidirectional formatting controls: in a report they only serve to make the words a
# moderator reads run in another order than they were typed (RLO "evil" reads "live").
_BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)


def report_detail_clean(text: str) -> str:
    """A report's words as a moderator reads them: no bidirectional controls."""
    return text.translate(_BIDI_CONTROLS)
