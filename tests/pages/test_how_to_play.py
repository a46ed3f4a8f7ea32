"""The how-to-play page: every value of the ruleset, from the ruleset."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from challenges.engine import RULESET

pytestmark = pytest.mark.django_db


def _json_script(html: str, element_id: str) -> Any:
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html)
    assert match, f"the page carries #{element_id}"
    return json.loads(match.group(1))


def test_the_how_to_play_page_says_every_value_of_the_ruleset() -> None:
    html = Client().get("/how-to-play/").content.decode()
    for name, value in [
        *RULESET.bonus_values,
        ("clear", RULESET.clear_bonus),
    ]:
        assert f'data-testid="bonus-{name}">+{value}<' in html
    assert f'data-testid="bonus-draw">{RULESET.draw_points}<' in html
    assert f"{RULESET.time_limit_ms // 1000} seconds" in html
    pictures = _json_script(html, "how-pictures")
    assert pictures["hexagon"]["bonus"] == "hexagon"
    assert pictures["bridge"]["bonus"] == "bridge"


def test_the_values_come_from_the_ruleset_not_the_template(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from challenges.views import how_to_play

    points = {"bridge": 41, "hexagon": 51}
    changed = dataclasses.replace(
        RULESET,
        bonuses=tuple(
            dataclasses.replace(rule, points=points.get(rule.name, rule.points))
            for rule in RULESET.bonuses
        ),
    )
    monkeypatch.setattr(how_to_play, "RULESET", changed)
    html = Client().get("/how-to-play/").content.decode()
    assert 'data-testid="bonus-bridge">+41<' in html
    assert 'data-testid="bonus-hexagon">+51<' in html
