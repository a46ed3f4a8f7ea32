"""Reads of the classic room: a game as one seat sees it, the seat's current game, a
player's record and a finished game's replay.

A seat sees its own hand and only the sizes of the others; the tiles the others drew
stay hidden until the game is over (the replay shows every hand).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import Count, Max, Q

from challenges import engine
from challenges.classic.errors import ClassicGameNotFound
from challenges.models import ClassicGame, ClassicSeat
from challenges.players.guests import GUEST_NAME_PREFIX

HISTORY_LENGTH = 50
"""How many of a player's latest games the record lists."""


def classic_length(rounds: int | None) -> str:
    return "one_round" if rounds == 1 else "to_400"


def classic_rounds(length: str) -> int | None:
    return 1 if length == "one_round" else None


def game_for_player(*, game_id: UUID, player_id: int) -> tuple[ClassicGame, list[ClassicSeat], int]:
    """The game, its seats and the player's seat; ClassicGameNotFound when the player
    has no seat at it."""
    game = ClassicGame.objects.filter(pk=game_id).first()
    if game is None:
        raise ClassicGameNotFound()
    seats = list(game.seats.select_related("player").order_by("seat"))
    mine = next((seat.seat for seat in seats if seat.player_id == player_id), None)
    if mine is None:
        raise ClassicGameNotFound()
    return game, seats, mine


def match_of(game: ClassicGame, seats: list[ClassicSeat]) -> engine.ClassicMatch:
    return engine.classic_match_replay(
        players=len(seats),
        seed=game.seed,
        rounds=game.rounds,
        log=list(game.log),
        rules_version=game.rules_version,
    )


def event_seen(event: dict[str, Any], seat: int, *, reveal: bool) -> dict[str, Any]:
    """``event`` as ``seat`` may see it: at a round's start only its own hand (and every
    hand's size), and the tiles the round may open with only when the seat opens (a
    holder of the highest triple and 0-0-0 keeps one of them); another seat's draw
    without the tile. ``reveal`` shows everything."""
    if reveal:
        return event
    if event["event"] == "round_started":
        hands = event["hands"]
        seen = {key: value for key, value in event.items() if key != "hands"}
        if event["opener"] != seat:
            seen["opening_tiles"] = []
        return {**seen, "hand": hands[seat], "hand_sizes": [len(hand) for hand in hands]}
    if event["event"] == "drew" and event["player"] != seat:
        return {**event, "tile": None}
    return event


def _seat_json(seat: ClassicSeat, match: engine.ClassicMatch) -> dict[str, Any]:
    name = None
    if seat.player is not None and not seat.player.username.startswith(GUEST_NAME_PREFIX):
        name = seat.player.username
    return {
        "seat": seat.seat,
        "kind": "computer" if seat.strength else "person",
        "strength": seat.strength or None,
        "name": name,
        "hand_size": len(match.hand(seat.seat)),
        "score": match.scores[seat.seat],
    }


def classic_game_view(
    *,
    game: ClassicGame,
    seats: list[ClassicSeat],
    match: engine.ClassicMatch,
    seat: int,
    events_from: int | None = None,
) -> dict[str, Any]:
    """The game as ``seat`` sees it; with ``events_from``, also the events since that
    many (what the last request made happen, for the page to show in turn)."""
    events = [event.to_json() for event in match.events]
    round_start = max(i for i, event in enumerate(events) if event["event"] == "round_started")
    playing = game.status == ClassicGame.Status.PLAYING
    to_move = match.current_player == seat and playing
    # Only the opener learns what it may open with: the other choice stays in its hand.
    opening_mine = match.is_opening and match.opener == seat
    state: dict[str, Any] = {
        "id": game.id,
        "status": game.status,
        "length": classic_length(game.rounds),
        "strength": game.strength,
        "version": len(game.log),
        "you": seat,
        "seats": [_seat_json(each, match) for each in seats],
        "round": match.round,
        "turn": match.current_player if playing else None,
        "hand": [tile.id for tile in match.hand(seat)],
        "board": [placement.to_json() for placement in match.board.placements],
        "well_size": match.well_size,
        "draws_this_turn": match.draws_this_turn,
        "can_draw": to_move and match.can_draw(),
        "can_pass": to_move and match.can_pass(),
        "opening_tiles": [tile.id for tile in match.opening_tiles] if opening_mine else [],
        "scores": list(match.scores),
        "winners": list(match.winners),
        "target": engine.RULESET.target_score,
        "max_draws": engine.RULESET.max_draws_per_turn,
        "round_events": [event_seen(e, seat, reveal=False) for e in events[round_start:]],
    }
    if events_from is not None:
        state["new_events"] = [event_seen(e, seat, reveal=False) for e in events[events_from:]]
    return state


