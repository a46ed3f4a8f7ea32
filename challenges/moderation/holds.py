"""Every hold ends by ``results_at``: what no moderator decided by then is settled by
the stated policy (docs/trust.md, "Deadlines").

The policy keeps an undecided hold off the final board, not voided: it is no mark
against the player's record, nothing of it counts in their form, and a moderator may
still approve it afterwards (it then joins the past board). Scripts cannot wait a hold
out onto the board, and the board is final when its results are.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from challenges.engine import RUN_SPAN
from challenges.errors import service_now
from challenges.models import Entry, EntryDecision

SETTLED_REASON = "Not reviewed by the results: kept off the final board (the policy)."


def holds_settle(*, now: datetime | None = None) -> int:
    """Settle every hold of a challenge whose results are out that no moderator decided:
    each is kept off the board, its settling recorded as a decision by no one. Returns
    how many. Idempotent: a settled hold is not settled again."""
    now = service_now(now)
    settled = 0
    # Results out: results_at = closes_at + RUN_SPAN (Challenge.results_at).
    due = Entry.objects.filter(
        status=Entry.Status.HELD, settled_at=None, challenge__closes_at__lt=now - RUN_SPAN
    )
    for entry_id in due.order_by("pk").values_list("pk", flat=True):
        with transaction.atomic():
            entry = (
                Entry.objects.select_for_update()
                .filter(pk=entry_id, status=Entry.Status.HELD, settled_at=None)
                .first()
            )
            if entry is None:
                continue  # decided meanwhile
            entry.settled_at = now
            entry.save(update_fields=["settled_at"])
            EntryDecision.objects.create(
                entry=entry,
                verdict=EntryDecision.Verdict.SETTLE,
                decided_by=None,
                decided_at=now,
                reason=SETTLED_REASON,
            )
            settled += 1
    return settled
