"""What the owner of a held entry is told: "under review" and one plain sentence.

The same sentence for every hold, whatever its reasons: which evidence held an entry
(its record, the solver's measures, a copy, a link) would teach an attacker where a
line lies and which of its accounts are linked. The moderators' desk sees the reasons.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

CHECKED = "checked_by_a_person"
REVIEW_CLASSES = (CHECKED,)


def entry_review_class(*, hold_reasons: Sequence[str]) -> str:
    """The one class a held entry's owner is told, whatever ``hold_reasons`` are."""
    return CHECKED


def review_sentence(code: str) -> str:
    """The class in the reader's language."""
    return gettext("Some entries are checked by a person before they go on the board.")
