"""Why a run is refused or practice, in the reader's language, from a fault's code and
figures (a run's ``error`` or ``ineligible``, as stored: ``{"move", "code", "detail",
...figures}``). The stored ``detail`` is the engine's English, a record; the API and the
pages say these sentences instead, and the play page says the same from the code and
figures (lib/witness_words.js, play/words.js).

A fault stored before its figures were (older runs) gets the sentence of its code alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext


def _figures(fault: Mapping[str, object], *names: str) -> tuple[int, ...] | None:
    """The fault's figures ``names`` (``move`` counted from 1), or None when one is
    missing (a fault stored before its figures were)."""
    figures: list[int] = []
    for name in names:
        value = fault.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        figures.append(value + 1 if name in _INDICES else value)
    return tuple(figures)


_INDICES = frozenset({"move", "previous_move"})


def _seconds(ms: int) -> str:
    value = round(ms / 1000, 1)
    whole = value == int(value)
    shown = number_format(value, decimal_pos=0 if whole else 1)
    # A fraction counts as plural: "1.8 seconds" (French takes "1,8 secondes" too).
    count = int(value) if whole else 2
    return ngettext("%(seconds)s second", "%(seconds)s seconds", count) % {"seconds": shown}


def ineligible_reason(fault: Mapping[str, object]) -> str:
    """Why a valid run may not enter a leaderboard, as the middle of a sentence (no
    capital, no full stop): "move 7 (at 9.7 seconds into the run) reached the server
    15.7 seconds later; a move must arrive within 10 seconds"."""
    code = fault.get("code")
    if code == "not_witnessed":
        figures = _figures(fault, "move", "t_ms", "late_ms", "window_ms")
        if figures is None:
            return gettext("the server did not see it played in time")
        move, t, late, window = figures
        return gettext(
            "move %(move)s (at %(time)s into the run) reached the server %(late)s "
            "later; a move must arrive within %(window)s"
        ) % {"move": move, "time": _seconds(t), "late": _seconds(late), "window": _seconds(window)}
    if code == "too_fast":
        figures = _figures(fault, "move", "gap_ms", "previous_move", "floor_ms")
        if figures is None:
            return gettext("tiles were placed faster than a person can")
        move, gap, previous, floor = figures
        return gettext(
            "move %(move)s was placed %(gap)s ms after move %(previous)s; placements are "
            "at least %(floor)s ms apart"
        ) % {"move": move, "gap": gap, "previous": previous, "floor": floor}
    return gettext("the server did not see it played in time")


def ineligible_json(fault: Mapping[str, object]) -> dict[str, object]:
    """The fault as the API answers it: its code and figures, its ``detail`` in the
    reader's language."""
    return {**fault, "detail": ineligible_reason(fault)}


# Why the rules refused a move or a log (RULES.md's codes, the refusals of a whole log,
# a late finish), in a few words with no capital or full stop, as the play page says
# them (play/words.js ``refusalReason``; tests/i18n/test_fault_words.py holds both to
# the engine's codes).
REJECTION_WORDS: dict[str, Promise] = {
    "cell_occupied": gettext_lazy("that spot is already taken"),
    "first_not_at_origin": gettext_lazy("the first tile goes in the middle"),
    "not_adjacent": gettext_lazy("it must touch a tile on the board along an edge"),
    "corner_mismatch": gettext_lazy("its numbers do not match the corners it touches"),
    "bad_rotation": gettext_lazy("a tile turns to one of three positions only"),
    "well_empty": gettext_lazy("the well is empty: nothing to draw"),
    "tile_not_in_tray": gettext_lazy("that tile is not in the tray"),
    "unknown_tile": gettext_lazy("that is not a tile"),
    "time_over": gettext_lazy("the move came after the clock ran out"),
    "time_not_monotonic": gettext_lazy("the moves' times go backwards"),
    "run_over": gettext_lazy("the run was already over"),
    "malformed": gettext_lazy("the move is not one the rules can read"),
    "bad_log": gettext_lazy("what was sent is not a run log"),
    "bad_challenge": gettext_lazy("the challenge's tiles are not a deal of the game"),
    "deadline_passed": gettext_lazy("its moves reached the server after the run's time"),
}


def rejection_reason(code: object) -> str:
    """Why the rules refused a move or a log, from its code; a code without words here
    gets words of its own, never the engine's English."""
    return str(REJECTION_WORDS.get(str(code), gettext_lazy("the rules refuse it")))


def rejection_json(fault: Mapping[str, object]) -> dict[str, object]:
    """A rejected run's ``error`` as the API answers it: its ``detail`` in the reader's
    language."""
    return {**fault, "detail": rejection_reason(fault.get("code"))}
