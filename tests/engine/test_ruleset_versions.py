"""A published version of the rules never changes: every stored run of a challenge made
under it must replay, be analysed and reviewed to the same score for ever.

To change a rule value, add a version to ``RULESETS`` (new challenges and classic games
take it) and pin its fingerprint here; never edit a published one."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest

from triominos import RULES_VERSION, RULESETS, Ruleset, ruleset_of
from triominos.bonuses import bonus_codes
from triominos.ruleset import ruleset_values

# The fingerprint of each published version's values.
PUBLISHED = {
    1: "573b23e4eecab588939a05e85ba08a2b18310e44e40dd881271ffe47c621cd3b",
    2: "7f944781c936725f7259a86dff7c3035eb2b10dedf650b3e2595450a07efc898",
}


# The fingerprint of each published version's bonus decisions: the bonus of every
# state of a placement's corners (the detections are code, not values).
PUBLISHED_BONUS_DECISIONS = {
    1: "59bc7350d1a6c191befbe1ce857af0f667ecdf0b18b20dcf63099b6abd7de1a7",
    2: "59bc7350d1a6c191befbe1ce857af0f667ecdf0b18b20dcf63099b6abd7de1a7",
}


def decisions_fingerprint(ruleset: Ruleset) -> str:
    decisions = [list(ruleset.bonus_names), list(bonus_codes(ruleset.bonuses))]
    return hashlib.sha256(json.dumps(decisions).encode()).hexdigest()


def fingerprint(ruleset: Ruleset) -> str:
    return hashlib.sha256(json.dumps(ruleset_values(ruleset), sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("version", sorted(RULESETS))
def test_a_published_version_keeps_its_values(version: int) -> None:
    assert version in PUBLISHED, f"version {version} is new: pin its fingerprint"
    assert fingerprint(RULESETS[version]) == PUBLISHED[version], (
        f"the values of rules version {version} changed: add a new version instead"
    )


@pytest.mark.parametrize("version", sorted(RULESETS))
def test_a_published_version_keeps_its_bonus_decisions(version: int) -> None:
    assert version in PUBLISHED_BONUS_DECISIONS, f"version {version} is new: pin its decisions"
    assert decisions_fingerprint(RULESETS[version]) == PUBLISHED_BONUS_DECISIONS[version], (
        f"a bonus of rules version {version} is decided differently: add a new version instead"
    )


def test_a_changed_bonus_value_changes_the_fingerprint() -> None:
    bridge, *others = RULESETS[1].bonuses
    changed = replace(RULESETS[1], bonuses=(replace(bridge, points=bridge.points + 1), *others))
    assert fingerprint(changed) != PUBLISHED[1]


def test_a_field_added_later_changes_only_the_versions_that_set_it() -> None:
    assert "classic_reading" not in ruleset_values(RULESETS[1])
    assert ruleset_values(RULESETS[2])["classic_reading"] == "rulebooks"
    assert fingerprint(RULESETS[2]) != fingerprint(RULESETS[1])


def test_new_challenges_take_the_newest_version() -> None:
    assert max(RULESETS) == RULES_VERSION
    assert ruleset_of(RULES_VERSION) is RULESETS[RULES_VERSION]
    with pytest.raises(KeyError):
        ruleset_of(max(RULESETS) + 1)
