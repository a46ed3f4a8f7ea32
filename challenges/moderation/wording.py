"""What the owner of a held entry is told: "under review" and one plain sentence.

The same sentence for every hold, whatever its reasons: which evidence held an entry
(its record, the solver's measures, a copy, a link) would teach an attacker where a
line lies and which of its accounts are linked. The moderators' desk sees the reasons.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop

CHECKED = "checked_by_a_person"
REVIEW_CLASSES = (CHECKED,)


def entry_review_class(*, hold_reasons: Sequence[str]) -> str:
    """The one class a held entry's owner is told, whatever ``hold_reasons`` are."""
    return CHECKED


def review_sentence(code: str) -> str:
    """The class in the reader's language."""
    return gettext("Some entries are checked by a person before they go on the board.")


# The notes a decision records when the moderator typed none. They are stored in
# English (records stay English, docs/i18n.md) and said in the reader's language.
APPROVED_AFTER_REVIEW = gettext_noop("Approved after review.")
APPROVED_FROM_QUEUE = gettext_noop("Approved from the queue.")
REPORTS_DISMISSED = gettext_noop("Reports dismissed: the entry stays on the board.")
REPORTS_DISMISSED_FROM_QUEUE = gettext_noop("Reports dismissed from the queue.")
DECISION_NOTES = frozenset(
    (APPROVED_AFTER_REVIEW, APPROVED_FROM_QUEUE, REPORTS_DISMISSED, REPORTS_DISMISSED_FROM_QUEUE)
)


def decision_note(reason: str) -> str:
    """A decision's recorded note as a moderator reads it: one of ours in their
    language, a moderator's own words as typed."""
    return gettext(reason) if reason in DECISION_NOTES else reason
