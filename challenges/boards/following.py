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


def followed_ids(*, player_id: int | None) -> set[int]:
    """The ids of the players ``player_id`` follows (none for a visitor: None)."""
    if player_id is None:
        return set()
    return set(Follow.objects.filter(follower_id=player_id).values_list("followed_id", flat=True))


def is_following(*, follower_id: int | None, followed_id: int) -> bool:
    """Whether ``follower_id`` follows ``followed_id`` (no visitor does: None)."""
    if follower_id is None:
        return False
    return Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).exists()


_FOLLOWERS = CompiledQuery(
    lambda player_id: Follow.objects.filter(followed_id=player_id), player_id=-7_000_005
)


def follower_count(*, player_id: int) -> int:
    return _FOLLOWERS.count(player_id=player_id)


def following_count(*, player_id: int) -> int:
    return Follow.objects.filter(follower_id=player_id).count()


def following_board(*, challenge: Challenge, player_id: int) -> FollowingBoard:
    """The live entries of ``player_id`` and of the players they follow, best first.
    ``challenge``: the row the face read (its board's version keys the score table)."""
    followed = followed_ids(player_id=player_id)
    entries = list(
        Entry.objects.live()
        .filter(challenge=challenge, player_id__in=followed | {player_id})
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
            is_you=entry_player == player_id,
        )
        for rank, (entry_player, username, score, submitted_at, run_id) in ranked
    ]
    return FollowingBoard(challenge_id=challenge.pk, following=len(followed), rows=tuple(rows))
