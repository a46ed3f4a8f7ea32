"""Writes of the tables room: make a table, take a seat, start the game when the seats
are full, act through the classic game's turn API, react.

Every write locks the table's row, so the actions at one table take turns, and each
appends its events numbered after the table's ``seq``. A client sends the ``seq`` it
acted on and is refused with ``stale_table`` when another action came first. Pushes go
out once the transaction commits (``push``).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from challenges.classic.selectors import match_of
from challenges.classic.services import classic_game_play, classic_game_start
from challenges.compiled_queries import CompiledQuery
from challenges.engine import ClassicMatch
from challenges.errors import service_now
from challenges.models import ClassicGame, Follow, LiveTable, TableMember
from challenges.players.selectors import is_guest
from challenges.tables.clocks import clock_after_turn, clock_start_ms, elapsed_ms
from challenges.tables.errors import (
    AlreadySeated,
    InviteeNotFollowed,
    InviteInvalid,
    NotSeated,
    TableNotFound,
    TableNotOpen,
    TableNotPlaying,
    TableNotStarted,
    TableStale,
    TooManyOpenTables,
)
from challenges.tables.events import events_record
from challenges.tables.game_facts import facts_keep
from challenges.tables.push import events_push, reaction_push
from challenges.tables.ratings import table_results_settle
from challenges.tables.selectors import (
    REACTIONS,
    table_members,
    table_pushed,
    table_shown,
    table_state,
    table_uuid,
)

REACTIONS_KEPT = 8
"""How many of the latest reactions a table keeps for a page that polls."""

SEEN_EVERY = timedelta(seconds=2)
"""A seat's presence is written at most this often."""


