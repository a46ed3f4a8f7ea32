"""The history page: every opened challenge, newest first, with the reader's own results."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

URL = reverse("challenges:history")


def _challenges(count: int) -> list[Challenge]:
    """The open challenge and the `count - 1` before it, oldest first."""
    current = slot_number(at=timezone.now())
    return [ChallengeFactory(number=n) for n in range(current - count + 1, current + 1)]


def _numbers(body: str) -> list[int]:
    return [int(n) for n in re.findall(r'<th scope="row">\s*<a href="[^"]+">#(\d+)</a>', body)]


def test_challenges_are_listed_newest_first_with_entries_and_winning_score() -> None:
    older, newer, current = _challenges(3)
    for score in (40, 90, 65):
        EntryFactory(challenge=older, score=score, submitted_at=older.opens_at + timedelta(hours=1))
    EntryFactory(challenge=newer, score=12, submitted_at=newer.opens_at + timedelta(hours=1))
    ChallengeFactory(number=current.number + 1)  # made ahead of time: not listed yet

    response = Client().get(URL)
    assert response.status_code == 200
    body = response.content.decode()
    assert _numbers(body) == [current.number, newer.number, older.number]
    rows = {row["row"].challenge.number: row["row"] for row in response.context["rows"]}
    assert (rows[older.number].entries, rows[older.number].top_score) == (3, 90)
    assert (rows[newer.number].entries, rows[newer.number].top_score) == (1, 12)
    assert (rows[current.number].entries, rows[current.number].top_score) == (0, None)
    assert "Your score" not in body  # anonymous readers get no own columns
    assert "to see your own score and rank" in body


def test_the_open_challenge_is_marked_with_a_play_link() -> None:
    _older, current = _challenges(2)
    body = Client().get(URL).content.decode()
    open_rows = re.findall(r'<tr class="is-open">(.*?)</tr>', body, re.S)
    assert len(open_rows) == 1
    assert f"#{current.number}</a>" in open_rows[0]
    assert "open now" in open_rows[0]
    assert f'href="{reverse("challenges:play")}"' in open_rows[0]


def test_signed_in_reader_sees_their_own_score_and_rank() -> None:
    older, current = _challenges(2)
    me = UserFactory()
    submitted = older.opens_at + timedelta(hours=1)
    EntryFactory(challenge=older, score=300, submitted_at=submitted)
    mine = EntryFactory(challenge=older, player=me, score=120, submitted_at=submitted)
    EntryFactory(challenge=older, score=50, submitted_at=submitted)

    browser = Client()
    browser.force_login(me)
    response = browser.get(URL)
    rows = {row["row"].challenge.number: row["row"] for row in response.context["rows"]}
    assert (rows[older.number].own_score, rows[older.number].own_rank) == (120, 2)
    assert (rows[current.number].own_score, rows[current.number].own_rank) == (None, None)
    body = response.content.decode()
    assert "Your rank" in body
    assert reverse("challenges:replay", args=[mine.run_id]) in body
    assert f"{reverse('challenges:leaderboard', args=[older.pk])}?page=mine" in body


def test_history_is_paginated_thirty_a_page() -> None:
    challenges = _challenges(31)
    browser = Client()
    first = browser.get(URL)
    assert len(first.context["rows"]) == 30
    assert 'href="?page=2"' in first.content.decode()
    second = browser.get(URL, {"page": 2})
    assert _numbers(second.content.decode()) == [challenges[0].number]
    beyond = browser.get(URL, {"page": 5})
    assert beyond.status_code == 302
    assert beyond["Location"] == f"{URL}?page=2"


def test_no_challenge_yet_says_so() -> None:
    response = Client().get(URL)
    assert response.status_code == 200
    assert "No challenge has opened yet" in response.content.decode()
