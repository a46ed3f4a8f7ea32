"""Reads about reminders: whether a player is offered them, and what they have on."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from challenges.models import PushSubscription, Reminder, Run
from challenges.reminders.moments import QUIET_FROM, QUIET_UNTIL

# A run that reached its end, valid or not: after the first, reminders are offered.
_FINISHED = (Run.Status.FINISHED, Run.Status.REJECTED)


@dataclass(frozen=True)
class ReminderState:
    offered: bool
    public_key: str
    # The reminders each of the player's browsers wants, by its endpoint.
    browsers: dict[str, list[str]]
    kinds: tuple[str, ...]
    # The quiet hours on the subscriber's clock, "HH:MM".
    quiet: tuple[str, str]


def reminders_offered(*, player_id: int) -> bool:
    """Reminders are offered after a player's first finished run, never before."""
    return Run.objects.filter(player_id=player_id, status__in=_FINISHED).exists()


def reminder_kinds_of(subscription: PushSubscription) -> list[str]:
    return [kind.value for kind in Reminder if getattr(subscription, kind.value)]


def reminder_state(*, player_id: int) -> ReminderState:
    rows = PushSubscription.objects.filter(player_id=player_id).order_by("pk")
    return ReminderState(
        offered=reminders_offered(player_id=player_id),
        public_key=settings.VAPID_PUBLIC_KEY,
        browsers={row.endpoint: reminder_kinds_of(row) for row in rows},
        kinds=tuple(kind.value for kind in Reminder),
        quiet=(QUIET_FROM.strftime("%H:%M"), QUIET_UNTIL.strftime("%H:%M")),
    )
