from __future__ import annotations

import pytest

from challenges.boards import history
from challenges.boards.leaderboards import (
    PageOutOfRange,
)
from challenges.moderation.entries import entry_void
from challenges.slots import slot_number
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    UserFactory,
    at,
)

pytestmark = pytest.mark.django_db


T0 = at("2026-11-21T09:00:00")


def test_challenge_history_newest_first_with_own_rank() -> None:
    now = at("2026-11-21T12:00:00")
    current = slot_number(at=now)
    old, mid, cur = (ChallengeFactory(number=n) for n in (current - 2, current - 1, current))
    ChallengeFactory(number=current + 1)  # not open yet: not history
    me = UserFactory()
    EntryFactory(challenge=mid, score=70)
    EntryFactory(challenge=mid, score=90)
    EntryFactory(challenge=mid, player=me, score=80)
    EntryFactory(challenge=cur, score=10)
    voided = EntryFactory(challenge=cur, score=999)
    entry_void(entry_id=voided.pk, reason="test")
    page = history.challenge_history(player_id=me.pk, now=now)
    assert [row.challenge.number for row in page.rows] == [cur.number, mid.number, old.number]
    by_number = {row.challenge.number: row for row in page.rows}
    assert (by_number[mid.number].entries, by_number[mid.number].top_score) == (3, 90)
    assert (by_number[mid.number].own_score, by_number[mid.number].own_rank) == (80, 2)
    assert (by_number[cur.number].entries, by_number[cur.number].top_score) == (1, 10)
    assert by_number[cur.number].own_rank is None
    assert (by_number[old.number].entries, by_number[old.number].top_score) == (0, None)
    anonymous = history.challenge_history(player_id=None, now=now)
    assert all(row.own_score is None for row in anonymous.rows)


def test_challenge_history_pages() -> None:
    now = at("2026-11-21T12:00:00")
    current = slot_number(at=now)
    for n in range(current - 4, current + 1):
        ChallengeFactory(number=n)
    second = history.challenge_history(page=2, size=2, now=now)
    assert [row.challenge.number for row in second.rows] == [current - 2, current - 3]
    assert (second.num_pages, second.count, second.has_next, second.has_previous) == (
        3,
        5,
        True,
        True,
    )
    with pytest.raises(PageOutOfRange):
        history.challenge_history(page=4, size=2, now=now)


def test_player_history_oldest_first() -> None:
    me = UserFactory()
    first, second = ChallengeFactory(number=100), ChallengeFactory(number=101)
    EntryFactory(challenge=second, player=me, score=50)
    EntryFactory(challenge=second, score=60)
    EntryFactory(challenge=second, score=50)
    EntryFactory(challenge=first, player=me, score=10)
    rows = history.player_history(player_id=me.pk)
    assert [(r.number, r.score, r.rank, r.entries) for r in rows] == [
        (100, 10, 1, 1),
        (101, 50, 2, 3),
    ]
