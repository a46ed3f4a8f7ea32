"""Writes about reminders: a browser's subscription, a round's fan-out, a chunk's pushes.

A round (one reminder, one slot) starts once (``reminder_round_start``); its fan-out
lists the subscribers it reaches, in chunks a task each (``reminder_round_chunks``). A
chunk first claims its subscribers for their day (``last_sent_on``: at most one
reminder a day, even if two rounds or a redelivered task overlap), then pushes. A
subscription the push service calls gone (404, 410) is deleted at once; the other
failures come back to the caller, which tries them again a bounded number of times.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import groupby
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet

from challenges.errors import (
    PushServiceUnknown,
    RemindersNotOffered,
    SubscriptionInvalid,
    service_now,
)
from challenges.models import Entry, PushSubscription, Reminder, ReminderRound
from challenges.reminders.moments import reminder_due_slot, subscriber_day
from challenges.reminders.selectors import reminders_offered
from challenges.slots import slot_closes_at

__all__ = [
    "Reminder",
    "ReminderChunk",
    "ReminderOutcome",
    "reminder_payload",
    "reminder_round_chunks",
    "reminder_round_start",
    "reminders_deliver",
    "subscription_remove",
    "subscription_save",
]


@dataclass(frozen=True)
class ReminderChunk:
    day: date
    ids: list[int]


@dataclass
class ReminderOutcome:
    sent: int = 0
    gone: int = 0
    failed: list[int] = field(default_factory=list)


def _endpoint_allowed(endpoint: str) -> bool:
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https" and not (not settings.PRODUCTION and parts.scheme == "http"):
        return False
    return any(host == known or host.endswith("." + known) for known in settings.PUSH_SERVICE_HOSTS)


def subscription_save(
    *,
    player_id: int,
    endpoint: str,
    p256dh: str,
    auth: str,
    language: str,
    time_zone: str,
    kinds: list[str],
    now: datetime | None = None,
) -> PushSubscription:
    """Turn reminders on for one browser of a player (or change which, its language and
    its zone). An endpoint is one browser's: a second player on it takes it over."""
    if not reminders_offered(player_id=player_id):
        raise RemindersNotOffered()
    if not _endpoint_allowed(endpoint):
        raise PushServiceUnknown()
    if not set(kinds) <= {kind.value for kind in Reminder}:
        raise SubscriptionInvalid()
    switches = {kind.value: kind.value in kinds for kind in Reminder}
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    values = {
        "player_id": player_id,
        "p256dh": p256dh,
        "auth": auth,
        "language": language,
        "time_zone": time_zone,
        **switches,
    }
    with transaction.atomic():
        saved, made = PushSubscription.objects.select_for_update().get_or_create(
            endpoint=endpoint, defaults={**values, "created_at": service_now(now)}
        )
        if not made:
            for name, value in values.items():
                setattr(saved, name, value)
            saved.save(update_fields=list(values))
    return saved


def subscription_remove(*, player_id: int, endpoint: str) -> bool:
    """Turn reminders off for one browser; False if it had none of this player's."""
    deleted, _ = PushSubscription.objects.filter(player_id=player_id, endpoint=endpoint).delete()
    return deleted > 0


def reminder_round_start(*, kind: Reminder, now: datetime | None = None) -> int | None:
    """Start the round of ``kind`` due now; its slot, or None (not due, or started)."""
    at = service_now(now)
    slot = reminder_due_slot(kind=kind, now=at)
    if slot is None:
        return None
    try:
        with transaction.atomic():
            ReminderRound.objects.create(kind=kind, slot=slot, started_at=at)
    except IntegrityError:
        return None
    return slot


def _audience(kind: Reminder, slot: int) -> QuerySet[PushSubscription]:
    wanting = PushSubscription.objects.filter(**{kind.value: True})
    if kind == Reminder.STREAK_ENDING:
        # The slot streak goes on while every slot is submitted: it ends with this slot
        # for those who submitted the one before and not this one yet.
        submitted = Entry.objects.exclude(status=Entry.Status.VOID)
        wanting = wanting.filter(
            player__in=submitted.filter(challenge__number=slot - 1).values("player")
        ).exclude(player__in=submitted.filter(challenge__number=slot).values("player"))
    return wanting


