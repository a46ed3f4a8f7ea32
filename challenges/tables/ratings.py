"""How a table ends for each person: won, lost or left, a place, silver coins, and at
a rated table the new ratings (openskill's Plackett-Luce, which ranks 2-4 players).

A rating is shown as ``mu`` times ``RATING_SCALE`` (1500 to start) and is provisional
for the first ``TABLE_PROVISIONAL_GAMES`` rated games. Coins: one for a win at a table
of one person (against the computers), two at a table of people.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from openskill.models import PlackettLuce

from challenges.engine import ClassicMatch
from challenges.models import LiveTable, PlayerRating, TableEvent, TableMember
from challenges.players.services import player_records_changed
from challenges.tables.events import events_record

RATING_SCALE = 60
"""A rating as shown: openskill's mu (25 to start) times this."""

COINS_AGAINST_COMPUTERS = 1
COINS_AGAINST_PEOPLE = 2

_MODEL = PlackettLuce()


def rating_shown(mu: float) -> int:
    return round(mu * RATING_SCALE)


def rating_of(player_id: int) -> PlayerRating:
    """The player's rating, a new player's when they have none yet (not saved)."""
    rating = PlayerRating.objects.filter(player_id=player_id).first()
    if rating is None:
        fresh = _MODEL.rating()
        rating = PlayerRating(player_id=player_id, mu=fresh.mu, sigma=fresh.sigma, games=0)
    return rating


def is_provisional(rating: PlayerRating) -> bool:
    return rating.games < int(settings.TABLE_PROVISIONAL_GAMES)


def table_results_settle(
    table: LiveTable,
    *,
    match: ClassicMatch,
    now: datetime,
    winners: Sequence[int] | None = None,
) -> list[TableEvent]:
    """The table is over: each person's result and place (``winners``: the seats that
    won when nobody finished the game, else the game's), coins, ratings; the
    ``table_ended`` event. ``match``: the game as it ended. The caller holds the table
    locked and saves it."""
    won = set(match.winners if winners is None else winners)
    members = list(table.members.order_by("seat"))
    for member in members:
        if member.result != TableMember.Result.LEFT:
            member.result = (
                TableMember.Result.WON if member.seat in won else TableMember.Result.LOST
            )
    _place(members, match.scores)
    coins = COINS_AGAINST_PEOPLE if len(members) >= 2 else COINS_AGAINST_COMPUTERS
    for member in members:
        member.coins = coins if member.result == TableMember.Result.WON else 0
    if table.rated:
        _rate(members, now)
    TableMember.objects.bulk_update(
        members, ["result", "rank", "coins", "rating_before", "rating_after"]
    )
    player_records_changed(player_ids=[m.player_id for m in members if m.coins])
    table.status = LiveTable.Status.FINISHED
    table.finished_at = now
    table.turn_since = None
    ended = {
        "event": "table_ended",
        "rated": table.rated,
        "results": [member_result(member) for member in members],
    }
    return events_record(table, [ended], now)


def member_result(member: TableMember) -> dict[str, Any]:
    """How the table ended for a person, as the end's event and the table say it."""
    return {
        "seat": member.seat,
        "result": member.result,
        "place": member.rank,
        "coins": member.coins,
        "rating_before": member.rating_before,
        "rating_after": member.rating_after,
    }


def _place(members: list[TableMember], scores: Sequence[int]) -> None:
    """Competition places: the winners, then by score; those who left, last."""

    def standing(member: TableMember) -> tuple[int, int]:
        order = {TableMember.Result.WON: 0, TableMember.Result.LOST: 1}
        return order.get(TableMember.Result(member.result), 2), -scores[member.seat]

    ordered = sorted(members, key=standing)
    for index, member in enumerate(ordered):
        same = index > 0 and standing(ordered[index - 1]) == standing(member)
        member.rank = ordered[index - 1].rank if same else index + 1


def _rate(members: list[TableMember], now: datetime) -> None:
    ratings = [rating_of(member.player_id) for member in members]
    teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    rated = _MODEL.rate(teams, ranks=[float(member.rank or 0) for member in members])
    for member, rating, (new,) in zip(members, ratings, rated, strict=True):
        member.rating_before = rating_shown(rating.mu)
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.games += 1
        rating.updated_at = now
        rating.save()
        member.rating_after = rating_shown(rating.mu)
