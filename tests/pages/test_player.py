"""The player page: scores and ranks over time, as charts and as a table."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.slots import slot_number
from challenges.views import top_percent
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def _dots(body: str, chart: str) -> list[tuple[float, float]]:
    svg = re.search(rf'data-testid="{chart}-chart">(.*?)</svg>', body, re.S)
    assert svg, f"no {chart} chart"
    return [
        (float(x), float(y))
        for x, y in re.findall(r'<circle class="dot" cx="([\d.]+)" cy="([\d.]+)"', svg.group(1))
    ]


def test_top_percent_rounds_up_and_never_says_top_zero() -> None:
    assert top_percent(rank=1, entries=1000) == 1
    assert top_percent(rank=22, entries=100) == 22
    assert top_percent(rank=23, entries=101) == 23
    assert top_percent(rank=5, entries=5) == 100


def test_scores_and_ranks_are_plotted_oldest_first_and_listed_newest_first() -> None:
    me = UserFactory()
    current = slot_number(at=timezone.now())
    plan = {current - 3: (150, [200]), current - 2: (60, [10, 20, 30]), current - 1: (90, [])}
    for number, (mine, others) in plan.items():
        challenge = ChallengeFactory(number=number)
        when = challenge.opens_at + timedelta(hours=1)
        for score in others:
            EntryFactory(challenge=challenge, score=score, submitted_at=when)
        EntryFactory(challenge=challenge, player=me, score=mine, submitted_at=when)

    response = Client().get(reverse("challenges:player", args=[me.username]))
    assert response.status_code == 200
    body = response.content.decode()

    scores = _dots(body, "score")
    assert len(scores) == 3
    assert [x for x, _ in scores] == sorted(x for x, _ in scores)
    # Higher scores sit higher (smaller y): 150 > 90 > 60.
    assert scores[0][1] < scores[2][1] < scores[1][1]

    standings = _dots(body, "standing")
    # Ranks 2 of 2 (top 100%), 1 of 4 (top 25%), 1 of 1 (top 100%): the middle one is best.
    assert standings[1][1] < standings[0][1]
    assert standings[0][1] == standings[2][1]

    table = re.search(r'data-testid="player-history">(.*?)</table>', body, re.S)
    assert table
    listed = [
        int(n) for n in re.findall(r'<th scope="row"><a href="[^"]+">#(\d+)</a>', table.group(1))
    ]
    assert listed == [current - 1, current - 2, current - 3]
    assert '1 <span class="muted">of 4</span>' in table.group(1)
    assert response.context["best_score"] == 150
    # Worked out only if the record's part of the page is rendered: callables.
    assert response.context["best_rank"]() == 1
    assert response.context["wins"]() == 2


def test_player_without_entries_gets_an_empty_state() -> None:
    me = UserFactory()
    browser = Client()
    browser.force_login(me)
    body = browser.get(reverse("challenges:player", args=[me.username])).content.decode()
    assert "You haven't submitted a run yet" in body
    assert 'data-testid="score-chart"' not in body


def test_unknown_player_is_not_found() -> None:
    response = Client().get(reverse("challenges:player", args=["nobody-here"]))
    assert response.status_code == 404
    assert "No tile fits here" in response.content.decode()
