"""The boards room's writes: what the faces may ask it to do."""

from challenges.boards.cache import (
    leaderboard_cache_key,
    leaderboard_cache_peek,
    leaderboard_cached,
    leaderboard_fragment_key,
    leaderboard_version_loaded,
)

__all__ = [
    "leaderboard_cache_key",
    "leaderboard_cache_peek",
    "leaderboard_cached",
    "leaderboard_fragment_key",
    "leaderboard_version_loaded",
]
