"""Every bonus of the engine's one list has its words, in Python and in the browser, and
every page that lists bonuses lists them all from that list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from challenges.bonus_words import BONUS_WORDS, bonus_rows
from challenges.engine import BONUSES, RULESET
from tests.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
RULESET_JSON = ROOT / "challenges/static/challenges/rules/ruleset.json"
JS_WORDS = ROOT / "challenges/static/challenges/lib/bonus_words.js"


def test_every_bonus_has_its_words_and_no_other() -> None:
    assert list(BONUS_WORDS) == list(BONUSES)


def test_the_browser_gets_the_engines_list() -> None:
    assert json.loads(RULESET_JSON.read_text())["bonuses"] == list(BONUSES)


def test_the_browsers_words_name_every_bonus() -> None:
    named = re.findall(r"^\s+(\w+): \{", JS_WORDS.read_text(), re.M)
    assert named == list(BONUSES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_bonus_is_said_in_the_readers_language(language: str) -> None:
    with translation.override("en"):
        english = [(str(row.words.name), str(row.words.rule)) for row in bonus_rows()]
    with translation.override(language):
        said = [(str(row.words.name), str(row.words.rule)) for row in bonus_rows()]
    for (name, rule), (english_name, english_rule) in zip(said, english, strict=True):
        assert name != english_name and rule != english_rule


@pytest.mark.django_db
def test_how_to_play_lists_every_bonus_at_its_value(client: Client) -> None:
    page = client.get("/how-to-play/").content.decode()
    listed = re.findall(r'data-testid="bonus-(\w+)">\+(\d+)<', page)
    assert [(bonus, int(points)) for bonus, points in listed if bonus in BONUSES] == [
        (bonus, RULESET.bonus_points(bonus)) for bonus in BONUSES
    ]
