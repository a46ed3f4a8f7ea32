"""Writes of the classic room: start a game, take a turn's action (place, draw, pass),
resign, and remove the games nobody finished. The server is the authority: every action
is checked by the engine against the game rebuilt from its log, and the computers'
turns are played before answering.

Each write locks the game's row, so two requests for one game (two tabs) take turns;
a client may send the ``version`` (the log's length) it acted on, and is refused with
``stale_game`` when the game has moved on since.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from challenges import engine
from challenges.classic.errors import (
    ClassicGameNotFound,
    ClassicGameOver,
    ClassicGuestGamesLimit,
    ClassicNotYourTurn,
    ClassicOpenGamesLimit,
    ClassicRefused,
    ClassicStale,
)
from challenges.classic.selectors import classic_game_view, match_of
from challenges.compiled_queries import CompiledQuery
from challenges.errors import service_now
from challenges.models import ClassicGame, ClassicSeat, LiveTable, PlayerForm
from challenges.players.services import player_records_changed

PLAYERS_MAX = 4
"""A table of four at most: the page draws four seats."""


@dataclass(frozen=True)
class ClassicPlayed:
    """What a write did to a game, for a room that seats people at it (live tables):
    the game's row as saved, the match as it now stands (its log replayed once, by the
    write) and the engine's events the write added, as JSON."""

    game: ClassicGame
    match: engine.ClassicMatch
    new_events: list[dict[str, Any]]


