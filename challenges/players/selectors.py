"""The players room's reads: what the faces may ask it."""

from challenges.players.guests import (
    GUEST_KEPT,
    guest_best_run,
    guest_expires_at,
    guest_of,
    guest_played,
    is_guest,
    player_by_name,
    players_only,
)
from challenges.players.record_book import player_record_get, submissions_of
from challenges.players.sharing import (
    HARD_MARK,
    RunEnd,
    ShareCard,
    run_end_read,
    share_card_public,
)
from challenges.players.streaks import (
    Calendar,
    Streaks,
    calendar_compute,
    player_calendar,
    player_streaks,
    streaks_compute,
)
from challenges.players.today import (
    challenge_last_finished,
    challenge_today,
    finished_top,
    player_today,
    sample_run,
)

__all__ = [
    "GUEST_KEPT",
    "HARD_MARK",
    "Calendar",
    "RunEnd",
    "ShareCard",
    "Streaks",
    "calendar_compute",
    "challenge_last_finished",
    "challenge_today",
    "finished_top",
    "guest_best_run",
    "guest_expires_at",
    "guest_of",
    "guest_played",
    "is_guest",
    "player_by_name",
    "player_calendar",
    "player_record_get",
    "player_streaks",
    "player_today",
    "players_only",
    "run_end_read",
    "sample_run",
    "share_card_public",
    "streaks_compute",
    "submissions_of",
]
