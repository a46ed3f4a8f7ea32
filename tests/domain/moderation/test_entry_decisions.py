"""The desk's decisions by id (moderation/entries.py): a linked group voided at once, and
a held entry approved, each decision kept for the record."""

from __future__ import annotations

import pytest

from challenges.errors import EntryNotHeld
from challenges.models import Entry, EntryDecision
from challenges.moderation.entries import entries_void, entry_approve, entry_approve_by_id
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, at

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")


def test_a_linked_group_is_voided_at_once_each_with_its_decision() -> None:
    challenge = ChallengeFactory()
    moderator = UserFactory()
    first, second = (EntryFactory(challenge=challenge, score=s) for s in (300, 200))
    kept = EntryFactory(challenge=challenge, score=100)
    voided = entries_void(
        entry_ids=[second.pk, first.pk], reason="One person, two accounts", by=moderator,
        now=NOON,
    )  # fmt: skip
    assert [entry.pk for entry in voided] == [first.pk, second.pk]
    for entry in (first, second):
        entry.refresh_from_db()
        assert (entry.status, entry.voided_at, entry.void_reason) == (
            Entry.Status.VOID,
            NOON,
            "One person, two accounts",
        )
        [decision] = EntryDecision.objects.filter(entry=entry)
        assert (decision.verdict, decision.decided_by, decision.decided_at, decision.reason) == (
            EntryDecision.Verdict.VOID,
            moderator,
            NOON,
            "One person, two accounts",
        )
    kept.refresh_from_db()
    assert kept.status == Entry.Status.LIVE
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score) == (1, 100)


def test_a_held_entry_approved_by_id_goes_live_with_its_reason() -> None:
    moderator = UserFactory()
    held = EntryFactory(status=Entry.Status.HELD, hold_reasons=["near_par"], score=250)
    approved = entry_approve_by_id(entry_id=held.pk, by=moderator, reason="Known player.")
    assert (approved.pk, approved.status) == (held.pk, Entry.Status.LIVE)
    held.refresh_from_db()
    assert held.status == Entry.Status.LIVE
    [decision] = EntryDecision.objects.filter(entry=held)
    assert (decision.verdict, decision.decided_by, decision.reason) == (
        EntryDecision.Verdict.APPROVE,
        moderator,
        "Known player.",
    )
    held.challenge.refresh_from_db()
    assert held.challenge.top_score == 250


def test_an_approval_without_words_is_recorded_as_after_review() -> None:
    held = EntryFactory(status=Entry.Status.HELD, hold_reasons=["solver_like"])
    entry_approve_by_id(entry_id=held.pk, by=None)
    [decision] = EntryDecision.objects.filter(entry=held)
    assert (decision.decided_by, decision.reason) == (None, "Approved after review.")


def test_an_approval_is_recorded_at_its_time() -> None:
    held = EntryFactory(status=Entry.Status.HELD, hold_reasons=["fast_pace"])
    entry_approve(entry=held, by=None, reason="Seen it played.", now=NOON)
    [decision] = EntryDecision.objects.filter(entry=held)
    assert decision.decided_at == NOON


def test_only_a_held_entry_can_be_approved_and_the_desk_says_why() -> None:
    live = EntryFactory()
    with pytest.raises(EntryNotHeld) as refused:
        entry_approve_by_id(entry_id=live.pk, by=None)
    assert str(refused.value.detail) == "This entry is live, not held."
    assert not EntryDecision.objects.exists()