def table_create(
    *,
    player_id: int,
    seats: int,
    computers: int,
    strength: str,
    rounds: int | None,
    pace: str,
    listed: bool = True,
    invitee: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """A friendly table with its host at seat 0 and ``computers`` after the people;
    open until the people are there (it starts at once with computers only). An
    ``invitee`` (a player the host follows) may join an unlisted table too."""
    if not 2 <= seats <= 4 or not 0 <= computers < seats:
        raise ValueError(f"2-4 seats and fewer computers, not {seats} and {computers}")
    now = service_now(now)
    invited = None
    if invitee:
        invited = User.objects.filter(username__iexact=invitee).first()
        if (
            invited is None
            or not Follow.objects.filter(follower_id=player_id, followed=invited).exists()
        ):
            raise InviteeNotFollowed()
    with transaction.atomic():
        _open_tables_check(player_id)
        table = LiveTable.objects.create(
            host_id=player_id,
            seats=seats,
            computers=computers,
            strength=strength,
            rounds=rounds,
            pace=pace,
            listed=listed and invited is None,
            invited=invited,
            invite_token=secrets.token_urlsafe(16),
            expires_at=now + _open_for(pace),
            created_at=now,
        )
        _seat_take(table, [], player_id, now)
    return table_state(table_id=table.id, player_id=player_id, now=now)


def table_pool_create(*, player_ids: Sequence[int], rounds: int | None, now: datetime) -> LiveTable:
    """A rated table for the people the pool grouped, started at once (pairing)."""
    table = LiveTable.objects.create(
        seats=len(player_ids),
        rounds=rounds,
        pace=LiveTable.Pace.LIVE,
        rated=True,
        listed=False,
        invite_token=secrets.token_urlsafe(16),
        expires_at=now + _open_for(LiveTable.Pace.LIVE),
        created_at=now,
    )
    members: list[TableMember] = []
    for player_id in player_ids:
        members = _seat_take(table, members, player_id, now)
    return table


def table_join(
    *, table_id: UUID, player_id: int, invite: str | None = None, now: datetime | None = None
) -> dict[str, Any]:
    """Take the next free seat; the last one starts the game."""
    now = service_now(now)
    with transaction.atomic():
        table = LiveTable.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise TableNotFound()
        if table.status != LiveTable.Status.OPEN or table.expires_at <= now:
            raise TableNotOpen()
        members = list(table.members.order_by("seat"))
        if any(member.player_id == player_id for member in members):
            raise AlreadySeated()
        invited = table.invited_id == player_id or (
            invite is not None and secrets.compare_digest(invite, table.invite_token)
        )
        if not table.listed and not invited:
            raise InviteInvalid()
        _open_tables_check(player_id)
        _seat_take(table, members, player_id, now)
    return table_state(table_id=table_id, player_id=player_id, now=now)


def table_act(
    *,
    table_id: UUID,
    player_id: int,
    action: dict[str, Any],
    seq: int | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The seat's action (place, draw, pass) through the classic game's turn API, then
    the computers' turns; the clocks move on when the turn is over. The answer is the
    table as the seat sees it, with ``new_events``."""
    now = service_now(now)
    with transaction.atomic():
        table, member, members = seats_locked(table_id, player_id)
        if table.status == LiveTable.Status.OPEN:
            raise TableNotStarted()
        if table.status != LiveTable.Status.PLAYING or table.game_id is None:
            raise TableNotPlaying()
        if seq is not None and seq != table.seq:
            raise TableStale()
        before = table.seq
        # The move's one replay of the game's log; the facts kept from it shape the
        # answer, and every read until the next write.
        played = classic_game_play(
            game_id=table.game_id, player_id=player_id, action=action, now=now
        )
        rows = events_record(table, played.new_events, now)
        if action["type"] != "draw":
            turn_over(table, member.seat, now)
        over = played.game.status != ClassicGame.Status.PLAYING
        if over:
            rows += table_results_settle(table, match=played.match, now=now)
        facts_keep(table, played.match)
        table.save()
        # The seats as read under the lock, unless the end settled their results; the
        # events after ``before`` are this write's own rows (the table is locked).
        state = table_shown(
            table,
            player_id=player_id,
            after=before,
            now=now,
            members=None if over else members,
            events=rows,
        )
        events_push(table, rows, shown=table_pushed(table, state))
    return state


def turn_over(table: LiveTable, seat: int, now: datetime) -> None:
    """``seat``'s turn is over: charge its bank, and start the next person's turn."""
    clocks = list(table.clocks)
    spent = elapsed_ms(table.turn_since, now)
    clocks[seat] = clock_after_turn(pace=table.pace, bank_ms=clocks[seat], spent_ms=spent)
    table.clocks = clocks
    table.turn_since = now


def table_react(
    *, table_id: UUID, player_id: int, reaction: str, now: datetime | None = None
) -> None:
    """One of the few reactions a seat may show the table (never free text)."""
    if reaction not in REACTIONS:
        raise ValueError(f"no reaction {reaction!r}")
    now = service_now(now)
    with transaction.atomic():
        table, member = seat_locked(table_id, player_id)
        shown = {"seat": member.seat, "reaction": reaction, "at": now.isoformat()}
        table.reactions = [*table.reactions, shown][-REACTIONS_KEPT:]
        table.save(update_fields=["reactions"])
        reaction_push(table.id, shown)


def table_seen(*, table_id: UUID, player_id: int, now: datetime | None = None) -> None:
    """The player is at the table (a read, a poll, a socket's ping): not away. It is
    read only on the seat's turn (``clocks.turn_clock``), so the callers that know
    whose turn it is (the socket, the table's read) write it only then."""
    tables_seen(seats=[(table_id, player_id)], now=now)


def tables_seen(*, seats: Collection[tuple[UUID, int]], now: datetime | None = None) -> int:
    """Players heard at their tables, each ``(table_id, player_id)``, all at ``now``, in
    one statement (a socket server's pings of the last second); how many seats it
    moved. A seat written less than ``SEEN_EVERY`` ago is left as it is."""
    if not seats:
        return 0
    now = service_now(now)
    heard = Q()
    for table_id, player_id in seats:
        heard |= Q(table_id=table_id, player_id=player_id)
    return TableMember.objects.filter(heard, seen_at__lt=now - SEEN_EVERY).update(seen_at=now)


def _open_for(pace: str) -> timedelta:
    if pace == LiveTable.Pace.CORRESPONDENCE:
        return timedelta(days=settings.TABLE_CORRESPONDENCE_OPEN_DAYS)
    return timedelta(minutes=settings.TABLE_OPEN_MINUTES)


def _open_tables_check(player_id: int) -> None:
    player = User.objects.get(pk=player_id)
    limit = settings.TABLES_OPEN_PER_GUEST if is_guest(player) else settings.TABLES_OPEN_PER_PLAYER
    waiting = TableMember.objects.filter(
        player_id=player_id, table__status=LiveTable.Status.OPEN
    ).count()
    if waiting >= limit:
        raise TooManyOpenTables()


def _seat_take(
    table: LiveTable, members: list[TableMember], player_id: int, now: datetime
) -> list[TableMember]:
    member = TableMember.objects.create(
        table=table, seat=len(members), player_id=player_id, joined_at=now, seen_at=now
    )
    members = [*members, member]
    bodies: list[dict[str, Any]] = [{"event": "table_joined", "seat": member.seat}]
    started = None
    if len(members) + table.computers == table.seats:
        started = _start(table, members, now)
        bodies.append({"event": "table_started", "seats": table.seats, "people": len(members)})
        bodies += [event.to_json() for event in started.events]
    rows = events_record(table, bodies, now)
    if started is not None:
        facts_keep(table, started)
    table.save()
    events_push(table, rows)
    return members


def _start(table: LiveTable, members: list[TableMember], now: datetime) -> ClassicMatch:
    """Deal the game: the people at seats 0.., the computers after them. Records the
    start; returns the match (its events: the deal and any computers' turns)."""
    game = classic_game_start(
        player_ids=[member.player_id for member in members],
        computers=table.computers,
        strength=table.strength,
        rounds=table.rounds,
        now=now,
    )
    table.game_id = game["id"]
    table.status = LiveTable.Status.PLAYING
    table.started_at = now
    table.clocks = [clock_start_ms(table.pace)] * table.seats
    table.turn_since = now
    for member in members:
        member.seen_at = now
    TableMember.objects.bulk_update(members, ["seen_at"])
    started = ClassicGame.objects.get(pk=game["id"])
    return match_of(started, list(started.seats.order_by("seat")))


# Every move's first statement: compiled once (docs/performance.md).
_TABLE_LOCKED = CompiledQuery(
    lambda table_id: LiveTable.objects.select_for_update().filter(pk=table_id),
    table_id=UUID("00000000-0000-4000-8000-00007ab1e000"),
)


def seat_locked(table_id: UUID, player_id: int) -> tuple[LiveTable, TableMember]:
    table, member, _ = seats_locked(table_id, player_id)
    return table, member


def seats_locked(
    table_id: UUID, player_id: int
) -> tuple[LiveTable, TableMember, list[TableMember]]:
    """The table locked, the player's seat, and every seat with its player."""
    table = _TABLE_LOCKED.first(LiveTable, table_id=table_uuid(table_id))
    if table is None:
        raise TableNotFound()
    members = table_members(table.id)
    member = next((each for each in members if each.player_id == player_id), None)
    if member is None:
        raise NotSeated()
    return table, member, members
