"""The rated pool: players wait for a table of 2, 3 or 4, and waves seat them.

A wave takes the waiting tickets of each kind of table (seats, length) in rating
order and seats the first group whose spread of ratings is within what its members
accept; what a ticket accepts widens the longer it waits. Linked accounts (the trust
room's links) are never grouped. Waves run from the beat (``tables_pairing_wave``) and
on a pool request when the last one is older than ``TABLE_PAIRING_WAVE_SECONDS``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction

from challenges.errors import service_now
from challenges.models import LiveTable, PairingTicket, TableMember
from challenges.moderation.selectors import players_nearby
from challenges.players.selectors import is_guest
from challenges.tables.errors import PairingAlready, PairingForAccounts
from challenges.tables.ratings import RATING_SCALE, rating_of
from challenges.tables.seating import table_pool_create
from challenges.tables.selectors import pairing_status

_LAST_WAVE = "tables:pairing:last-wave"


def pairing_join(
    *, player_id: int, seats: int, rounds: int | None, now: datetime | None = None
) -> dict[str, Any]:
    """Wait in the pool for a rated table of ``seats`` (replacing an earlier wait)."""
    if not 2 <= seats <= 4:
        raise ValueError(f"2-4 seats, not {seats}")
    now = service_now(now)
    if is_guest(User.objects.get(pk=player_id)):
        raise PairingForAccounts()
    playing = TableMember.objects.filter(
        player_id=player_id, table__rated=True, table__status=LiveTable.Status.PLAYING
    ).exclude(result=TableMember.Result.LEFT)
    if playing.exists():
        raise PairingAlready()
    PairingTicket.objects.update_or_create(
        player_id=player_id,
        defaults={
            "seats": seats,
            "rounds": rounds,
            "rating": rating_of(player_id).mu,
            "created_at": now,
            "table": None,
        },
    )
    pairing_wave_due(now=now)
    return pairing_status(player_id=player_id)


def pairing_leave(*, player_id: int) -> None:
    PairingTicket.objects.filter(player_id=player_id, table__isnull=True).delete()


def pairing_wave_due(*, now: datetime | None = None) -> None:
    """A wave, unless one ran within ``TABLE_PAIRING_WAVE_SECONDS``."""
    if cache.add(_LAST_WAVE, 1, timeout=settings.TABLE_PAIRING_WAVE_SECONDS):
        pairing_wave(now=now)


def pairing_wave(*, now: datetime | None = None) -> int:
    """Seat every group the pool can make now; returns how many tables it made."""
    now = service_now(now)
    made = 0
    with transaction.atomic():
        waiting = list(
            PairingTicket.objects.select_for_update().filter(table__isnull=True).order_by("rating")
        )
        kinds: dict[tuple[int, int | None], list[PairingTicket]] = defaultdict(list)
        for ticket in waiting:
            kinds[(ticket.seats, ticket.rounds)].append(ticket)
        for (seats, rounds), tickets in kinds.items():
            for group in _groups(tickets, seats, now):
                table = table_pool_create(
                    player_ids=[ticket.player_id for ticket in group], rounds=rounds, now=now
                )
                PairingTicket.objects.filter(pk__in=[ticket.pk for ticket in group]).update(
                    table=table
                )
                made += 1
    return made


def accepted_spread(ticket: PairingTicket, now: datetime) -> float:
    """How far apart (in mu) the ratings at a ticket's table may be: it widens with
    every ``TABLE_PAIRING_WIDEN_SECONDS`` waited."""
    waited = max(0.0, (now - ticket.created_at).total_seconds())
    steps = waited / settings.TABLE_PAIRING_WIDEN_SECONDS
    shown = settings.TABLE_PAIRING_SPREAD + steps * settings.TABLE_PAIRING_SPREAD
    return float(shown) / RATING_SCALE


def _groups(
    tickets: Sequence[PairingTicket], seats: int, now: datetime
) -> list[list[PairingTicket]]:
    """Groups of ``seats`` neighbours in rating order, each within every member's
    accepted spread and with no linked accounts."""
    groups = []
    free = list(tickets)
    start = 0
    while start + seats <= len(free):
        group = free[start : start + seats]
        spread = group[-1].rating - group[0].rating
        if spread <= min(accepted_spread(ticket, now) for ticket in group) and not _linked(group):
            groups.append(group)
            del free[start : start + seats]
        else:
            start += 1
    return groups


def _linked(group: Sequence[PairingTicket]) -> bool:
    ids = [ticket.player_id for ticket in group]
    return any(players_nearby(player_id=player_id, among=ids) for player_id in ids)
