"""The schedule room's reads: what the faces may ask it."""

from challenges.schedule.archive import ArchiveDay, ArchiveMonth, ArchiveSlot, archive_month
from challenges.schedule.challenge_rows import challenge_board_head, challenge_row
from challenges.schedule.practice import practice_challenge_get, practice_deal_get

__all__ = [
    "ArchiveDay",
    "ArchiveMonth",
    "ArchiveSlot",
    "archive_month",
    "challenge_board_head",
    "challenge_row",
    "practice_challenge_get",
    "practice_deal_get",
]
