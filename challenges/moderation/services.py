"""The moderation room's writes: what the faces may ask it to do."""

from challenges.moderation.entries import (
    entries_void,
    entry_approve,
    entry_submit,
    entry_void,
)
from challenges.moderation.holds import holds_settle
from challenges.moderation.par_review import entries_review_par
from challenges.moderation.reports import entry_report, entry_reports_dismiss
from challenges.moderation.signups import form_guest_claimed, form_signup_record
from challenges.moderation.trust import form_trust_set

__all__ = [
    "entries_review_par",
    "entries_void",
    "entry_approve",
    "entry_report",
    "entry_reports_dismiss",
    "entry_submit",
    "entry_void",
    "form_guest_claimed",
    "form_signup_record",
    "form_trust_set",
    "holds_settle",
]
