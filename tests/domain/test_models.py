from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction

from challenges.models import Challenge, Entry, Run
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, at

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")


def test_a_challenge_is_open_for_its_eight_hours() -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    assert not challenge.is_open(challenge.opens_at - timedelta(microseconds=1))
    assert challenge.is_open(challenge.opens_at)
    assert challenge.is_open(challenge.closes_at - timedelta(microseconds=1))
    assert not challenge.is_open(challenge.closes_at)
    assert challenge.is_closed(challenge.closes_at)
    assert not challenge.is_closed(NOON)


def test_the_primary_key_is_the_slot_number() -> None:
    fields = {"opens_at": NOON, "closes_at": NOON + timedelta(hours=8), "tray": [], "well": []}
    made = Challenge.objects.create(number=812, seed="", **fields)
    assert made.pk == 812
    assert Challenge._meta.pk is not None and Challenge._meta.pk.name == "number"
    with pytest.raises(IntegrityError), transaction.atomic():
        Challenge.objects.create(number=812, seed="another", **fields)


def test_a_runs_deadline_is_two_minutes_after_its_server_start() -> None:
    run = RunFactory(started_at=NOON)
    assert run.deadline == NOON + timedelta(minutes=2)
    assert run.status == Run.Status.STARTED and not run.is_valid


def test_the_database_allows_one_entry_per_player_and_challenge() -> None:
    entry = EntryFactory()
    other_run = RunFactory(player=entry.player, challenge=entry.challenge, finished=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            challenge=entry.challenge,
            player=entry.player,
            run=other_run,
            score=1,
            submitted_at=NOON,
        )
    assert Entry.objects.count() == 1
