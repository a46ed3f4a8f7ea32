"""A player's record (streaks, calendar, bests) is kept by the writes, and always says
what a read of the player's entries would: after submits, holds, approvals and voids."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from challenges.models import Challenge, Entry, PlayerRecord
from challenges.moderation.services import entry_approve, entry_submit, entry_void
from challenges.players.selectors import player_calendar, player_streaks, submissions_of
from challenges.players.services import player_records_backfill
from challenges.players.streaks import calendar_compute, streaks_compute
from tests.factories import ChallengeFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db


def _ms(at: datetime) -> datetime:
    return at.replace(microsecond=at.microsecond // 1000 * 1000)


def _scanned(player: User, *, own: bool) -> tuple[list[tuple[int, datetime]], int, int | None]:
    """What the player's entries say: their submissions (the live ones; ``own``: the
    held ones too), their live entries and best live score."""
    entries = list(Entry.objects.filter(player=player).exclude(status=Entry.Status.VOID))
    live = [e.score for e in entries if e.status == Entry.Status.LIVE]
    shown = [e for e in entries if own or e.status == Entry.Status.LIVE]
    pairs = sorted((e.challenge_id, _ms(e.submitted_at)) for e in shown)
    return pairs, len(live), max(live, default=None)


def _stored(player: User, *, own: bool) -> tuple[list[tuple[int, datetime]], int, int | None]:
    record = PlayerRecord.objects.get(player=player)
    return sorted(submissions_of(record, own=own)), record.played, record.best_score


def _agree(player: User) -> None:
    now = datetime.now(UTC)
    for own in (False, True):
        assert _stored(player, own=own) == _scanned(player, own=own)
        pairs = _scanned(player, own=own)[0]
        assert player_streaks(player_id=player.pk, now=now, own=own) == streaks_compute(
            submissions=pairs, now=now, tz=UTC
        )
        assert player_calendar(player_id=player.pk, now=now, own=own) == calendar_compute(
            submitted=[at for _, at in pairs], now=now, tz=UTC
        )


def _submit(challenge: Challenge, player: User, **run: Any) -> Entry:
    made = RunFactory(player=player, challenge=challenge, finished=True, **run)
    return entry_submit(
        run_id=made.pk, player_id=made.player_id, now=challenge.opens_at + timedelta(hours=1)
    )


def test_the_record_follows_submits_holds_approvals_and_voids() -> None:
    current = ChallengeFactory()
    slots = [ChallengeFactory(number=current.number - k) for k in (3, 2, 1)] + [current]
    player, other = UserFactory(), UserFactory()
    entries = []
    for challenge in slots[:3]:
        entries.append(_submit(challenge, player))
        _agree(player)
    assert _stored(player, own=False)[1] == 3
    assert player_streaks(player_id=player.pk).slots.longest == 3

    # The same moves as another's entry: held. It counts for the player's own streaks,
    # not for anyone else's view of them, nor for bests.
    _submit(slots[3], other, variant=7)
    held = _submit(slots[3], player, variant=7)
    assert held.status == Entry.Status.HELD
    _agree(player)
    assert player_streaks(player_id=player.pk, own=True).slots.current == 4
    assert player_streaks(player_id=player.pk).slots.current == 3
    assert _stored(player, own=True)[1] == 3

    entry_approve(entry_id=held.pk, by_id=None)
    _agree(player)
    assert _stored(player, own=False)[1] == 4
    assert player_streaks(player_id=player.pk).slots.current == 4

    entry_void(entry_id=entries[1].pk, reason="copied log")
    _agree(player)
    assert player_streaks(player_id=player.pk).slots.longest == 2
    _agree(other)


def test_the_streaks_read_one_row_not_the_entries(
    django_assert_num_queries: Any,
) -> None:
    current = ChallengeFactory()
    player = UserFactory()
    for k in (2, 1, 0):
        _submit(ChallengeFactory(number=current.number - k), player)
    with django_assert_num_queries(1):
        player_streaks(player_id=player.pk)


def test_the_backfill_makes_every_record_from_the_entries() -> None:
    current = ChallengeFactory()
    player = UserFactory()
    for k in (2, 1):
        _submit(ChallengeFactory(number=current.number - k), player)
    PlayerRecord.objects.all().delete()
    assert player_records_backfill() == 1
    _agree(player)


def test_a_submit_moves_the_records_version(challenge: Challenge) -> None:
    player = UserFactory()
    _submit(ChallengeFactory(number=challenge.number - 1), player)
    before = PlayerRecord.objects.get(player=player).version
    _submit(challenge, player)
    assert PlayerRecord.objects.get(player=player).version == before + 1
    _agree(player)
