"""The game's and the schedule's numbers in words of the reader's language, for the
pages, the model labels and the API: "2 minutes", "00:00, 08:00 and 16:00". The numbers
come from the ruleset (``challenges.engine``) and the schedule, never typed into a
sentence, so a change of either reaches every sentence that says it."""

from __future__ import annotations

from django.utils.text import get_text_list
from django.utils.translation import ngettext, pgettext

from challenges import slots as schedule
from challenges.engine import RULESET


def run_minutes() -> int:
    """How many whole minutes a run lasts (the ruleset says it in milliseconds)."""
    return RULESET.time_limit_ms // 60_000


def run_length_words() -> str:
    """How long a run lasts, in the active language: "2 minutes", "2 Minuten"."""
    minutes = run_minutes()
    return ngettext("%(minutes)s minute", "%(minutes)s minutes", minutes) % {"minutes": minutes}


def slot_openings_words() -> str:
    """The UTC times the slots open at, listed in the active language: "00:00, 08:00 and
    16:00", "00:00, 08:00 et 16:00"."""
    return get_text_list(list(schedule.slot_opening_times()), pgettext("the last of a list", "and"))
