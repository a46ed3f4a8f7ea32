"""The period boards (boards/periods.py): how ranks and ties read, the best 7 of a
week's 21 challenges, the month's best one a day, and the boards of the past."""

from __future__ import annotations

from datetime import timedelta

import pytest

from challenges.boards.following import followed_ids
from challenges.boards.periods import PERIODS, period_board, period_bounds, period_start
from challenges.boards.ranks import competition_ranked
from challenges.players.follows import follow_add
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, at

pytestmark = pytest.mark.django_db


def _week_of_challenges(start_number: int, count: int) -> list:
    return [ChallengeFactory(number=start_number + offset) for offset in range(count)]


def test_the_week_counts_the_best_seven_of_its_twenty_one() -> None:
    monday = period_start(period="week", at=at("2026-11-18T12:00"))
    assert monday == at("2026-11-16T00:00")
    first = slot_number(at=monday)
    challenges = _week_of_challenges(first, 21)
    busy, daily = UserFactory(), UserFactory()
    # The busy player plays all 21 for 10 each, with one 50; the daily player plays one
    # a day for 40.
    for index, challenge in enumerate(challenges):
        EntryFactory(challenge=challenge, player=busy, score=50 if index == 0 else 10)
    for challenge in challenges[::3]:
        EntryFactory(challenge=challenge, player=daily, score=40)
    # Last week's challenge does not count.
    EntryFactory(challenge=ChallengeFactory(number=first - 1), player=busy, score=999)
    board = period_board(period="week", at=monday + timedelta(days=3))
    assert board.best_of == 7
    assert [(row.player, row.score, row.entered, row.counted) for row in board.rows] == [
        (daily.username, 280, 7, 7),
        (busy.username, 110, 21, 7),
    ]


def test_the_day_sums_its_three_challenges_and_a_submit_shows_at_once() -> None:
    day = period_start(period="day", at=at("2026-11-18T12:00"))
    first = slot_number(at=day)
    morning, noon, evening = _week_of_challenges(first, 3)
    me, friend, other = UserFactory(), UserFactory(), UserFactory()
    follow_add(follower_id=me.pk, followed_id=friend.pk)
    EntryFactory(challenge=morning, player=me, score=30)
    EntryFactory(challenge=noon, player=me, score=30)
    EntryFactory(challenge=morning, player=other, score=60)
    EntryFactory(challenge=evening, player=friend, score=45)
    board = period_board(period="day", at=day)
    # A tie shares a rank; the one who made the score in fewer challenges is listed first.
    assert [(row.rank, row.player, row.score, row.counted) for row in board.rows] == [
        (1, other.username, 60, 1),
        (1, me.username, 60, 2),
        (3, friend.username, 45, 1),
    ]
    following = period_board(period="day", at=day, only=followed_ids(player_id=me.pk) | {me.pk})
    assert [(row.rank, row.player) for row in following.rows] == [
        (1, me.username),
        (2, friend.username),
    ]
    # A new entry is on the board at once (the cache follows the boards' versions).
    EntryFactory(challenge=evening, player=me, score=5)
    assert period_board(period="day", at=day).row_of(me.pk).score == 65  # type: ignore[union-attr]


def test_the_month_runs_from_the_first_and_counts_the_best_one_a_day() -> None:
    start, end = period_bounds(period="month", at=at("2026-02-14T09:00"))
    assert (start, end) == (at("2026-02-01T00:00"), at("2026-03-01T00:00"))
    assert period_bounds(period="month", at=at("2026-12-31T23:59"))[1] == at("2027-01-01T00:00")
    first = slot_number(at=start)
    february = _week_of_challenges(first, 28 * 3)
    steady, burst = UserFactory(), UserFactory()
    for challenge in february[::3]:
        EntryFactory(challenge=challenge, player=steady, score=20)
    # Thirty high scores in ten days: only the best 28 (one a day's worth) count.
    for challenge in february[:30]:
        EntryFactory(challenge=challenge, player=burst, score=30)
    EntryFactory(challenge=ChallengeFactory(number=first + 28 * 3), player=steady, score=999)
    board = period_board(period="month", at=start + timedelta(days=20))
    assert (board.best_of, board.days, board.slots) == (28, 28, 84)
    assert board.last_day == at("2026-02-28T00:00")
    assert [(row.rank, row.player, row.score, row.entered, row.counted) for row in board.rows] == [
        (1, burst.username, 840, 30, 28),
        (2, steady.username, 560, 28, 28),
    ]


def test_every_period_is_a_tab_an_api_board_and_has_words() -> None:
    for name, period in PERIODS.items():
        first, following = period_bounds(period=name, at=at("2026-11-18T12:00"))
        assert first <= at("2026-11-18T12:00") < following
        assert str(period.label) and period.explained()


def test_competition_ranks_share_ties_and_skip_after_them() -> None:
    scores = [90, 80, 80, 70, 70, 70, 10]
    assert [rank for rank, _ in competition_ranked(scores, score=int)] == [1, 2, 2, 4, 4, 4, 7]
    assert list(competition_ranked([], score=int)) == []