def classic_game_start(
    *,
    player_ids: Sequence[int],
    computers: int,
    strength: str,
    rounds: int | None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """A new game: the people of ``player_ids`` at seats 0, 1, ... and ``computers``
    computers of ``strength`` after them, one round or (``rounds`` None) to 400; two to
    four players in all. The computers play until a person is to move (one of them may
    open). Returns the game as the first person sees it."""
    players = len(player_ids) + computers
    if not player_ids or not 2 <= players <= PLAYERS_MAX:
        raise ValueError(f"2 to {PLAYERS_MAX} players, not {players}")
    if strength not in engine.CLASSIC_STRENGTHS:
        raise ValueError(f"no strength {strength!r}")
    now = service_now(now)
    with transaction.atomic():
        _open_games_check(player_ids)
        game = ClassicGame.objects.create(
            seed=secrets.token_hex(8),
            rounds=rounds,
            strength=strength,
            created_at=now,
            updated_at=now,
        )
        seats = [
            ClassicSeat(game=game, seat=seat, player_id=player_id)
            for seat, player_id in enumerate(player_ids)
        ] + [
            ClassicSeat(game=game, seat=seat, strength=strength)
            for seat in range(len(player_ids), players)
        ]
        ClassicSeat.objects.bulk_create(seats)
        match = match_of(game, seats)
        game.log = _computers_play(game, seats, match)
        _save(game, seats, match, now)
    return classic_game_view(game=game, seats=seats, match=match, seat=0, events_from=0)


def _open_games_check(player_ids: Sequence[int]) -> None:
    """Refuse a game past the caps of unfinished games: each person's, and that of the
    guests made on one network together (a script making guests by the hundred).
    The people's rows are locked first, so two starts at once count each other."""
    list(get_user_model().objects.select_for_update().filter(pk__in=player_ids).order_by("pk"))
    playing = ClassicSeat.objects.filter(game__status=ClassicGame.Status.PLAYING)
    limit = int(settings.CLASSIC_OPEN_GAMES_LIMIT)
    for player_id in player_ids:
        if playing.filter(player_id=player_id).count() >= limit:
            raise ClassicOpenGamesLimit(limit)
    networks = set(
        PlayerForm.objects.filter(player_id__in=player_ids, player__guest__isnull=False)
        .exclude(signup_network="")
        .values_list("signup_network", flat=True)
    )
    for network in networks:
        guests = playing.filter(
            player__guest__isnull=False, player__form__signup_network=network
        ).count()
        if guests >= int(settings.CLASSIC_GUEST_OPEN_GAMES_LIMIT):
            raise ClassicGuestGamesLimit()


def classic_games_abandoned_remove(*, now: datetime | None = None) -> int:
    """Delete the games still being played with no action for ``CLASSIC_ABANDONED_DAYS``,
    with their seats (the computers' too); returns how many went. A game left that long
    is no result of anyone's: finished and resigned games stay, the players' record.
    Idempotent: a second run at once finds none."""
    cutoff = service_now(now) - timedelta(days=int(settings.CLASSIC_ABANDONED_DAYS))
    removed = 0
    while True:
        # In batches, each its own transaction: the table is never held for long.
        batch = list(
            ClassicGame.objects.filter(
                status=ClassicGame.Status.PLAYING, updated_at__lt=cutoff
            ).values_list("pk", flat=True)[:500]
        )
        if not batch:
            return removed
        with transaction.atomic():
            _, deleted = ClassicGame.objects.filter(
                pk__in=batch, status=ClassicGame.Status.PLAYING, updated_at__lt=cutoff
            ).delete()
        removed += deleted.get(ClassicGame._meta.label, 0)


def classic_game_act(
    *,
    game_id: UUID,
    player_id: int,
    action: dict[str, Any],
    version: int | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The player's action (``{"type": "place", "tile", "cell", "rotation"}``,
    ``{"type": "draw"}`` or ``{"type": "pass"}``), checked by the rules, then the
    computers' turns. Returns the game as the player sees it, with ``new_events``:
    everything this request made happen, in order."""
    now = service_now(now)
    with transaction.atomic():
        game, seats, seat = _locked(game_id, player_id)
        if version is not None and version != len(game.log):
            raise ClassicStale()
        match, before = _act(game, seats, seat, action, now)
    return classic_game_view(game=game, seats=seats, match=match, seat=seat, events_from=before)


def classic_game_play(
    *, game_id: UUID, player_id: int, action: dict[str, Any], now: datetime | None = None
) -> ClassicPlayed:
    """``classic_game_act`` for a room that shapes the game itself (live tables): the
    same checks and writes, answered with the match and the new events instead of a
    seat's view, so the caller need not replay the log again."""
    now = service_now(now)
    # Inside the table's transaction, which nothing resumes after a refusal: no
    # savepoint (two statements of a move's eleven).
    with transaction.atomic(savepoint=False):
        game, seats, seat = _locked(game_id, player_id, at_table=True)
        match, before = _act(game, seats, seat, action, now)
    return ClassicPlayed(game=game, match=match, new_events=_events_json(match, before))


def _act(
    game: ClassicGame,
    seats: list[ClassicSeat],
    seat: int,
    action: dict[str, Any],
    now: datetime,
) -> tuple[engine.ClassicMatch, int]:
    """The action checked and applied to the game rebuilt from its log, the computers'
    turns, the row saved; the match and how many events it had before."""
    match = match_of(game, seats)
    if match.current_player != seat:
        raise ClassicNotYourTurn()
    before = len(match.events)
    entry = {**action, "seat": seat}
    try:
        engine.classic_action_apply(match, entry)
    except engine.ClassicError as error:
        raise ClassicRefused(error.code) from None
    except ValueError:
        raise ClassicRefused("malformed") from None
    game.log = [*game.log, entry, *_computers_play(game, seats, match)]
    _save(game, seats, match, now)
    return match, before


def _events_json(match: engine.ClassicMatch, since: int) -> list[dict[str, Any]]:
    return [event.to_json() for event in match.events[since:]]


def classic_game_resign(
    *, game_id: UUID, player_id: int, now: datetime | None = None
) -> dict[str, Any]:
    """The player gives the game up: it ends, lost for them, whoever's turn it was."""
    now = service_now(now)
    with transaction.atomic():
        game, seats, seat = _locked(game_id, player_id)
        match = _resign(game, seats, now)
    return classic_game_view(game=game, seats=seats, match=match, seat=seat)


def classic_game_leave(
    *, game_id: UUID, player_id: int, now: datetime | None = None
) -> ClassicPlayed:
    """``classic_game_resign`` for a room that shapes the game itself (live tables)."""
    now = service_now(now)
    with transaction.atomic():
        game, seats, _ = _locked(game_id, player_id, at_table=True)
        match = _resign(game, seats, now)
    return ClassicPlayed(game=game, match=match, new_events=[])


def _resign(game: ClassicGame, seats: list[ClassicSeat], now: datetime) -> engine.ClassicMatch:
    match = match_of(game, seats)
    game.status = ClassicGame.Status.RESIGNED
    game.finished_at = now
    game.updated_at = now
    game.turn = None
    game.save(update_fields=["status", "finished_at", "updated_at", "turn"])
    best = _best_rounds(match)
    for each in seats:
        each.score = match.scores[each.seat]
        each.best_round = best[each.seat]
        each.won = None if each.strength else False
    ClassicSeat.objects.bulk_update(seats, ["score", "best_round", "won"])
    return match


# Every move's lock, and a live table's seats: compiled once (docs/performance.md). The
# table's seats come without their players: its answer names them from its own seats.
_GAME_LOCKED = CompiledQuery(
    lambda game_id: ClassicGame.objects.select_for_update().filter(pk=game_id),
    game_id=UUID("00000000-0000-4000-8000-0000c1a55ec0"),
)
_SEATS = CompiledQuery(
    lambda game_id: ClassicSeat.objects.filter(game_id=game_id).order_by("seat"),
    game_id=UUID("00000000-0000-4000-8000-0000c1a55ec1"),
)


def _locked(
    game_id: UUID, player_id: int, *, at_table: bool = False
) -> tuple[ClassicGame, list[ClassicSeat], int]:
    """The game locked, its seats and the player's. A live table's game is played
    through its table only (``at_table``): its events are numbered, pushed and timed
    there, so the classic API does not know it."""
    game = _GAME_LOCKED.first(ClassicGame, game_id=game_id)
    if game is None:
        raise ClassicGameNotFound()
    if not at_table and LiveTable.objects.filter(game_id=game_id).exists():
        raise ClassicGameNotFound()
    if at_table:
        seats = _SEATS.all(ClassicSeat, game_id=game_id)
    else:
        seats = list(game.seats.select_related("player").order_by("seat"))
    seat = next((each.seat for each in seats if each.player_id == player_id), None)
    if seat is None:
        raise ClassicGameNotFound()
    if game.status != ClassicGame.Status.PLAYING:
        raise ClassicGameOver()
    return game, seats, seat


def _computers_play(
    game: ClassicGame, seats: list[ClassicSeat], match: engine.ClassicMatch
) -> list[dict[str, object]]:
    computers = {each.seat: each.strength for each in seats if each.strength}
    return [*engine.classic_computers_play(match, computers=computers, seed=game.seed)]


def _best_rounds(match: engine.ClassicMatch) -> list[int | None]:
    """Each seat's most points in one finished round (None before any round ended)."""
    best: list[int | None] = [None] * match.players
    points = [0] * match.players
    for event in match.events:
        if isinstance(event, engine.ClassicPointsEvent) and event.player is not None:
            points[event.player] += event.points
        if isinstance(event, engine.ClassicRoundEnded):
            best = [p if b is None else max(b, p) for b, p in zip(best, points, strict=True)]
            points = [0] * match.players
    return best


def _save(
    game: ClassicGame, seats: list[ClassicSeat], match: engine.ClassicMatch, now: datetime
) -> None:
    game.turn = match.current_player
    game.scores = list(match.scores)
    game.round = match.round
    game.updated_at = now
    if match.is_over:
        game.status = ClassicGame.Status.FINISHED
        game.finished_at = now
        best = _best_rounds(match)
        for each in seats:
            each.score = match.scores[each.seat]
            each.won = each.seat in match.winners
            each.best_round = best[each.seat]
        ClassicSeat.objects.bulk_update(seats, ["score", "won", "best_round"])
        # A win against the computers is a silver coin on the player's page.
        player_records_changed(player_ids=[s.player_id for s in seats if s.won and s.player_id])
    game.save()


def classic_seat_hand_over(
    *, game_id: UUID, seat: int, strength: str, now: datetime | None = None
) -> ClassicPlayed:
    """The person at ``seat`` left: a computer of ``strength`` takes the seat, and the
    computers play until a person is to move (or the game ends)."""
    if strength not in engine.CLASSIC_STRENGTHS:
        raise ValueError(f"no strength {strength!r}")
    now = service_now(now)
    with transaction.atomic():
        game = ClassicGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise ClassicGameNotFound()
        if game.status != ClassicGame.Status.PLAYING:
            raise ClassicGameOver()
        seats = list(game.seats.select_related("player").order_by("seat"))
        seats[seat].player = None
        seats[seat].strength = strength
        seats[seat].save(update_fields=["player", "strength"])
        match = match_of(game, seats)
        before = len(match.events)
        game.log = [*game.log, *_computers_play(game, seats, match)]
        _save(game, seats, match, now)
    return ClassicPlayed(game=game, match=match, new_events=_events_json(match, before))
