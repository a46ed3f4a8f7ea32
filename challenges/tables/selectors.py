"""Reads of the tables room: a table as one seat (or a spectator) sees it, its events
after a number, and the tables a computer may be due at. The lobby, the pool's answer,
a player's record against people and their coins are ``lobby.py``'s, read through here.

A seat sees its own hand; a spectator none; every hand's size, the board, the scores
and the clocks are everyone's. The well's order is never read out, only its size.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Q

from challenges.compiled_queries import CompiledQuery
from challenges.errors import service_now
from challenges.models import LiveTable, TableEvent, TableMember
from challenges.tables.clocks import turn_clock
from challenges.tables.errors import TableNotFound as TableNotFound
from challenges.tables.events import SPECTATOR as SPECTATOR
from challenges.tables.events import event_view
from challenges.tables.game_facts import TURN_UNKNOWN as TURN_UNKNOWN
from challenges.tables.game_facts import facts_read, facts_turn
from challenges.tables.lobby import coins_of as coins_of
from challenges.tables.lobby import member_name, table_settings
from challenges.tables.lobby import pairing_status as pairing_status
from challenges.tables.lobby import tables_open as tables_open
from challenges.tables.lobby import tables_record as tables_record
from challenges.tables.lobby import tables_your_move as tables_your_move
from challenges.tables.push import table_group as table_group
from challenges.tables.ratings import (
    is_provisional,
    member_result,
    rating_of,
    rating_shown,
)

REACTIONS = ("hello", "good_move", "well_played", "oops", "thinking", "thanks", "good_game")
"""What a seat may say to the table: codes the pages word in the reader's language."""

SEATS_MAX = 4

# A table's every read and move: compiled once (docs/performance.md).
_TABLE = CompiledQuery(
    lambda table_id: LiveTable.objects.filter(pk=table_id),
    table_id=UUID("00000000-0000-4000-8000-00007ab1e001"),
)
_MEMBER_FIELDS = [field.attname for field in TableMember._meta.concrete_fields]
_MEMBERS = CompiledQuery(
    lambda table_id: TableMember.objects.filter(table_id=table_id).values_list(
        *_MEMBER_FIELDS, "player__username"
    ),
    table_id=UUID("00000000-0000-4000-8000-00007ab1e002"),
)


def table_uuid(value: UUID | str) -> UUID:
    """A table's id as the compiled statements send it (a caller may pass its text)."""
    return value if isinstance(value, UUID) else UUID(str(value))


def table_members(table_id: UUID) -> list[TableMember]:
    """The table's seats in order, each with its player's name (all that a reader
    needs of the player): one statement."""
    members = []
    for *values, username in _MEMBERS.rows(limit=SEATS_MAX, table_id=table_id):
        member = TableMember.from_db("default", _MEMBER_FIELDS, values)
        member.player = User(pk=member.player_id, username=username)
        members.append(member)
    return members


def table_viewer(*, table_id: UUID, player_id: int | None) -> tuple[int | None, int, int | None]:
    """The player's seat at the table (None: a spectator), the table's last event and
    the seat to move (``game_facts.facts_turn``); TableNotFound when there is no such
    table."""
    row = LiveTable.objects.filter(pk=table_id).values_list("seq", "status", "game_facts").first()
    if row is None:
        raise TableNotFound()
    seq, status, facts = row
    return _seat_of(table_id, player_id), seq, facts_turn(status=status, seq=seq, facts=facts)


def _seat_of(table_id: UUID, player_id: int | None) -> int | None:
    """The player's seat at the table, None for a spectator: one with no seat, or who
    left it (a computer holds that hand now)."""
    if player_id is None:
        return None
    return (
        TableMember.objects.filter(table_id=table_id, player_id=player_id)
        .exclude(result=TableMember.Result.LEFT)
        .values_list("seat", flat=True)
        .first()
    )


