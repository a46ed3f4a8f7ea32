"""A player's bests and runs after a run (personal.py), and what a share card may show
(sharing.py): nothing of the tiles before the results are out."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from challenges.models import Run
from challenges.moderation.entries import entry_submit
from challenges.players.records import Bests, Place, own_runs, player_bests, run_standing
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, at

pytestmark = pytest.mark.django_db


def _run(player, challenge, *, score: int, started: str, **fields) -> Run:  # type: ignore[no-untyped-def]
    return RunFactory(
        player=player,
        challenge=challenge,
        finished=True,
        started_at=at(started),
        score=score,
        **fields,
    )


def test_bests_today_this_week_and_ever_in_the_players_time_zone() -> None:
    player = UserFactory()
    challenge = ChallengeFactory()
    _run(player, challenge, score=90, started="2026-11-02T10:00")  # an earlier week
    _run(player, challenge, score=40, started="2026-11-16T10:00")  # Monday
    _run(player, challenge, score=25, started="2026-11-18T23:30")  # Wednesday, late UTC
    RunFactory(player=player, challenge=challenge, status=Run.Status.REJECTED, score=500)
    now = at("2026-11-19T06:00")
    assert player_bests(player=player, now=now) == Bests(today=None, week=40, all_time=90)
    # In Tokyo (UTC+9) 23:30 UTC on the 18th is the 19th: today already has a run.
    tokyo = player_bests(player=player, now=now, tz=ZoneInfo("Asia/Tokyo"))
    assert tokyo == Bests(today=25, week=40, all_time=90)


def test_a_run_against_the_bests_before_it_and_where_it_would_land() -> None:
    player = UserFactory()
    challenge = ChallengeFactory(opens_at=at("2026-11-19T00:00"), closes_at=at("2026-11-19T08:00"))
    EntryFactory(challenge=challenge, score=80)
    EntryFactory(challenge=challenge, score=20)
    first = _run(player, challenge, score=30, started="2026-11-19T01:00")
    second = _run(player, challenge, score=50, started="2026-11-19T01:05")
    now = at("2026-11-19T01:10")
    standing = run_standing(run=second, now=now)
    assert standing.before == Bests(today=30, week=30, all_time=30)
    assert standing.new_bests == ("today", "week", "all_time")
    assert standing.submittable
    assert standing.would_be == Place(rank=2, count=3)
    assert standing.entry is None
    assert run_standing(run=first, now=now).new_bests == ("today", "week", "all_time"), (
        "the first run of all is a best in every span"
    )
    entry_submit(run_id=second.pk, player_id=second.player_id, now=now)
    second.refresh_from_db()
    after = run_standing(run=second, now=now)
    assert after.entry == Place(rank=2, count=3)
    assert not after.submittable and after.would_be is None


def test_own_runs_best_first_each_submittable_until_one_is_submitted() -> None:
    player = UserFactory()
    challenge = ChallengeFactory()
    low = _run(player, challenge, score=10, started="2026-11-19T01:00")
    high = _run(player, challenge, score=70, started="2026-11-19T01:05")
    practice = _run(
        player,
        challenge,
        score=99,
        started="2026-11-19T01:07",
        ineligible={"move": 1, "code": "not_witnessed", "detail": "late"},
    )
    now = challenge.opens_at + timedelta(hours=1)
    runs = own_runs(challenge_id=challenge.pk, player_id=player.pk, now=now)
    assert [run.run_id for run in runs] == [practice.pk, high.pk, low.pk]
    assert [(run.best, run.submittable, run.eligible) for run in runs] == [
        (False, False, False),
        (True, True, True),
        (False, True, True),
    ]
    entry_submit(run_id=low.pk, player_id=low.player_id, now=now)
    runs = own_runs(challenge_id=challenge.pk, player_id=player.pk, now=now)
    assert [(run.submitted, run.submittable) for run in runs] == [
        (False, False),
        (False, False),
        (True, False),
    ]
