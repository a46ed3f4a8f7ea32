"""The boards room's reads: what the faces may ask it."""

from challenges.boards.board_page import (
    BoardPageShown,
    board_minutes_left,
    leaderboard_page_shown,
)
from challenges.boards.following import (
    followed_ids,
    follower_count,
    following_board,
    following_count,
    is_following,
)
from challenges.boards.history import (
    PlayerHistoryRow,
    challenge_history,
    challenge_history_version,
    player_boards_version,
    player_entries_off_board,
    player_history,
)
from challenges.boards.leaderboards import (
    CursorInvalid,
    LeaderboardPage,
    LeaderboardPageFrame,
    LeaderboardRow,
    PageOutOfRange,
    leaderboard_page,
    leaderboard_page_frame,
)
from challenges.boards.periods import PERIODS, period_board, period_explained
from challenges.boards.score_table import (
    ScoreField,
    WouldRank,
    leaderboard_field,
    leaderboard_would_rank,
)
from challenges.boards.standing import (
    PlayerRank,
    entry_get,
    leaderboard_histogram,
    leaderboard_rank,
)

__all__ = [
    "PERIODS",
    "BoardPageShown",
    "CursorInvalid",
    "LeaderboardPage",
    "LeaderboardPageFrame",
    "LeaderboardRow",
    "PageOutOfRange",
    "PlayerHistoryRow",
    "PlayerRank",
    "ScoreField",
    "WouldRank",
    "board_minutes_left",
    "challenge_history",
    "challenge_history_version",
    "entry_get",
    "followed_ids",
    "follower_count",
    "following_board",
    "following_count",
    "is_following",
    "leaderboard_field",
    "leaderboard_histogram",
    "leaderboard_page",
    "leaderboard_page_frame",
    "leaderboard_page_shown",
    "leaderboard_rank",
    "leaderboard_would_rank",
    "period_board",
    "period_explained",
    "player_boards_version",
    "player_entries_off_board",
    "player_history",
]