def table_state(
    *,
    table_id: UUID,
    player_id: int | None,
    after: int | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The table as the player's seat sees it (a spectator's view when they have none);
    with ``after``, the events since that number too (``new_events``)."""
    now = service_now(now)
    table = _TABLE.first(LiveTable, table_id=table_uuid(table_id))
    if table is None:
        raise TableNotFound()
    return table_shown(table, player_id=player_id, after=after, now=now)


def table_shown(
    table: LiveTable,
    *,
    player_id: int | None,
    now: datetime,
    after: int | None = None,
    members: list[TableMember] | None = None,
    events: list[TableEvent] | None = None,
) -> dict[str, Any]:
    """``table_state`` of a table already read: a write's answer (the write kept the
    game's facts on it: no replay). A write may hand over the seats it read (with their
    players) and the events after ``after`` it recorded: two statements fewer."""
    if members is None:
        members = table_members(table.id)
    seated = {member.seat: member for member in members}
    return _shown(table, seated, player_id=player_id, now=now, after=after, events=events)


def _shown(
    table: LiveTable,
    members: dict[int, TableMember],
    *,
    player_id: int | None,
    now: datetime,
    after: int | None,
    events: list[TableEvent] | None,
) -> dict[str, Any]:
    # A person who left watches from then on, like a spectator.
    viewer = next(
        (
            seat
            for seat, member in members.items()
            if member.player_id == player_id and member.result != TableMember.Result.LEFT
        ),
        None,
    )
    finished = table.status == LiveTable.Status.FINISHED
    state: dict[str, Any] = {
        **table_settings(table),
        "seq": table.seq,
        "you": viewer,
        "expires_at": table.expires_at if table.status == LiveTable.Status.OPEN else None,
        "invite": table.invite_token if viewer is not None else None,
        "reactions": table.reactions,
        "turn": None,
        "hand": [],
        "board": [],
        "claimable": None,
        "can_claim": False,
    }
    players = [_player(table, members.get(seat), seat) for seat in range(table.seats)]
    if table.game_id is not None:
        state.update(_game_part(table, players, members, viewer, now))
    state["players"] = players
    if after is not None and events is not None:
        reveal = table.status == LiveTable.Status.FINISHED
        state["new_events"] = [
            {"seq": row.seq, "event": event_view(row.body, viewer, reveal=reveal)} for row in events
        ]
    elif after is not None:
        state["new_events"] = _events_after(table, viewer, after)
    all_hands = state.pop("all_hands", None)
    state["hands"] = all_hands if finished else None
    state["results"] = [member_result(m) for m in members.values()] if finished else None
    return state


PUSHED = ("seq", "round", "turn", "players", "well_size", "draws_this_turn", "scores", "claimable")
"""The part of a seat's state that every seat and a spectator share and a push carries
(never a hand; not the board, which the pushed events extend)."""


def table_pushed(table: LiveTable, state: dict[str, Any]) -> dict[str, Any] | None:
    """What a push carries of the table beside its events, from a seat's ``state`` of
    the table as the write left it: the seats (hand sizes, scores, clocks, away), whose
    turn, and whether the seat to move may draw or pass. A seat shown another seat's
    place, draw or pass takes it instead of reading the table again. None while the
    game is not being played, or opens (a read then: hands and opening tiles change)."""
    facts = table.game_facts
    if table.status != LiveTable.Status.PLAYING or facts is None:
        return None
    if facts.get("seq") != table.seq or facts["opening_tiles"]:
        return None
    return {
        "status": str(table.status),
        **{key: state[key] for key in PUSHED},
        "turn_can_draw": bool(facts["can_draw"]),
        "turn_can_pass": bool(facts["can_pass"]),
    }


def _player(table: LiveTable, member: TableMember | None, seat: int) -> dict[str, Any]:
    """A seat as everyone sees it; one a person left is a computer's from then on."""
    left = member is not None and member.result == TableMember.Result.LEFT
    if member is not None and not left:
        kind = "person"
    else:
        kind = "open" if table.game_id is None else "computer"
    row: dict[str, Any] = {
        "seat": seat,
        "kind": kind,
        "name": member_name(member) if member is not None else None,
        "left": left,
        # A computer's strength: the table's, or medium where it took a person's seat.
        "strength": None if kind != "computer" else ("medium" if left else table.strength),
        "away": False,
        "clock_ms": None,
        "rating": None,
        "provisional": None,
    }
    if member is not None and table.rated:
        rating = rating_of(member.player_id)
        row["rating"] = rating_shown(rating.mu)
        row["provisional"] = is_provisional(rating)
    return row


