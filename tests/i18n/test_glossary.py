"""The glossary of docs/i18n.md holds: each concept has one word per language, so the
other words translators once used for it appear in no catalog."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"

# The words the glossary replaced, per language: (pattern, the glossary's word).
REPLACED = {
    "de": [
        (r"\bBeitr(a|ä)g", "Eintrag (entry)"),
        (r"\bTeilnahme", "Eintrag (entry)"),
        (r"\bL(a|ä)ufe?\b", "Runde (run)"),
        (r"\bBestenliste", "Rangliste (leaderboard)"),
        (r"für ungültig erklär", "annullieren (void)"),
    ],
    "fr": [
        (r"\btuiles?\b", "pièce (tile)"),
        (r"\bchevalet", "support (tray)"),
        (r"\bannulée?s?\b", "invalider (void)"),
    ],
    "nl": [
        (r"\btegels?\b", "steen (tile)"),
        (r"\bscorebord", "ranglijst (leaderboard)"),
    ],
}


def _translations(language: str) -> list[tuple[str, str]]:
    found = []
    for domain in ("django", "djangojs"):
        for entry in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")):
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            found.extend((entry.msgid, text) for text in texts)
    return found


@pytest.mark.parametrize("language", sorted(REPLACED))
def test_no_catalog_says_a_word_the_glossary_replaced(language: str) -> None:
    strays = [
        f"{msgid!r}: {text!r} (the glossary says {word})"
        for msgid, text in _translations(language)
        for pattern, word in REPLACED[language]
        # "im Lauf der Zeit" (over time) is no run.
        if re.search(pattern, text.replace("im Lauf der Zeit", ""))
    ]
    assert strays == []


def test_the_scan_finds_a_replaced_word() -> None:
    pattern, _word = REPLACED["de"][0]
    assert re.search(pattern, "Dein Beitrag wird geprüft.")
    assert not re.search(pattern, "Dein Eintrag wird geprüft.")
