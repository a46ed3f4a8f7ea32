"""Every hold ends by the results (challenges/moderation/holds.py): a hold no moderator
decided is settled by the policy the moment the results are out, never before, once,
and only while it is still an undecided hold."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db.models.signals import post_save
from django.utils import timezone

from challenges.models import Challenge, Entry, EntryDecision
from challenges.moderation.holds import holds_settle
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory

pytestmark = pytest.mark.django_db

MS = timedelta(milliseconds=1)


def _held(challenge: Challenge, **fields: Any) -> Entry:
    return EntryFactory(challenge=challenge, status="held", hold_reasons=["provisional"],
                        **fields)  # fmt: skip


def test_a_hold_is_settled_a_millisecond_after_the_results_and_not_at_them() -> None:
    """The results are out at the close plus a run's time and its grace
    (``Challenge.results_at``); the settling starts just after, not a minute later."""
    challenge = ChallengeFactory()
    entry = _held(challenge)
    assert holds_settle(now=challenge.results_at - timedelta(hours=1)) == 0
    assert holds_settle(now=challenge.results_at) == 0
    after = challenge.results_at + MS
    assert holds_settle(now=after) == 1
    entry.refresh_from_db()
    # Kept off the board, not voided, and recorded as a decision by no one.
    assert (entry.status, entry.settled_at) == ("held", after)
    decision = EntryDecision.objects.get(entry=entry)
    assert (decision.verdict, decision.decided_by_id, decision.decided_at, decision.reason) == (
        "settle",
        None,
        after,
        "Not reviewed by the results: kept off the final board (the policy).",
    )
    # Once: a settled hold is not settled again.
    assert holds_settle(now=after + timedelta(days=1)) == 0
    assert EntryDecision.objects.filter(entry=entry).count() == 1


def test_only_undecided_holds_of_challenges_whose_results_are_out_are_settled() -> None:
    challenge = ChallengeFactory()
    later = ChallengeFactory(number=slot_number(at=timezone.now()) + 1)
    held = [_held(challenge), _held(challenge)]
    live = EntryFactory(challenge=challenge)
    void = EntryFactory(challenge=challenge, voided_at=timezone.now())
    settled_before = _held(challenge, settled_at=challenge.closes_at)
    not_yet = _held(later)
    now = challenge.results_at + MS
    assert holds_settle(now=now) == 2
    settled = set(Entry.objects.filter(settled_at=now).values_list("pk", flat=True))
    assert settled == {entry.pk for entry in held}
    assert set(EntryDecision.objects.values_list("entry_id", flat=True)) == settled
    for entry in (live, void, settled_before, not_yet):
        before = entry.settled_at
        entry.refresh_from_db()
        assert entry.settled_at == before
    # The next challenge's turn comes with its own results.
    assert holds_settle(now=later.results_at + MS) == 1


@pytest.fixture
def decided_meanwhile() -> Iterator[dict[int, dict[str, Any]]]:
    """Entries a moderator (or another settling worker) decides while this one settles
    the holds before them: entry id of the one being settled -> what the other does
    to the entry after it."""
    plans: dict[int, dict[str, Any]] = {}

    def decide(instance: EntryDecision, created: bool, **_: Any) -> None:
        plan = plans.pop(instance.entry_id, None)
        if created and plan:
            Entry.objects.filter(pk=plan["entry"]).update(**plan["fields"])

    post_save.connect(decide, sender=EntryDecision, weak=False)
    yield plans
    post_save.disconnect(decide, sender=EntryDecision)


@pytest.mark.parametrize(
    "fields",
    [{"status": "live"}, {"status": "void"}, {"settled_at": timezone.now() - timedelta(days=1)}],
    ids=["approved", "voided", "settled"],
)
def test_a_hold_decided_while_the_others_are_settled_is_left_as_decided(
    decided_meanwhile: dict[int, dict[str, Any]], fields: dict[str, Any]
) -> None:
    challenge = ChallengeFactory()
    first, second, third = (_held(challenge) for _ in range(3))
    decided_meanwhile[first.pk] = {"entry": second.pk, "fields": fields}
    now = challenge.results_at + MS
    assert holds_settle(now=now) == 2
    assert set(EntryDecision.objects.values_list("entry_id", flat=True)) == {first.pk, third.pk}
    second.refresh_from_db()
    assert second.settled_at == fields.get("settled_at")
    assert second.status == fields.get("status", "held")
