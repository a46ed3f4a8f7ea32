"""Following (follow_add/remove, friends.py) and the day and week boards
(period_boards.py): who is on a following board, how ranks and ties read, the best 7
of a week's 21 challenges."""

from __future__ import annotations

import pytest

from challenges.boards.following import followed_ids, following_board, is_following
from challenges.errors import FollowSelf
from challenges.models import Follow
from challenges.players.follows import follow_add, follow_remove
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_following_is_idempotent_and_never_oneself() -> None:
    me, friend = UserFactory(), UserFactory()
    follow_add(follower_id=me.pk, followed_id=friend.pk)
    follow_add(follower_id=me.pk, followed_id=friend.pk)
    assert Follow.objects.count() == 1
    assert is_following(follower_id=me.pk, followed_id=friend.pk)
    assert not is_following(follower_id=friend.pk, followed_id=me.pk), "following is one way"
    with pytest.raises(FollowSelf):
        follow_add(follower_id=me.pk, followed_id=me.pk)
    follow_remove(follower_id=me.pk, followed_id=friend.pk)
    follow_remove(follower_id=me.pk, followed_id=friend.pk)
    assert followed_ids(player_id=me.pk) == set()


def test_the_following_board_holds_me_and_whom_i_follow_with_both_ranks() -> None:
    challenge = ChallengeFactory()
    me, friend, other, quiet = UserFactory(), UserFactory(), UserFactory(), UserFactory()
    for player in (friend, quiet):
        follow_add(follower_id=me.pk, followed_id=player.pk)
    EntryFactory(challenge=challenge, player=other, score=300)
    EntryFactory(challenge=challenge, player=friend, score=200)
    EntryFactory(challenge=challenge, player=me, score=200)
    board = following_board(challenge=challenge, player_id=me.pk)
    assert board.following == 2
    assert [(row.player, row.rank, row.board_rank, row.is_you) for row in board.rows] == [
        (friend.username, 1, 2, False),
        (me.username, 1, 2, True),
    ]
    assert following_board(challenge=challenge, player_id=other.pk).rows[0].board_rank == 1
