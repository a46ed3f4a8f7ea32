"""Look-alike user names: the skeleton of Unicode Technical Standard #39.

Two strings are confusable when their *skeletons* are equal (UTS #39, section 4): each
character is replaced by the prototype it is confusable with (Cyrillic a, U+0430, ->
"a"; Latin alpha, U+0251, -> "a"; "I" -> "l"; "m" -> "rn"; ...), in NFD. The table is Unicode's
confusables.txt as shipped by the maintained ``confusable-homoglyphs`` package, which
keeps it as a symmetric map: each prototype lists its look-alikes and each look-alike
its prototype. Read back, every connected group is a star around its prototype (checked
below, when the table is loaded), so the prototype of each character is recovered
exactly: the group's multi-character member if it has one (only prototypes are
sequences), else its centre.

A player's name is compared case-blind as well (names are unique whatever their case),
so ``name_key`` folds the case between two skeletons: "IAN", "Ian" and "lan" share a
key; "ian" does not (the dot of the "i" tells them apart).

Pure Python: no Django, so it is cheap to test and to use from a migration.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import unicodedata
from collections import defaultdict

from accounts.identifier_tables import ALLOWED, IGNORABLE

# The package marks right-to-left prototypes with LEFT-TO-RIGHT MARKs for display.
_DISPLAY_MARKS = str.maketrans("", "", "\u200e\u200f")
# Prototype sequences can themselves hold characters with prototypes ("m" -> "rn");
# applying the map again reaches a fixed point within a few rounds.
_MAX_ROUNDS = 4


class ConfusablesTableInvalid(RuntimeError):
    """The package's table no longer has the shape this module reads."""


def _table() -> dict[str, list[dict[str, str]]]:
    from confusable_homoglyphs.confusables import confusables_data

    table: dict[str, list[dict[str, str]]] = confusables_data
    return table


@functools.cache
def prototypes() -> dict[str, str]:
    """Each character that has a prototype, mapped to it (characters that are their own
    prototype are left out)."""
    links: defaultdict[str, set[str]] = defaultdict(set)
    for glyph, look_alikes in _table().items():
        one = glyph.translate(_DISPLAY_MARKS)
        for look_alike in look_alikes:
            other = look_alike["c"].translate(_DISPLAY_MARKS)
            if other != one:
                links[one].add(other)
                links[other].add(one)
    mapping: dict[str, str] = {}
    seen: set[str] = set()
    for start in links:
        if start in seen:
            continue
        group, stack = set(), [start]
        while stack:
            member = stack.pop()
            if member not in group:
                group.add(member)
                stack.extend(links[member] - group)
        seen |= group
        prototype = _prototype_of(group, links)
        for member in group:
            if len(member) == 1 and member != prototype:
                mapping[member] = prototype
    return mapping


def _prototype_of(group: set[str], links: dict[str, set[str]]) -> str:
    sequences = [member for member in group if len(member) != 1]
    if len(sequences) > 1:
        raise ConfusablesTableInvalid(f"two prototype sequences in one group: {sequences!r}")
    if sequences:
        return sequences[0]
    centres = sorted(member for member in group if links[member] >= group - {member})
    if not centres:
        raise ConfusablesTableInvalid(f"a group with no prototype: {sorted(group)!r}")
    # A pair is its own centre twice over: either member serves, as long as it is always
    # the same one.
    return centres[0]


def _in(ranges: tuple[tuple[int, int], ...], starts: list[int], char: str) -> bool:
    at = bisect.bisect_right(starts, ord(char)) - 1
    return at >= 0 and ranges[at][0] <= ord(char) <= ranges[at][1]


_ALLOWED_STARTS = [start for start, _ in ALLOWED]
_IGNORABLE_STARTS = [start for start, _ in IGNORABLE]


def is_ignorable(char: str) -> bool:
    """Whether ``char`` is Default_Ignorable: drawn as nothing (U+200B, U+3164, U+115F)."""
    return _in(IGNORABLE, _IGNORABLE_STARTS, char)


def is_allowed(char: str) -> bool:
    """Whether ``char`` is UTS #39 Identifier_Status=Allowed (a character of a script in
    modern use, neither obsolete, technical nor invisible)."""
    return _in(ALLOWED, _ALLOWED_STARTS, char)


def ignorables_stripped(text: str) -> str:
    return "".join(char for char in text if not is_ignorable(char))


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character to its prototype, NFD."""
    table = prototypes()
    current = unicodedata.normalize("NFD", text)
    for _ in range(_MAX_ROUNDS):
        mapped = unicodedata.normalize("NFD", "".join(table.get(c, c) for c in current))
        if mapped == current:
            break
        current = mapped
    return current


def name_key(name: str) -> str:
    """What two names that look alike (whatever their case) have in common: the
    skeleton of the case-folded skeleton, of the name without its invisible characters
    (Default_Ignorable: "al\u1160ice" looks like "alice")."""
    return skeleton(skeleton(ignorables_stripped(name)).casefold())


def name_key_digest(name: str) -> str:
    """``name_key`` as 64 hex digits, for a fixed-size unique index."""
    return hashlib.sha256(name_key(name).encode("utf-8")).hexdigest()
