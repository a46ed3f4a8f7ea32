"""The desk's decisions (moderation/entries.py): a linked group voided at once, a held
entry approved, each decision kept for the record and answering the entry's reports;
and the score counts a submit adds to."""

from __future__ import annotations

from datetime import timedelta

import pytest

from challenges.errors import EntryAlreadySubmitted, EntryNotHeld
from challenges.models import (
    Entry,
    EntryDecision,
    EntryReport,
    FormPoint,
    PlayerRecord,
    ScoreCount,
)
from challenges.moderation.entries import (
    entries_void,
    entry_approve,
    entry_submit,
)
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, at

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")


def test_a_linked_group_is_voided_at_once_each_with_its_decision() -> None:
    challenge = ChallengeFactory()
    moderator = UserFactory()
    first, second = (EntryFactory(challenge=challenge, score=s) for s in (300, 200))
    kept = EntryFactory(challenge=challenge, score=100)
    voided = entries_void(
        entry_ids=[second.pk, first.pk], reason="One person, two accounts", by_id=moderator.pk,
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
    approved = entry_approve(entry_id=held.pk, by_id=moderator.pk, reason="Known player.")
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
    entry_approve(entry_id=held.pk, by_id=None)
    [decision] = EntryDecision.objects.filter(entry=held)
    assert (decision.decided_by, decision.reason) == (None, "Approved after review.")


def test_an_approval_is_recorded_at_its_time() -> None:
    held = EntryFactory(status=Entry.Status.HELD, hold_reasons=["fast_pace"])
    entry_approve(entry_id=held.pk, by_id=None, reason="Seen it played.", now=NOON)
    [decision] = EntryDecision.objects.filter(entry=held)
    assert decision.decided_at == NOON


def test_only_a_held_entry_can_be_approved_and_the_desk_says_why() -> None:
    live = EntryFactory()
    with pytest.raises(EntryNotHeld) as refused:
        entry_approve(entry_id=live.pk, by_id=None)
    assert str(refused.value.detail) == "This entry is live, not held."
    assert not EntryDecision.objects.exists()


def _report(entry: Entry, *, resolved_at: object = None) -> EntryReport:
    return EntryReport.objects.create(
        entry=entry, reporter=UserFactory(), reason=EntryReport.Reason.NOT_HUMAN,
        reported_at=NOON - timedelta(days=1), resolved_at=resolved_at,
    )  # fmt: skip


def test_a_decision_answers_the_open_reports_of_its_entry_only() -> None:
    held = EntryFactory(status=Entry.Status.HELD, hold_reasons=["near_par"])
    answered_before = NOON - timedelta(hours=5)
    open_report, old_report = _report(held), _report(held, resolved_at=answered_before)
    elsewhere = _report(EntryFactory(challenge=held.challenge))
    entry_approve(entry_id=held.pk, by_id=None, now=NOON)
    resolved = {
        report.pk: report.resolved_at
        for report in EntryReport.objects.filter(
            pk__in=[open_report.pk, old_report.pk, elsewhere.pk]
        )
    }
    assert resolved == {open_report.pk: NOON, old_report.pk: answered_before, elsewhere.pk: None}


def test_score_counts_add_up_per_challenge_at_a_shared_score() -> None:
    challenge = ChallengeFactory(number=slot_number(at=NOON))
    other = ChallengeFactory(number=challenge.number + 1)  # still taking entries at NOON
    # Variants three apart play other moves: next to each other, one is the other turned.
    for run in [RunFactory(challenge=other, finished=True, score=300)] + [
        RunFactory(challenge=challenge, finished=True, score=score, variant=3 * n)
        for n, score in enumerate((300, 300, 250))
    ]:
        entry_submit(run_id=run.pk, player_id=run.player_id, now=NOON)
    counts = {
        (row.challenge_id, row.score): row.entries
        for row in ScoreCount.objects.filter(challenge__in=[challenge, other])
    }
    assert counts == {(other.pk, 300): 1, (challenge.pk, 300): 2, (challenge.pk, 250): 1}


def test_a_submit_that_fails_part_way_writes_nothing() -> None:
    """The submit's writes (the entry, the player's record, the counts, the form
    point) are one transaction: the last of them failing takes the others with it. Here
    the form point fails: the player already has one for the challenge (made by hand,
    for another player's entry)."""
    challenge = ChallengeFactory(number=slot_number(at=NOON), par=400)
    run = RunFactory(challenge=challenge, finished=True, score=300)
    other = EntryFactory(challenge=challenge, score=200)
    FormPoint.objects.create(
        player_id=run.player_id, challenge=challenge, entry=other, share=0.5, at=NOON
    )
    challenge.refresh_from_db()
    counts = (challenge.entry_count, challenge.top_score, challenge.board_version)
    with pytest.raises(EntryAlreadySubmitted):
        entry_submit(run_id=run.pk, player_id=run.player_id, now=NOON)
    assert not Entry.objects.filter(run=run).exists()
    assert not PlayerRecord.objects.filter(player_id=run.player_id).exists()
    assert list(ScoreCount.objects.filter(challenge=challenge).values_list("score")) == [(200,)]
    challenge.refresh_from_db()
    assert (challenge.entry_count, challenge.top_score, challenge.board_version) == counts
