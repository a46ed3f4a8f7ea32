"""Writes about players' reports of entries, and a moderator's answer to them.

A player may report an entry on a board whose results are out (``results_at``: only
then are its runs public to watch), once per entry, with a reason. A report puts the
entry in the review queue; it does not take the entry off the board (one player's word
does not remove another's score): a moderator keeps it (the reports are dismissed) or
voids it.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from challenges.errors import (
    EntryAlreadyReported,
    EntryNotFound,
    EntryNotReportable,
    service_now,
)
from challenges.models import Entry, EntryDecision, EntryReport
from challenges.moderation.entries import entry_decision_record
from challenges.moderation.selectors import report_detail_clean
from challenges.moderation.wording import REPORTS_DISMISSED

REPORT_DETAIL_MAX = 500


def entry_report(
    *,
    run_id: UUID,
    reporter_id: int,
    reason: str,
    detail: str = "",
    now: datetime | None = None,
) -> EntryReport:
    """The player ``reporter_id`` reports the entry of run ``run_id`` (what a board links
    to) for ``reason`` (an ``EntryReport.Reason``).

    Refused (``EntryNotFound``) for a run that is no entry, (``EntryNotReportable``)
    before the challenge's results are out, for an entry not on the board, and for
    one's own entry; ``EntryAlreadyReported`` for a second report of the same entry by
    the same player."""
    now = service_now(now)
    if reason not in EntryReport.Reason.values:
        raise ValueError(f"not a reason to report: {reason!r}")
    entry = Entry.objects.select_related("challenge").filter(run_id=run_id).first()
    if entry is None:
        raise EntryNotFound(gettext("No entry was submitted with this run."))
    challenge = entry.challenge
    if not challenge.results_out(now):
        raise EntryNotReportable(
            gettext(
                "Entries of challenge #%(number)s can be reported once its results are out, "
                "at %(time)s UTC."
            )
            % {"number": challenge.number, "time": f"{challenge.results_at:%Y-%m-%d %H:%M:%S}"}
        )
    if entry.player_id == reporter_id:
        raise EntryNotReportable(gettext("You cannot report your own entry."))
    if not entry.is_live:
        raise EntryNotReportable(gettext("This entry is not on the board."))
    try:
        with transaction.atomic():
            return EntryReport.objects.create(
                entry=entry,
                reporter_id=reporter_id,
                reason=reason,
                detail=report_detail_clean(detail).strip()[:REPORT_DETAIL_MAX],
                reported_at=now,
            )
    except IntegrityError as error:
        raise EntryAlreadyReported() from error


def entry_reports_dismiss(
    *, entry_id: int, by_id: int | None, reason: str = "", now: datetime | None = None
) -> Entry:
    """A moderator keeps a reported live entry on the board: its open reports are
    answered, and the decision is recorded as an approval."""
    now = service_now(now)
    with transaction.atomic():
        locked = Entry.objects.select_for_update().get(pk=entry_id)
        entry_decision_record(
            entry=locked,
            verdict=EntryDecision.Verdict.APPROVE,
            by_id=by_id,
            now=now,
            reason=reason.strip() or REPORTS_DISMISSED,
        )
    return locked
