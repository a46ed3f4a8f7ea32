"""A held player's page and the API tell them "under review" and one plain sentence:
never a measure, a threshold, or the rank they would have once approved."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.factories import EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

# What the desk sees of the held entry below; none of it may reach its player.
MEASURES = {"par_ratio": 0.84, "solver_match": 0.93, "form": 0.41, "near_copy_share": 0.2}
LEAKS = [
    "provisional", "above_form", "near_par", "solver", "par_ratio", "0.84", "0.93", "0.41",
    "0.85", "0.15", "form", "threshold", "rank",
]  # fmt: skip


def test_a_held_players_page_and_api_show_no_measure_threshold_or_rank(
    challenge: Challenge,
) -> None:
    for score in (300, 250, 120):
        EntryFactory(challenge=challenge, score=score)
    player = UserFactory()
    EntryFactory(
        challenge=challenge,
        player=player,
        score=420,
        status="held",
        hold_reasons=["provisional", "above_form", "near_par"],
        features=MEASURES,
    )
    browser = Client()
    browser.force_login(player)
    page = browser.get(reverse("challenges:leaderboard", args=[challenge.pk])).content.decode()
    card = re.search(r'<section[^>]*data-testid="held-card".*?</section>', page, re.S)
    assert card is not None
    text = re.sub(r"<[^>]+>", " ", card.group(0))
    assert "under review" in text
    assert "Some entries are checked by a person before they go on the board." in text
    # The only number it says is the player's own score: no rank (it would be 1 of 4).
    assert re.findall(r"\d+", text) == ["420"]
    assert not [word for word in LEAKS if word in text.lower()]

    api = APIClient()
    api.force_authenticate(player)
    me = api.get(f"/api/challenges/{challenge.pk}/leaderboard/me/").json()
    assert me["status"] == "held"
    assert (me["rank"], me["percentile"], me["page"]) == (None, None, None)
    assert me["reasons"] == ["checked_by_a_person"]
    # Every value it says (the keys are the contract's): the score, counts, one class.
    body = json.dumps([v for k, v in me.items() if k not in ("player", "submitted_at", "run")])
    assert not [word for word in LEAKS if word in body.lower()]


def test_every_hold_says_the_same_plain_sentence(challenge: Challenge) -> None:
    player = UserFactory()
    EntryFactory(
        challenge=challenge, player=player, score=420, status="held", hold_reasons=["provisional"]
    )
    api = APIClient()
    api.force_authenticate(player)
    me = api.get(f"/api/challenges/{challenge.pk}/leaderboard/me/").json()
    assert me["review"] == {
        "code": "checked_by_a_person",
        "detail": "Some entries are checked by a person before they go on the board.",
    }
