"""What the moderators' desk says in the reader's language: a hold's reasons, what links
two accounts, an entry's status, a move of the run and its best move, and a decision's
note. The rooms hand over codes and figures; the words are the catalog's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext, gettext_lazy

from challenges.bonus_words import BONUS_WORDS
from challenges.models import Entry

HOLD_REASONS = dict(Entry.HoldReason.choices)
STATUSES = dict(Entry.Status.choices)
# What ties two accounts (moderation/desk.py, LinkedAccount.ties).
TIES = {
    "network": gettext_lazy("sign-up network"),
    "device": gettext_lazy("device"),
    "pace": gettext_lazy("pace"),
}


def reason_labels(codes: Sequence[str]) -> list[str]:
    return [str(HOLD_REASONS.get(code, code)) for code in codes]


def tie_labels(ties: Sequence[str]) -> list[str]:
    return [str(TIES.get(tie, tie)) for tie in ties]


def status_label(status: str) -> str:
    return str(STATUSES.get(status, status))


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _cell(cell: object) -> tuple[int, int]:
    assert isinstance(cell, list | tuple), cell  # the engine's analysis: [row, column]
    return int(cell[0]), int(cell[1])


def played_move_words(move: Mapping[str, object]) -> str:
    """A run's move (RULES.md's form): "2-2-4 on row 0, column 0", or "a draw"."""
    if move.get("type") != "place":
        return gettext("a draw")
    row, column = _cell(move["cell"])
    return gettext("%(tile)s on row %(row)s, column %(column)s") % {
        "tile": move["tile"],
        "row": row,
        "column": column,
    }


def best_move_words(analysed: Mapping[str, object]) -> str:
    """The best move of a position (the analysis's ``moves[i]``): "4-5-5 on row 2,
    column 1, for +50 with a hexagon", or "a draw, for -5"."""
    outcome: Mapping[str, object] = analysed["best_outcome"]  # type: ignore[assignment]
    points = int(outcome["points"])  # type: ignore[call-overload]
    best: Mapping[str, object] | None = analysed.get("best")  # type: ignore[assignment]
    if best is None:
        return gettext("a draw, for %(points)s") % {"points": points}
    row, column = _cell(best["cell"])
    values = {"tile": best["tile"], "row": row, "column": column, "points": _signed(points)}
    bonus = outcome.get("bonus")
    if bonus in BONUS_WORDS:
        return gettext(
            "%(tile)s on row %(row)s, column %(column)s, for %(points)s with a %(bonus)s"
        ) % {**values, "bonus": BONUS_WORDS[str(bonus)].in_sentence}
    return gettext("%(tile)s on row %(row)s, column %(column)s, for %(points)s") % values
