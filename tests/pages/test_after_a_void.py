"""What a player reads of their own entries that are on no board: the play page, the
history and their own page say a voided entry was voided and a held one waits for
review (never a bare dash); nobody else reads it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner(challenge: Challenge) -> Any:
    """A player whose entry on the open challenge was voided, and whose entry on the
    one before waits for review."""
    user = UserFactory()
    before = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    EntryFactory(challenge=challenge, player=user, score=321, voided_at=timezone.now())
    EntryFactory(
        challenge=before, player=user, score=456, status="held", hold_reasons=["provisional"]
    )
    return user


def test_the_play_page_says_the_entry_was_voided(owner: Any) -> None:
    page = _as(owner).get("/play/").content.decode()
    assert 'id="intro-entry"' in page
    assert '<strong class="num">321</strong> points was voided by a moderator' in page
    assert "You submitted a run for this challenge" not in page


def test_the_history_says_held_and_voided_where_it_said_nothing(owner: Any) -> None:
    page = _as(owner).get("/challenges/").content.decode()
    assert '456 <span class="muted">(under review)</span>' in page
    assert '<s>321</s> <span class="muted">(voided)</span>' in page


def test_the_history_speaks_german_of_them(owner: Any) -> None:
    page = _as(owner).get("/challenges/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "(annulliert)" in page and "(voided)" not in page


def test_the_players_own_page_lists_them_and_nobody_elses_does(owner: Any) -> None:
    own = _as(owner).get(f"/players/{owner.username}/").content.decode()
    assert 'data-testid="off-board"' in own
    assert "321 points, voided by a moderator" in own
    assert "456 points, waiting for a moderator's review" in own
    other = _as(UserFactory()).get(f"/players/{owner.username}/").content.decode()
    assert 'data-testid="off-board"' not in other and "321 points" not in other
    assert (
        'data-testid="off-board"'
        not in Client().get(f"/players/{owner.username}/").content.decode()
    )
