"""The review after par (``moderation/par_review.py``): the entries submitted before
their challenge's par was known, reviewed against it once it is."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from challenges.models import Challenge, Entry, EntryDecision
from challenges.moderation.entries import entry_submit, entry_void
from challenges.moderation.par_review import entries_review_par
from tests.factories import ChallengeFactory, RunFactory

pytestmark = pytest.mark.django_db


def _waiting(challenge: Challenge, count: int) -> list[Entry]:
    """``count`` entries of ``challenge`` submitted while it had no par, while it was
    open."""
    assert challenge.par is None
    opened = challenge.opens_at
    entries = []
    for variant in range(count):
        run = RunFactory(
            challenge=challenge,
            finished=True,
            variant=3 * variant + 100,
            started_at=opened + timedelta(minutes=1),
        )
        now = opened + timedelta(minutes=5)
        entries.append(entry_submit(run_id=run.pk, player_id=run.player_id, now=now))
    assert all(entry.features["par"] is None for entry in entries)
    return entries


def _par_set(challenge: Challenge, par: int) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(par=par)


def test_each_waiting_entry_is_reviewed_once_and_counted() -> None:
    challenge = ChallengeFactory()
    reviewed, voided, decided = _waiting(challenge, 2), *_waiting(challenge, 2)
    entry_void(entry_id=voided.pk, reason="a test")
    EntryDecision.objects.create(
        entry=decided, verdict="approve", decided_at=timezone.now(), reason="a test"
    )
    _par_set(challenge, 10_000)  # far above every score: nothing to hold

    assert entries_review_par(challenge_id=challenge.pk) == 2
    assert entries_review_par(challenge_id=challenge.pk) == 0
    for entry in reviewed:
        entry.refresh_from_db()
        assert entry.features["par"] == 10_000 and entry.is_live
    for entry in (voided, decided):
        entry.refresh_from_db()
        assert entry.features["par"] is None


def test_a_challenge_still_without_its_par_reviews_nothing() -> None:
    challenge = ChallengeFactory()
    _waiting(challenge, 1)

    assert entries_review_par(challenge_id=challenge.pk) == 0
    assert Entry.objects.get(challenge=challenge).features["par"] is None


def test_only_the_asked_challenges_entries_are_reviewed() -> None:
    asked = ChallengeFactory()
    # Challenges on both sides of it, each with a par and an entry waiting for it.
    others = [ChallengeFactory(number=asked.pk + step) for step in (-3, 3)]
    waiting = [entry for other in others for entry in _waiting(other, 1)]
    (mine,) = _waiting(asked, 1)
    for challenge in (*others, asked):
        _par_set(challenge, 10_000)

    assert entries_review_par(challenge_id=asked.pk) == 1
    mine.refresh_from_db()
    assert mine.features["par"] == 10_000
    assert [Entry.objects.get(pk=entry.pk).features["par"] for entry in waiting] == [None, None]


def test_a_review_writes_only_what_it_reviewed() -> None:
    """A moderator's decision may be written meanwhile; a review saving the whole row
    would put back what it read."""
    challenge = ChallengeFactory()
    _waiting(challenge, 1)
    _par_set(challenge, 10_000)
    with CaptureQueriesContext(connection) as sent:
        entries_review_par(challenge_id=challenge.pk)

    updates = [q["sql"] for q in sent.captured_queries if q["sql"].startswith("UPDATE")]
    entry_table = f'UPDATE "{Entry._meta.db_table}"'
    written = [
        set(re.findall(r'"(\w+)" = ', sql.split(" WHERE ")[0]))
        for sql in updates
        if sql.startswith(entry_table)
    ]
    assert written == [{"features", "hold_reasons", "status"}]
