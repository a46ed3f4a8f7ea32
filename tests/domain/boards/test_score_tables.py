"""A player's ranks come from their boards' score tables, each read once per version:
the second read of a page asks no board again, a submit makes its board read anew."""

from __future__ import annotations

import pytest
from pytest_django import DjangoAssertNumQueries

from challenges.boards import history
from challenges.boards.score_table import score_tables_at
from challenges.models import Challenge
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def _ranks(player_id: int) -> list[tuple[int, int, int]]:
    return [(r.number, r.rank, r.entries) for r in history.player_history(player_id=player_id)]


def test_each_board_is_read_once_per_version(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    me = UserFactory()
    quiet, busy = ChallengeFactory(number=300), ChallengeFactory(number=301)
    EntryFactory(challenge=quiet, player=me, score=40)
    EntryFactory(challenge=busy, player=me, score=50)
    for score in (70, 50, 20):
        EntryFactory(challenge=busy, score=score)
    with django_assert_num_queries(2):  # the entries, then both boards' counts at once
        assert _ranks(me.pk) == [(300, 1, 1), (301, 2, 4)]
    with django_assert_num_queries(1):
        assert _ranks(me.pk) == [(300, 1, 1), (301, 2, 4)]
    EntryFactory(challenge=busy, score=90)  # a submit: the busy board's version moves
    with django_assert_num_queries(2):  # the entries, then the busy board alone
        assert _ranks(me.pk) == [(300, 1, 1), (301, 3, 5)]


def test_a_board_that_moved_since_its_version_was_read_is_counted_as_it_stands(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    board = ChallengeFactory(number=302)
    EntryFactory(challenge=board, score=10)
    read = Challenge.objects.get(pk=board.pk)
    EntryFactory(challenge=board, score=30)
    EntryFactory(challenge=board, score=20)
    stale = (read.pk, read.created_at, read.board_version)
    table = score_tables_at(boards=[stale])[board.pk]
    assert (table.rank_of(10), table.count) == (3, 3)
    # What it counted is kept under the version it read with the counts, not the stale one.
    fresh = Challenge.objects.get(pk=board.pk)
    with django_assert_num_queries(0):
        kept = score_tables_at(boards=[(fresh.pk, fresh.created_at, fresh.board_version)])
    assert kept == {board.pk: table}
    with django_assert_num_queries(1):
        score_tables_at(boards=[stale])
