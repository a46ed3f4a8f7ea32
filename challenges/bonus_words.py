"""Each bonus of the engine's one list, in the reader's words and signs.

The bonuses themselves are ``BONUSES`` in the engine; this is what the pages, the share
text and the share card say of each. A bonus the engine adds without its words here
fails a test (tests/i18n/test_bonus_words.py), so none is ever shown by its code name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext

from challenges.engine import RULESET, Ruleset


@dataclass(frozen=True)
class BonusWords:
    name: Promise
    """The bonus's name, as a label: "Double hexagon"."""
    in_sentence: Promise
    """Its name inside a sentence: "double hexagon" (lower case where the language does that)."""
    rule: Promise
    """What makes it, as the how-to-play page says."""
    counted: Callable[[int], str]
    """How many were made: "2 double hexagons" (``%(count)s`` still to fill)."""
    symbol: str
    """Its sign in the share text."""


# ngettext is called with literal strings, so that makemessages finds both forms.
BONUS_WORDS: dict[str, BonusWords] = {
    "bridge": BonusWords(
        name=gettext_lazy("Bridge"),
        in_sentence=gettext_lazy("bridge"),
        rule=gettext_lazy(
            "Bridge: a tile whose three corners all touched tiles before it went down "
            "(one edge and the opposite point, or two edges), with no hexagon"
        ),
        counted=lambda n: ngettext("%(count)s bridge", "%(count)s bridges", n),
        symbol="🌉",
    ),
    "hexagon": BonusWords(
        name=gettext_lazy("Hexagon"),
        in_sentence=gettext_lazy("hexagon"),
        rule=gettext_lazy(
            "Hexagon: a tile that fills the last of the six cells around one of its corners"
        ),
        counted=lambda n: ngettext("%(count)s hexagon", "%(count)s hexagons", n),
        symbol="⬡",
    ),
    "double_hexagon": BonusWords(
        name=gettext_lazy("Double hexagon"),
        in_sentence=gettext_lazy("double hexagon"),
        rule=gettext_lazy("Double hexagon: the same around two of its corners at once"),
        counted=lambda n: ngettext("%(count)s double hexagon", "%(count)s double hexagons", n),
        symbol="⬡⬡",
    ),
    "triple_hexagon": BonusWords(
        name=gettext_lazy("Triple hexagon"),
        in_sentence=gettext_lazy("triple hexagon"),
        rule=gettext_lazy("Triple hexagon: the same around all three"),
        counted=lambda n: ngettext("%(count)s triple hexagon", "%(count)s triple hexagons", n),
        symbol="⬡⬡⬡",
    ),
}


@dataclass(frozen=True)
class BonusRow:
    bonus: str
    points: int
    words: BonusWords


def bonus_rows(ruleset: Ruleset = RULESET) -> list[BonusRow]:
    """Every bonus in the engine's order, with its points and its words."""
    return [
        BonusRow(bonus=bonus, points=points, words=BONUS_WORDS[bonus])
        for bonus, points in ruleset.bonus_values
    ]
