"""Reads of the tables room about a player rather than one table: the lobby, the tables
waiting for their move, the pool's answer, their record against people and their silver
coins. Faces read these through ``selectors``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Count, F, Q, Sum

from challenges.classic.selectors import classic_length
from challenges.errors import service_now
from challenges.models import ClassicSeat, LiveTable, PairingTicket, TableMember
from challenges.players.guests import GUEST_NAME_PREFIX
from challenges.tables.ratings import (
    COINS_AGAINST_COMPUTERS,
    is_provisional,
    rating_of,
    rating_shown,
)

LOBBY_LENGTH = 50
RECORD_LENGTH = 30


def table_settings(table: LiveTable) -> dict[str, Any]:
    """What the lobby and the table's own page both show of a table: how it is set."""
    return {
        "id": table.id,
        "status": table.status,
        "seats": table.seats,
        "computers": table.computers,
        "strength": table.strength,
        "length": classic_length(table.rounds),
        "pace": table.pace,
        "rated": table.rated,
    }


def member_name(member: TableMember) -> str | None:
    """A seated person's name as others read it: none for a guest."""
    name = member.player.username
    return None if name.startswith(GUEST_NAME_PREFIX) else name


def tables_open(*, player_id: int | None, now: datetime | None = None) -> dict[str, Any]:
    """The lobby: listed tables waiting for players, the tables the player was invited
    to, and the player's own tables still waiting or playing."""
    now = service_now(now)
    waiting = LiveTable.objects.filter(status=LiveTable.Status.OPEN, expires_at__gt=now)
    listed = waiting.filter(listed=True).order_by("created_at")[:LOBBY_LENGTH]
    invited = waiting.filter(invited_id=player_id) if player_id else LiveTable.objects.none()
    mine = (
        LiveTable.objects.filter(
            members__player_id=player_id,
            status__in=[LiveTable.Status.OPEN, LiveTable.Status.PLAYING],
        )
        .exclude(members__player_id=player_id, members__result=TableMember.Result.LEFT)
        .order_by("-created_at")[:LOBBY_LENGTH]
        if player_id
        else LiveTable.objects.none()
    )
    yours = set(_your_move(player_id).values_list("table_id", flat=True)) if player_id else set()
    # The tables waiting for the player's move first: a day-a-move table is easy to forget.
    mine_rows = sorted(
        (_lobby_row(table, player_id, your_move=table.id in yours) for table in mine),
        key=lambda row: not row["your_move"],
    )
    return {
        "tables": [_lobby_row(table, player_id) for table in listed],
        "invitations": [_lobby_row(table, player_id) for table in invited],
        "mine": mine_rows,
    }


def _your_move(player_id: int) -> Any:
    """The player's seats at tables being played where it is their move."""
    return TableMember.objects.filter(
        player_id=player_id,
        table__status=LiveTable.Status.PLAYING,
        table__game__turn=F("seat"),
    ).exclude(result=TableMember.Result.LEFT)


def tables_your_move(*, player_id: int) -> int:
    """How many tables wait for the player's move (the site's header counts them)."""
    return int(_your_move(player_id).count())


def _lobby_row(
    table: LiveTable, player_id: int | None, *, your_move: bool = False
) -> dict[str, Any]:
    members = list(table.members.select_related("player").order_by("seat"))
    return {
        **table_settings(table),
        "players": [member_name(member) for member in members],
        "free": table.seats - table.computers - len(members),
        "seated": any(member.player_id == player_id for member in members),
        "your_move": your_move,
        "expires_at": table.expires_at,
    }


def pairing_status(*, player_id: int) -> dict[str, Any]:
    """Whether the player waits in the pool, and the table they were seated at."""
    ticket = PairingTicket.objects.filter(player_id=player_id).first()
    rating = rating_of(player_id)
    return {
        "waiting": ticket is not None and ticket.table_id is None,
        "seats": ticket.seats if ticket else None,
        "length": classic_length(ticket.rounds) if ticket else None,
        "since": ticket.created_at if ticket else None,
        "table": ticket.table_id if ticket else None,
        "rating": rating_shown(rating.mu),
        "provisional": is_provisional(rating),
    }


def coins_of(*, player_id: int) -> int:
    """Silver coins: those of tables, and one for each win against the computers."""
    at_tables = (
        TableMember.objects.filter(player_id=player_id).aggregate(coins=Sum("coins"))["coins"] or 0
    )
    alone = (
        ClassicSeat.objects.filter(player_id=player_id, won=True, game__table__isnull=True)
        .annotate(people=Count("game__seats", filter=Q(game__seats__strength="")))
        .filter(people=1)
        .count()
    )
    return at_tables + alone * COINS_AGAINST_COMPUTERS


def tables_record(*, player_id: int) -> dict[str, Any]:
    """The player's record at tables of people: results, the rating and its history,
    coins, and the latest tables with whom they played."""
    people = TableMember.objects.filter(player_id=player_id, table__status="finished").annotate(
        people=Count("table__members")
    )
    people = people.filter(people__gte=2)
    totals = people.aggregate(
        games=Count("id"),
        won=Count("id", filter=Q(result=TableMember.Result.WON)),
        left=Count("id", filter=Q(result=TableMember.Result.LEFT)),
    )
    rating = rating_of(player_id)
    chart = [
        {"at": finished_at, "rating": after}
        for finished_at, after in people.filter(table__rated=True, rating_after__isnull=False)
        .order_by("table__finished_at")
        .values_list("table__finished_at", "rating_after")
    ]
    latest = []
    for member in people.select_related("table").order_by("-table__finished_at")[:RECORD_LENGTH]:
        table = member.table
        others = table.members.exclude(player_id=player_id).select_related("player")
        latest.append(
            {
                "id": table.id,
                "finished_at": table.finished_at,
                "seats": table.seats,
                "length": classic_length(table.rounds),
                "rated": table.rated,
                "result": member.result,
                "place": member.rank,
                "coins": member.coins,
                "rating_before": member.rating_before,
                "rating_after": member.rating_after,
                "opponents": [member_name(other) for other in others],
            }
        )
    return {
        "games": totals["games"],
        "won": totals["won"],
        "left": totals["left"],
        "rating": rating_shown(rating.mu),
        "provisional": is_provisional(rating),
        "rated_games": rating.games,
        "coins": coins_of(player_id=player_id),
        "chart": chart,
        "latest": latest,
    }
