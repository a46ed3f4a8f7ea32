"""Friends: whom a player follows, and a challenge's board among them.

The "following" board of a challenge holds the live entries of the players the reader
follows, and the reader's own: ranked among themselves, each row also carrying its
rank on the whole board (the one rank function, ``ScoreTable.rank_of``). A player
follows at most a few hundred others, so the board is read in one query.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User

from challenges.boards.leaderboards import leaderboard_score_table
from challenges.boards.ranks import competition_ranked
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry, Follow


@dataclass(frozen=True)
class FollowingRow:
    # Rank among the rows of this board (competition rank: ties share it).
    rank: int
    # Rank on the challenge's whole board.
    board_rank: int
    player: str
    score: int
    submitted_at: datetime
    run_id: uuid.UUID
    is_you: bool


@dataclass(frozen=True)
class FollowingBoard:
    challenge_id: int
    # How many players the reader follows (whether or not they entered).
    following: int
    rows: tuple[FollowingRow, ...]


def followed_ids(*, player: User | AnonymousUser) -> set[int]:
    """The ids of the players ``player`` follows (none for a visitor)."""
    if not player.is_authenticated:
        return set()
    return set(Follow.objects.filter(follower=player).values_list("followed_id", flat=True))


def is_following(*, follower: User | AnonymousUser, followed: User) -> bool:
    if not follower.is_authenticated:
        return False
    return Follow.objects.filter(follower=follower, followed=followed).exists()


_FOLLOWERS = CompiledQuery(
    lambda player_id: Follow.objects.filter(followed_id=player_id), player_id=-7_000_005
)


def follower_count(*, player: User) -> int:
    return _FOLLOWERS.count(player_id=player.pk)


def following_count(*, player: User) -> int:
    return Follow.objects.filter(follower=player).count()


def following_board(*, challenge: Challenge, player: User) -> FollowingBoard:
    """The live entries of ``player`` and of the players they follow, best first."""
    followed = followed_ids(player=player)
    entries = list(
        Entry.objects.live()
        .filter(challenge=challenge, player_id__in=followed | {player.pk})
        .order_by("-score", "submitted_at", "id")
        .values_list("player_id", "player__username", "score", "submitted_at", "run_id")
    )
    table = leaderboard_score_table(challenge=challenge)
    ranked = competition_ranked(entries, score=lambda entry: entry[2])
    rows = [
        FollowingRow(
            rank=rank,
            board_rank=table.rank_of(score),
            player=username,
            score=score,
            submitted_at=submitted_at,
            run_id=run_id,
            is_you=player_id == player.pk,
        )
        for rank, (player_id, username, score, submitted_at, run_id) in ranked
    ]
    return FollowingBoard(challenge_id=challenge.pk, following=len(followed), rows=tuple(rows))