def classic_game_state(*, game_id: UUID, player_id: int) -> dict[str, Any]:
    """The game as the player's seat sees it (ClassicGameNotFound if they have none)."""
    game, seats, seat = game_for_player(game_id=game_id, player_id=player_id)
    return classic_game_view(game=game, seats=seats, match=match_of(game, seats), seat=seat)


def classic_game_current(*, player_id: int) -> UUID | None:
    """The player's latest game still being played: the one a reload resumes (not a
    live table's: that one is played at its table)."""
    seat = (
        ClassicSeat.objects.filter(
            player_id=player_id, game__status=ClassicGame.Status.PLAYING, game__table__isnull=True
        )
        .order_by("-game__created_at")
        .values_list("game_id", flat=True)
        .first()
    )
    return seat


def classic_record(*, player_id: int) -> dict[str, Any]:
    """The player's classic record: games played to the end (or resigned), wins, wins by
    the computers' strength, the best round, and the latest games."""
    done = ClassicSeat.objects.filter(player_id=player_id).exclude(
        game__status=ClassicGame.Status.PLAYING
    )
    totals = done.aggregate(
        games=Count("id"), wins=Count("id", filter=Q(won=True)), best_round=Max("best_round")
    )
    by_strength = {strength: {"games": 0, "wins": 0} for strength in engine.CLASSIC_STRENGTHS}
    for row in done.values("game__strength").annotate(
        games=Count("id"), wins=Count("id", filter=Q(won=True))
    ):
        by_strength[row["game__strength"]] = {"games": row["games"], "wins": row["wins"]}
    history = []
    for seat in (
        ClassicSeat.objects.filter(player_id=player_id)
        .select_related("game")
        .annotate(players=Count("game__seats"))
        .order_by("-game__created_at")[:HISTORY_LENGTH]
    ):
        game = seat.game
        history.append(
            {
                "id": game.id,
                "started_at": game.created_at,
                "finished_at": game.finished_at,
                "status": game.status,
                "length": classic_length(game.rounds),
                "strength": game.strength,
                "computers": seat.players - 1,
                "rounds": game.round,
                "score": seat.score if seat.score is not None else game.scores[seat.seat],
                "won": seat.won,
            }
        )
    return {
        "games": totals["games"],
        "wins": totals["wins"],
        "best_round": totals["best_round"],
        "by_strength": [
            {"strength": strength, **counts} for strength, counts in by_strength.items()
        ],
        "history": history,
        "current": classic_game_current(player_id=player_id),
    }


def classic_game_replay(*, game_id: UUID, player_id: int) -> dict[str, Any]:
    """Every event of the player's game, every hand shown once the game is over (while
    it is played, as their seat sees it)."""
    game, seats, seat = game_for_player(game_id=game_id, player_id=player_id)
    match = match_of(game, seats)
    reveal = game.status != ClassicGame.Status.PLAYING
    return {
        "id": game.id,
        "status": game.status,
        "length": classic_length(game.rounds),
        "strength": game.strength,
        "you": seat,
        "seats": [_seat_json(each, match) for each in seats],
        "scores": list(match.scores),
        "winners": list(match.winners),
        "events": [event_seen(e.to_json(), seat, reveal=reveal) for e in match.events],
    }


def classic_game_replay_or_none(*, game_id: UUID, player_id: int) -> dict[str, Any] | None:
    """The replay of the player's game, or None when they have no such game."""
    try:
        return classic_game_replay(game_id=game_id, player_id=player_id)
    except ClassicGameNotFound:
        return None