def reminder_round_chunks(
    *, kind: Reminder, slot: int, now: datetime | None = None, size: int | None = None
) -> list[ReminderChunk]:
    """The subscribers a round reaches, in chunks: those awake now (by their own clock)
    and not reminded yet on their own date. Grouped by that date (two or three at any
    moment), so a chunk claims one date for all its subscribers."""
    at = service_now(now)
    size = size or settings.REMINDERS_CHUNK
    zones = PushSubscription.objects.values_list("time_zone", flat=True).distinct()
    days: dict[date, list[str]] = {}
    for zone in zones:
        day = subscriber_day(zone=zone, now=at)
        if day is not None:
            days.setdefault(day, []).append(zone)
    chunks: list[ReminderChunk] = []
    for day, day_zones in sorted(days.items()):
        ids = list(
            _audience(kind, slot)
            .filter(time_zone__in=day_zones)
            .filter(Q(last_sent_on__isnull=True) | Q(last_sent_on__lt=day))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        chunks += [ReminderChunk(day=day, ids=ids[i : i + size]) for i in range(0, len(ids), size)]
    if chunks:
        total = sum(len(chunk.ids) for chunk in chunks)
        ReminderRound.objects.filter(kind=kind, slot=slot).update(subscribers=total)
    return chunks


def reminder_payload(*, kind: Reminder, slot: int, language: str, url: str) -> bytes:
    """What a push carries: the reminder's catalog key and values, the language the
    service worker says it in, and the page a click opens. No words of ours."""
    values = {"number": slot}
    if kind == Reminder.STREAK_ENDING:
        values["closes"] = int(slot_closes_at(number=slot).timestamp())
    body = {"key": kind.value, "values": values, "lang": language, "url": url}
    return json.dumps(body, separators=(",", ":")).encode()


def _claim(ids: list[int], day: date, now: datetime) -> list[PushSubscription]:
    """The chunk's subscribers not reminded on ``day`` yet, marked reminded (locked and
    skipped by an overlapping chunk on PostgreSQL; SQLite's writes take turns)."""
    with transaction.atomic():
        rows = PushSubscription.objects.filter(pk__in=ids).filter(
            Q(last_sent_on__isnull=True) | Q(last_sent_on__lt=day)
        )
        if connection.features.has_select_for_update_skip_locked:
            rows = rows.select_for_update(skip_locked=True)
        claimed = list(rows.only("pk", "endpoint", "p256dh", "auth", "language"))
        PushSubscription.objects.filter(pk__in=[row.pk for row in claimed]).update(
            last_sent_on=day, last_sent_at=now
        )
    return claimed


def reminders_deliver(
    *,
    kind: Reminder,
    slot: int,
    ids: list[int],
    day: date,
    url: str,
    claimed: bool = False,
    now: datetime | None = None,
) -> ReminderOutcome:
    """Push one chunk's reminders. ``claimed``: the chunk's ids were claimed by an earlier
    try (a retry pushes again only what failed, without claiming anew)."""
    # Imported here: pywebpush brings aiohttp, which no web process needs.
    from challenges.reminders.push import Delivered, pusher

    at = service_now(now)
    rows = list(PushSubscription.objects.filter(pk__in=ids)) if claimed else _claim(ids, day, at)
    outcome = ReminderOutcome()
    gone: list[int] = []
    sender = pusher()
    ttl = int((slot_closes_at(number=slot) - at).total_seconds())
    rows.sort(key=lambda row: row.language)
    for language, group in groupby(rows, key=lambda row: row.language):
        payload = reminder_payload(kind=kind, slot=slot, language=language, url=url)
        for row in group:
            delivered = sender.push(
                endpoint=row.endpoint,
                p256dh=row.p256dh,
                auth=row.auth,
                payload=payload,
                ttl=max(ttl, 60),
            )
            if delivered is Delivered.SENT:
                outcome.sent += 1
            elif delivered is Delivered.GONE:
                gone.append(row.pk)
            else:
                outcome.failed.append(row.pk)
    if gone:
        outcome.gone = PushSubscription.objects.filter(pk__in=gone).delete()[0]
    return outcome
