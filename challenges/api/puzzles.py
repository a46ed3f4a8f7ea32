"""The puzzles' API (docs/puzzles.md): the series, one puzzle, the puzzle of the day,
and saving a solved one. A player or a guest (its cookie) saves progress; the server
checks the pieces with the engine, so stars cannot be forged. No leaderboard."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api.common import ERRORS
from challenges.api.guests import WITH_GUESTS
from challenges.engine import PUZZLE_GRADES, TILE_IDS
from challenges.puzzles import selectors, services
from config.throttling import AtomicScopedRateThrottle


def _player_id(request: Request) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def _player(request: Request) -> int:
    """The player or guest saving (the view's permission made sure there is one)."""
    player_id = _player_id(request)
    assert player_id is not None
    return player_id


class PuzzleSummarySerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(allow_null=True)
    size = serializers.IntegerField(help_text="Cells of the shape, tiles of the tray.")
    difficulty = serializers.ChoiceField(
        source="grade",
        choices=list(PUZZLE_GRADES),
        help_text="The puzzle's grade, by what makes it hard for a person: its solutions, "
        "forced placements and tiles that fit elsewhere (docs/puzzles.md). The series "
        "goes from easy to hard.",
    )
    stars = serializers.IntegerField(help_text="The player's best, 0 before solving it.")
    best_ms = serializers.IntegerField(allow_null=True)
    unlocked = serializers.BooleanField()


class PuzzleSerializer(PuzzleSummarySerializer):
    day = serializers.DateField(allow_null=True)
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    tray = serializers.ListField(child=serializers.CharField(), help_text="Shuffled.")
    solutions = serializers.IntegerField(help_text="Fillings without a joker (up to 1000).")


class SeriesSerializer(serializers.Serializer[Any]):
    puzzles = PuzzleSummarySerializer(many=True)


class DailySerializer(serializers.Serializer[Any]):
    puzzle = PuzzleSerializer(source="card")
    streak = serializers.IntegerField(help_text="Days in a row the player solved it.")


_CELL = {
    "type": "array",
    "items": {"type": "integer"},
    "minItems": 2,
    "maxItems": 2,
    "description": "[row, col]",
}


# A piece's exact shape (docs/puzzles.md): what the engine refuses as `malformed`,
# `unknown_tile` or `bad_rotation` is outside it, so a filling the schema allows is
# judged only by the puzzle's rules.
@extend_schema_field(
    {
        "type": "array",
        "items": {
            "oneOf": [
                {
                    "type": "object",
                    "title": "Tile",
                    "properties": {
                        "type": {"type": "string", "enum": ["place"]},
                        "tile": {"type": "string", "enum": list(TILE_IDS)},
                        "cell": _CELL,
                        "rotation": {"type": "integer", "minimum": 0, "maximum": 2},
                    },
                    "required": ["type", "tile", "cell", "rotation"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "title": "Joker",
                    "properties": {"type": {"type": "string", "enum": ["joker"]}, "cell": _CELL},
                    "required": ["type", "cell"],
                    "additionalProperties": False,
                },
            ]
        },
        "description": "The filling, piece by piece, checked by the engine (docs/puzzles.md).",
    }
)
class PiecesField(serializers.JSONField):
    """The pieces as sent; documentation only: the engine judges them."""


class SolveSerializer(serializers.Serializer[Any]):
    pieces = PiecesField()
    ms = serializers.IntegerField(
        min_value=0,
        help_text="The time the player's clock says. Under the puzzle's floor (its cells "
        "times the pace floor of a run's placements, 200 ms) it is refused: 422 too_fast.",
    )


class SavedSerializer(serializers.Serializer[Any]):
    stars = serializers.IntegerField(help_text="What this filling earned: 3, 2 or 1.")
    best_stars = serializers.IntegerField()
    best_ms = serializers.IntegerField()
    improved = serializers.BooleanField()
    first_time = serializers.BooleanField()


class SeriesSavedSerializer(serializers.Serializer[Any]):
    saved = SavedSerializer()
    next_number = serializers.IntegerField(allow_null=True, help_text="The puzzle it opened.")


class DailySavedSerializer(serializers.Serializer[Any]):
    saved = SavedSerializer()
    streak = serializers.IntegerField()
    share_text = serializers.CharField()


_REFUSED = OpenApiResponse(
    ERRORS,
    description="The pieces do not fill the puzzle (as a run's moves, judged by the "
    "game: 422): `code` is the rule broken "
    "(docs/puzzles.md: malformed, too_many_jokers, ..., shape_not_filled), `index` the piece; "
    "or `ms` is under the least time a person fills the puzzle in (too_fast).",
)


class _SolveView(APIView):
    """Saving a solve writes a locked row: throttled per player like the other writes."""

    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "puzzle_solve"


class PuzzleSeriesView(APIView):
    authentication_classes = WITH_GUESTS

    @extend_schema(operation_id="puzzle_series", responses={200: SeriesSerializer})
    def get(self, request: Request) -> Response:
        cards = selectors.series_map(player_id=_player_id(request))
        return Response(SeriesSerializer({"puzzles": cards}).data)


class PuzzleDetailView(APIView):
    authentication_classes = WITH_GUESTS

    @extend_schema(
        operation_id="puzzle_read",
        responses={
            200: PuzzleSerializer,
            403: OpenApiResponse(ERRORS, description="puzzle_locked"),
            404: ERRORS,
        },
    )
    def get(self, request: Request, number: int) -> Response:
        card = selectors.series_puzzle_read(number=number, player_id=_player_id(request))
        return Response(PuzzleSerializer(card).data)


class PuzzleSolveView(_SolveView):
    @extend_schema(
        operation_id="puzzle_solve",
        request=SolveSerializer,
        responses={
            200: SeriesSavedSerializer,
            400: ERRORS,
            422: _REFUSED,
            403: OpenApiResponse(ERRORS, description="puzzle_locked, or not logged in"),
            404: ERRORS,
            429: ERRORS,
        },
    )
    def post(self, request: Request, number: int) -> Response:
        body = SolveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = services.series_solve(
            player_id=_player(request),
            number=number,
            pieces=body.validated_data["pieces"],
            ms=body.validated_data["ms"],
        )
        return Response(SeriesSavedSerializer(result).data)


class PuzzleTodayView(APIView):
    authentication_classes = WITH_GUESTS

    @extend_schema(operation_id="puzzle_today", responses={200: DailySerializer})
    def get(self, request: Request) -> Response:
        return Response(DailySerializer(services.daily_card(player_id=_player_id(request))).data)


class PuzzleTodaySolveView(_SolveView):
    @extend_schema(
        operation_id="puzzle_today_solve",
        request=SolveSerializer,
        responses={
            200: DailySavedSerializer,
            400: ERRORS,
            403: ERRORS,
            422: _REFUSED,
            429: ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        body = SolveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = services.daily_solve(
            player_id=_player(request),
            pieces=body.validated_data["pieces"],
            ms=body.validated_data["ms"],
            share_url=request.build_absolute_uri(reverse("challenges:puzzle-today")),
        )
        return Response(DailySavedSerializer(result).data)
