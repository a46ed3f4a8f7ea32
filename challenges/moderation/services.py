"""The moderation room's writes: what the faces may ask it to do."""

from challenges.moderation.entries import entry_approve, entry_submit, entry_void
from challenges.moderation.reports import entry_report, entry_reports_dismiss

__all__ = [
    "entry_approve",
    "entry_report",
    "entry_reports_dismiss",
    "entry_submit",
    "entry_void",
]