def _game_part(
    table: LiveTable,
    players: list[dict[str, Any]],
    members: dict[int, TableMember],
    viewer: int | None,
    now: datetime,
) -> dict[str, Any]:
    game = facts_read(table)
    playing = table.status == LiveTable.Status.PLAYING
    turn = game["turn"] if playing else None
    _scores_fill(players, game=game, table=table)
    claimable = _turn_clock_fill(players, table=table, members=members, turn=turn, now=now)
    to_move = viewer is not None and turn == viewer
    seated = viewer is not None
    return {
        "round": game["round"],
        "turn": turn,
        "hand": list(game["hands"][viewer]) if viewer is not None else [],
        "all_hands": game["hands"],
        "board": game["board"],
        "well_size": game["well_size"],
        "draws_this_turn": game["draws_this_turn"],
        "can_draw": to_move and game["can_draw"],
        "can_pass": to_move and game["can_pass"],
        "opening_tiles": game["opening_tiles"] if to_move else [],
        "scores": list(game["scores"]),
        "winners": list(game["winners"]) if not playing else [],
        "claimable": claimable,
        "can_claim": seated and claimable is not None and claimable != viewer,
    }


def _scores_fill(players: list[dict[str, Any]], *, game: dict[str, Any], table: LiveTable) -> None:
    """Each seat's hand size, score and, for a person, clock."""
    for row in players:
        row["hand_size"] = len(game["hands"][row["seat"]])
        row["score"] = game["scores"][row["seat"]]
        if row["kind"] == "person" and table.clocks:
            row["clock_ms"] = table.clocks[row["seat"]]


def _turn_clock_fill(
    players: list[dict[str, Any]],
    *,
    table: LiveTable,
    members: dict[int, TableMember],
    turn: int | None,
    now: datetime,
) -> int | None:
    """The seat to move's running clock and away mark; the seat the others may claim."""
    member = members.get(turn) if turn is not None else None
    if turn is None or member is None or member.result == TableMember.Result.LEFT:
        return None
    clock = turn_clock(table=table, seat=turn, seen_at=member.seen_at, now=now)
    players[turn]["clock_ms"] = max(0, clock.left_ms)
    players[turn]["away"] = clock.away
    return turn if clock.claimable(table.pace) else None


def table_events_after(
    *, table_id: UUID, player_id: int | None, after: int
) -> list[dict[str, Any]]:
    """Every event after number ``after``, in order, as the player's seat sees it."""
    table = _TABLE.first(LiveTable, table_id=table_uuid(table_id))
    if table is None:
        raise TableNotFound()
    return _events_after(table, _seat_of(table_id, player_id), after)


def _events_after(table: LiveTable, viewer: int | None, after: int) -> list[dict[str, Any]]:
    reveal = table.status == LiveTable.Status.FINISHED
    return [
        {"seq": seq, "event": event_view(body, viewer, reveal=reveal)}
        for seq, body in table.events.filter(seq__gt=after)
        .order_by("seq")
        .values_list("seq", "body")
    ]


def tables_clock_due_ids(*, now: datetime | None = None) -> list[UUID]:
    """The tables of three or four seats where a computer may be due to take the seat
    to move (the beat looks at these; at two seats the other person claims). A seat can
    be claimed only once its turn is older than the claim's wait or the least a bank
    holds (a live bank starts full and never falls under its increment, or the cap,
    after a turn), or than a day at a day-a-move table."""
    now = service_now(now)
    live_wait = min(
        settings.TABLE_CLAIM_AWAY_SECONDS,
        settings.TABLE_LIVE_INCREMENT_SECONDS,
        settings.TABLE_LIVE_BANK_SECONDS,
        settings.TABLE_LIVE_BANK_CAP_SECONDS,
    )
    day = settings.TABLE_CORRESPONDENCE_MOVE_SECONDS
    due = Q(pace=LiveTable.Pace.LIVE, turn_since__lte=now - timedelta(seconds=live_wait)) | Q(
        pace=LiveTable.Pace.CORRESPONDENCE, turn_since__lte=now - timedelta(seconds=day)
    )
    return list(
        LiveTable.objects.filter(due, status=LiveTable.Status.PLAYING, seats__gte=3).values_list(
            "id", flat=True
        )
    )
