"""Leaving a table, by choice or by the clock, and tables nobody filled.

Leaving counts as a loss. At two seats the game ends with it (the other wins); at
three or four a medium computer takes the seat and the game goes on, unless no person
is left at the table. A seat whose clock ran out, or that was away too long on its own
turn (``clocks``), may be claimed by the others: the same thing happens to it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import transaction

from challenges.classic.services import classic_game_leave, classic_seat_hand_over
from challenges.errors import service_now
from challenges.models import ClassicGame, LiveTable, TableMember
from challenges.tables.clocks import turn_clock
from challenges.tables.errors import ClaimNotAllowed, TableNotFound, TableNotPlaying
from challenges.tables.events import events_record
from challenges.tables.game_facts import facts_keep
from challenges.tables.push import events_push
from challenges.tables.ratings import table_results_settle
from challenges.tables.seating import seat_locked
from challenges.tables.selectors import table_shown

TAKE_OVER_STRENGTH = "medium"


def table_resign(*, table_id: UUID, player_id: int, now: datetime | None = None) -> dict[str, Any]:
    """The player leaves the table for good: a loss."""
    now = service_now(now)
    with transaction.atomic():
        table, member, before = _playing_seat(table_id, player_id)
        _leave(table, member, "resigned", now)
    return table_shown(table, player_id=player_id, after=before, now=now)


def table_claim(*, table_id: UUID, player_id: int, now: datetime | None = None) -> dict[str, Any]:
    """Another seat claims against the person to move, away too long or out of time."""
    now = service_now(now)
    with transaction.atomic():
        table, member, before = _playing_seat(table_id, player_id)
        absent = _claimable(table, now)
        if absent is None or absent.seat == member.seat:
            raise ClaimNotAllowed()
        _leave(table, absent, "claimed", now)
    return table_shown(table, player_id=player_id, after=before, now=now)


def table_timeouts_settle(*, table_id: UUID, now: datetime | None = None) -> bool:
    """At three or four seats, a computer takes the seat of a person to move who is out
    of time or away too long (at two, the other decides: ``table_claim``). True when
    a seat was taken over."""
    now = service_now(now)
    with transaction.atomic():
        table = LiveTable.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise TableNotFound()
        if table.status != LiveTable.Status.PLAYING or table.seats < 3:
            return False
        absent = _claimable(table, now)
        if absent is None:
            return False
        _leave(table, absent, "timed_out", now)
    return True


def tables_expire(*, now: datetime | None = None) -> int:
    """Tables still waiting for players past their time close; returns how many."""
    now = service_now(now)
    return LiveTable.objects.filter(status=LiveTable.Status.OPEN, expires_at__lte=now).update(
        status=LiveTable.Status.EXPIRED
    )


def _playing_seat(table_id: UUID, player_id: int) -> tuple[LiveTable, TableMember, int]:
    """The table locked, the player's seat and the table's last event, while it plays."""
    table, member = seat_locked(table_id, player_id)
    if table.status != LiveTable.Status.PLAYING:
        raise TableNotPlaying()
    return table, member, table.seq


def _claimable(table: LiveTable, now: datetime) -> TableMember | None:
    """The person to move, when they may be claimed against."""
    if table.game_id is None:
        return None
    turn = ClassicGame.objects.values_list("turn", flat=True).get(pk=table.game_id)
    if turn is None:
        return None
    member = table.members.filter(seat=turn).exclude(result=TableMember.Result.LEFT).first()
    if member is None:
        return None
    clock = turn_clock(table=table, seat=turn, seen_at=member.seen_at, now=now)
    return member if clock.claimable(table.pace) else None


def _leave(table: LiveTable, member: TableMember, reason: str, now: datetime) -> None:
    """``member`` leaves the table."""
    member.result = TableMember.Result.LEFT
    member.save(update_fields=["result"])
    assert table.game_id is not None
    staying = [
        other
        for other in table.members.exclude(result=TableMember.Result.LEFT)
        if other.seat != member.seat
    ]
    bodies: list[dict[str, Any]] = [{"event": "seat_left", "seat": member.seat, "reason": reason}]
    if table.seats == 2 or not staying:
        played = classic_game_leave(game_id=table.game_id, player_id=member.player_id, now=now)
        rows = events_record(table, bodies, now)
        rows += table_results_settle(
            table, match=played.match, now=now, winners=[other.seat for other in staying]
        )
    else:
        was_turn = (
            ClassicGame.objects.values_list("turn", flat=True).get(pk=table.game_id) == member.seat
        )
        played = classic_seat_hand_over(
            game_id=table.game_id, seat=member.seat, strength=TAKE_OVER_STRENGTH, now=now
        )
        bodies.append(
            {"event": "computer_took_seat", "seat": member.seat, "strength": TAKE_OVER_STRENGTH}
        )
        bodies += played.new_events
        if was_turn:
            table.turn_since = now
        rows = events_record(table, bodies, now)
        if played.game.status != ClassicGame.Status.PLAYING:
            rows += table_results_settle(table, match=played.match, now=now)
    facts_keep(table, played.match)
    table.save()
    events_push(table, rows)
