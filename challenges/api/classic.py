"""The classic game's API (docs/classic.md): start a game against 1-3 computers, read
it, and take the turn's action (place a tile, draw, pass) or resign; a player's record
and a game's replay. Guests play too (their games go to the account they sign up with).

The server is the authority: an action is checked by the rules, then the computers
play their turns, and the answer carries everything that happened (``new_events``).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import classic_serializers as cs
from challenges.api.common import ERRORS, player_of
from challenges.api.guests import WITH_GUESTS
from challenges.classic import selectors, services
from config.throttling import AtomicScopedRateThrottle

_TURN_ERRORS: dict[int | str, Any] = {
    400: OpenApiResponse(ERRORS, description="The body is not an action (invalid)."),
    403: ERRORS,
    404: OpenApiResponse(ERRORS, description="You have no classic game with this id."),
    409: OpenApiResponse(
        ERRORS,
        description="The game is over (game_over), it is not your turn (not_your_turn), "
        "or the game has moved on since `version` (stale_game).",
    ),
    422: OpenApiResponse(
        ERRORS,
        description="The rules refuse it; `code` says which rule: corner_mismatch, "
        "not_adjacent, cell_occupied, first_not_at_origin, wrong_opening, "
        "tile_not_in_hand, draw_limit, well_empty, pass_not_allowed, opening_required.",
    ),
    429: ERRORS,
}


class _ClassicView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]


class ClassicStartView(_ClassicView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_start"

    @extend_schema(
        operation_id="classic_start",
        summary="Start a classic game against 1-3 computers",
        description="You sit at seat 0; the computers play their turns (one of them may "
        "open the round) before the answer.",
        request=cs.ClassicStartSerializer,
        responses={
            201: cs.ClassicGameSerializer,
            400: ERRORS,
            403: ERRORS,
            409: OpenApiResponse(
                ERRORS,
                description="You have as many unfinished games as a player keeps "
                "(too_many_open_games), or the guests made on your network have as many "
                "as they may together (too_many_guest_games).",
            ),
            429: ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        body = cs.ClassicStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.classic_game_start(
            player_ids=[player_of(request).pk],
            computers=body.validated_data["computers"],
            strength=body.validated_data["strength"],
            rounds=selectors.classic_rounds(body.validated_data["length"]),
        )
        return Response(cs.ClassicGameSerializer(game).data, status=status.HTTP_201_CREATED)


class ClassicGameView(_ClassicView):
    @extend_schema(
        operation_id="classic_retrieve",
        summary="A classic game as your seat sees it (a reload resumes from it)",
        responses={200: cs.ClassicGameSerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, game_id: UUID) -> Response:
        game = selectors.classic_game_state(game_id=game_id, player_id=player_of(request).pk)
        return Response(cs.ClassicGameSerializer(game).data)


class _TurnView(_ClassicView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_turn"
    action_type = ""

    def post(self, request: Request, game_id: UUID) -> Response:
        body = self.body_serializer(data=request.data)
        body.is_valid(raise_exception=True)
        action = {key: value for key, value in body.validated_data.items() if key != "version"}
        game = services.classic_game_act(
            game_id=game_id,
            player_id=player_of(request).pk,
            action={"type": self.action_type, **action},
            version=body.validated_data.get("version"),
        )
        return Response(cs.ClassicGameSerializer(game).data)

    body_serializer: type[cs.ClassicVersionSerializer] = cs.ClassicVersionSerializer


class ClassicMoveView(_TurnView):
    action_type = "place"
    body_serializer = cs.ClassicMoveSerializer

    @extend_schema(
        operation_id="classic_move",
        summary="Place a tile from your hand",
        request=cs.ClassicMoveSerializer,
        responses={200: cs.ClassicGameSerializer, **_TURN_ERRORS},
    )
    def post(self, request: Request, game_id: UUID) -> Response:
        return super().post(request, game_id)


class ClassicDrawView(_TurnView):
    action_type = "draw"

    @extend_schema(
        operation_id="classic_draw",
        summary="Draw a tile from the well (-5; at most 3 a turn)",
        request=cs.ClassicVersionSerializer,
        responses={200: cs.ClassicGameSerializer, **_TURN_ERRORS},
    )
    def post(self, request: Request, game_id: UUID) -> Response:
        return super().post(request, game_id)


class ClassicPassView(_TurnView):
    action_type = "pass"

    @extend_schema(
        operation_id="classic_pass",
        summary="Pass (-10): after three draws, or with the well empty",
        request=cs.ClassicVersionSerializer,
        responses={200: cs.ClassicGameSerializer, **_TURN_ERRORS},
    )
    def post(self, request: Request, game_id: UUID) -> Response:
        return super().post(request, game_id)


class ClassicResignView(_ClassicView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_turn"

    @extend_schema(
        operation_id="classic_resign",
        summary="Give the game up (a loss)",
        request=None,
        responses={
            200: cs.ClassicGameSerializer,
            403: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="The game is over (game_over)."),
            429: ERRORS,
        },
    )
    def post(self, request: Request, game_id: UUID) -> Response:
        game = services.classic_game_resign(game_id=game_id, player_id=player_of(request).pk)
        return Response(cs.ClassicGameSerializer(game).data)


class ClassicReplayView(_ClassicView):
    @extend_schema(
        operation_id="classic_replay",
        summary="Every event of one of your games (every hand, once it is over)",
        responses={200: cs.ClassicReplaySerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, game_id: UUID) -> Response:
        replay = selectors.classic_game_replay(game_id=game_id, player_id=player_of(request).pk)
        return Response(cs.ClassicReplaySerializer(replay).data)


class ClassicRecordView(_ClassicView):
    @extend_schema(
        operation_id="classic_record",
        summary="Your classic record: games, wins by strength, best round, latest games",
        responses={200: cs.ClassicRecordSerializer, 403: ERRORS},
    )
    def get(self, request: Request) -> Response:
        record = selectors.classic_record(player_id=player_of(request).pk)
        return Response(cs.ClassicRecordSerializer(record).data)
