"""Mixed scripts in a name: UTS #39's "moderately restrictive" level (section 5.2).

A name may be of one script ("Пётр", "Σοφία", "山田"), or Latin with the scripts of
Chinese, Japanese or Korean, or Latin with one other script, but never Latin with
Cyrillic or Greek, whose letters copy Latin ones ("scope" with a Cyrillic U+0441). Digits,
"_" and "-" belong to every script (Common) and restrict nothing; so do combining marks
(Inherited). Each character counts by its Script_Extensions, augmented as the standard
says: Han is also Japanese, Korean and Han with Bopomofo; Hiragana and Katakana are
Japanese; Hangul is Korean; Bopomofo is Han with Bopomofo.

Pure Python: no Django.
"""

from __future__ import annotations

import bisect
import functools

from accounts.identifier_tables import SCRIPT_EXTENSIONS

_STARTS = [start for start, _, _ in SCRIPT_EXTENSIONS]
_AUGMENTED = {
    "Han": {"Han_with_Bopomofo", "Japanese", "Korean"},
    "Hiragana": {"Japanese"},
    "Katakana": {"Japanese"},
    "Hangul": {"Korean"},
    "Bopomofo": {"Han_with_Bopomofo"},
}
# The covers of the "highly restrictive" level, each with Latin.
_EAST_ASIAN_COVERS = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana", "Japanese", "Han_with_Bopomofo"}),
    frozenset({"Latin", "Han", "Bopomofo", "Han_with_Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul", "Korean", "Han_with_Bopomofo"}),
)
# Latin may go with any one other script but these, whose letters copy its own.
_NEVER_WITH_LATIN = frozenset({"Cyrillic", "Greek"})


@functools.cache
def scripts_of(char: str) -> frozenset[str]:
    """The augmented script set of an allowed character; empty for one of every script
    (digits, "_", "-", combining marks)."""
    at = bisect.bisect_right(_STARTS, ord(char)) - 1
    if at < 0 or not SCRIPT_EXTENSIONS[at][0] <= ord(char) <= SCRIPT_EXTENSIONS[at][1]:
        return frozenset()
    names = set(SCRIPT_EXTENSIONS[at][2].split())
    for name in list(names):
        names |= _AUGMENTED.get(name, set())
    return frozenset(names)


def _covered(sets: list[frozenset[str]], cover: frozenset[str]) -> bool:
    """Whether every character shares a script with ``cover`` (UTS #39, 5.1)."""
    return all(scripts & cover for scripts in sets)


def scripts_moderately_restrictive(name: str) -> bool:
    """Whether ``name`` (allowed characters only) passes UTS #39's moderately
    restrictive level: one script, or Latin with Chinese, Japanese or Korean scripts, or
    Latin with one other script that is neither Cyrillic nor Greek."""
    sets = [scripts for scripts in map(scripts_of, name) if scripts]
    if not sets or frozenset.intersection(*sets):
        return True  # a single script
    if any(_covered(sets, cover) for cover in _EAST_ASIAN_COVERS):
        return True
    others = frozenset().union(*sets) - {"Latin"} - _NEVER_WITH_LATIN
    return any(_covered(sets, frozenset({"Latin", other})) for other in others)
