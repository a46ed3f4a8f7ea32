"""What the owner of a held entry is told: "under review" and one plain sentence of why.

Never a measure, a threshold or the rank the entry would have: each reason a moderator
sees (``Entry.HoldReason``) falls in one of three plain classes, and every reason that
would teach an attacker where a line lies (the solver's measures, pace, copies, links)
says only that a person checks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop

NEW_PLAYER = "new_player_top_score"
BEYOND_FORM = "score_beyond_usual"
CHECKED = "checked_by_a_person"
REVIEW_CLASSES = (NEW_PLAYER, BEYOND_FORM, CHECKED)

_FORM_ONLY = {"provisional": NEW_PLAYER, "above_form": BEYOND_FORM}


def entry_review_class(*, hold_reasons: Sequence[str]) -> str:
    """The one class a held entry's owner is told; reasons beyond the player's record
    (or a mix) say only that a person checks it."""
    classes = {_FORM_ONLY.get(reason, CHECKED) for reason in hold_reasons} or {CHECKED}
    for code in (CHECKED, BEYOND_FORM, NEW_PLAYER):
        if code in classes:
            return code
    return CHECKED


def review_sentence(code: str) -> str:
    """The class in the reader's language."""
    sentences = {
        NEW_PLAYER: gettext("Top scores of new players are checked by a person."),
        BEYOND_FORM: gettext("Scores well beyond a player's usual are checked by a person."),
        CHECKED: gettext("Some entries are checked by a person before they go on the board."),
    }
    return sentences.get(code, sentences[CHECKED])


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
