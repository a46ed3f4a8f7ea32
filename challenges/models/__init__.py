"""Challenges, the runs played on them, and the one entry per player per challenge.

One module per group: ``challenge`` (the deal and its slot), ``run`` (an attempt and
its verdict), ``entry`` (entries, their review and reports, the score counts),
``people`` (guests and follows), ``record`` (a player's record across challenges),
``outbox`` (work asked for, not done yet), ``table`` (live tables of people),
``reminder`` (push subscriptions and the rounds of reminders sent).
Everything is imported here: Django finds the models of the app in
``challenges.models``, and the project imports them from it.
"""

from challenges.models.challenge import Challenge
from challenges.models.classic import ClassicGame, ClassicSeat
from challenges.models.entry import (
    Entry,
    EntryDecision,
    EntryQuerySet,
    EntryReport,
    HeldEntry,
    ScoreCount,
)
from challenges.models.outbox import OutboxTask
from challenges.models.people import Follow, Guest
from challenges.models.puzzle import Puzzle, PuzzleProgress
from challenges.models.record import PlayerRecord
from challenges.models.reminder import PushSubscription, Reminder, ReminderRound
from challenges.models.run import Run, RunFault
from challenges.models.table import (
    LiveTable,
    PairingTicket,
    PlayerRating,
    TableEvent,
    TableMember,
)
from challenges.models.trust import FormPoint, PlayerForm

__all__ = [
    "Challenge",
    "ClassicGame",
    "ClassicSeat",
    "Entry",
    "EntryDecision",
    "EntryQuerySet",
    "EntryReport",
    "Follow",
    "FormPoint",
    "Guest",
    "HeldEntry",
    "LiveTable",
    "OutboxTask",
    "PairingTicket",
    "PlayerForm",
    "PlayerRating",
    "PlayerRecord",
    "PushSubscription",
    "Puzzle",
    "PuzzleProgress",
    "Reminder",
    "ReminderRound",
    "Run",
    "RunFault",
    "ScoreCount",
    "TableEvent",
    "TableMember",
]
