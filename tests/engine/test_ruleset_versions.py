"""A published version of the rules never changes: every stored run of a challenge made
under it must replay, be analysed and reviewed to the same score for ever.

To change a rule value, add a version to ``RULESETS`` (new challenges take it) and pin
its fingerprint here; never edit a published one."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields, replace

import pytest

from triominos import RULES_VERSION, RULESETS, Ruleset, ruleset_of
from triominos.scoring import BONUSES

# The fingerprint of each published version's values.
PUBLISHED = {
    1: "573b23e4eecab588939a05e85ba08a2b18310e44e40dd881271ffe47c621cd3b",
}


def fingerprint(ruleset: Ruleset) -> str:
    values = {field.name: getattr(ruleset, field.name) for field in fields(ruleset)}
    values["bonuses"] = list(BONUSES)
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("version", sorted(RULESETS))
def test_a_published_version_keeps_its_values(version: int) -> None:
    assert version in PUBLISHED, f"version {version} is new: pin its fingerprint"
    assert fingerprint(RULESETS[version]) == PUBLISHED[version], (
        f"the values of rules version {version} changed: add a new version instead"
    )


def test_a_changed_bonus_value_changes_the_fingerprint() -> None:
    changed = replace(RULESETS[1], bridge_bonus=RULESETS[1].bridge_bonus + 1)
    assert fingerprint(changed) != PUBLISHED[1]


def test_new_challenges_take_the_newest_version() -> None:
    assert max(RULESETS) == RULES_VERSION
    assert ruleset_of(RULES_VERSION) is RULESETS[RULES_VERSION]
    with pytest.raises(KeyError):
        ruleset_of(max(RULESETS) + 1)
