"""The social JSON API: a player's record (streaks, calendar, best ranks), following,
the following board of a challenge, the day and week boards, and a run's standing with
its share card. Views parse the request, call the domain, and render."""

from __future__ import annotations

from datetime import UTC, datetime, time, tzinfo
from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.urls import reverse
from django.utils.dateparse import parse_date
from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated, NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import social_serializers as s
from challenges.api.common import ERRORS, challenge_or_404, player_of
from challenges.boards.selectors import (
    PERIODS,
    followed_ids,
    follower_count,
    following_board,
    following_count,
    is_following,
    period_board,
    player_history,
)
from challenges.parsing import time_zone
from challenges.players.selectors import (
    ShareCard,
    player_calendar,
    player_streaks,
    players_only,
    run_end_read,
)
from challenges.players.services import follow_add, follow_remove
from config.throttling import AtomicScopedRateThrottle

TZ = OpenApiParameter(
    "tz", OpenApiTypes.STR, description="An IANA time zone for days and weeks (default UTC)."
)
BEST_RANKS = 5


def zone_of(request: Request) -> tzinfo:
    """The time zone the request names (``?tz=``), else UTC."""
    return time_zone(request.query_params.get("tz")) or UTC


def player_or_404(username: str) -> User:
    player = players_only().filter(username=username).first()
    if player is None:
        raise NotFound(gettext("There is no player %(name)r.") % {"name": username})
    return player


def player_record(player: User, viewer: User | AnonymousUser, tz: tzinfo) -> dict[str, Any]:
    """A player's record as PlayerRecordSerializer reads it (the player page shows the same)."""
    rows = player_history(player_id=player.pk)
    own = viewer.is_authenticated and viewer.pk == player.pk
    best = sorted(rows, key=lambda row: (row.rank, -row.score, row.number))[:BEST_RANKS]
    return {
        "username": player.get_username(),
        "joined": player.date_joined,
        "time_zone": str(tz),
        "played": len(rows),
        "streaks": player_streaks(player_id=player.pk, tz=tz, own=own),
        "calendar": player_calendar(player_id=player.pk, tz=tz, own=own),
        "best_ranks": best,
        "followers": follower_count(player_id=player.pk),
        "following": following_count(player_id=player.pk),
        "followed_by_you": is_following(follower_id=viewer.pk, followed_id=player.pk),
    }


class PlayerRecordView(APIView):
    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's record: streaks, calendar, best ranks, followers",
        parameters=[TZ],
        responses={200: s.PlayerRecordSerializer, 404: ERRORS},
    )
    def get(self, request: Request, username: str) -> Response:
        player = player_or_404(username)
        record = player_record(player, request.user, zone_of(request))
        return Response(s.PlayerRecordSerializer(record).data)


class FollowView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "follow"

    def _answer(self, request: Request, player: User, code: int) -> Response:
        data = {
            "player": player.get_username(),
            "followed_by_you": is_following(follower_id=request.user.pk, followed_id=player.pk),
            "followers": follower_count(player_id=player.pk),
        }
        return Response(s.FollowSerializer(data).data, status=code)

    @extend_schema(
        operation_id="players_follow",
        summary="Follow a player",
        description="Their entries then show on your following boards. Following twice "
        "changes nothing.",
        request=None,
        responses={
            200: s.FollowSerializer,
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
            429: ERRORS,
        },
    )
    def post(self, request: Request, username: str) -> Response:
        player = player_or_404(username)
        follow_add(follower_id=player_of(request).pk, followed_id=player.pk)
        return self._answer(request, player, status.HTTP_200_OK)

    @extend_schema(
        operation_id="players_unfollow",
        summary="Stop following a player",
        request=None,
        responses={200: s.FollowSerializer, 403: ERRORS, 404: ERRORS, 429: ERRORS},
    )
    def delete(self, request: Request, username: str) -> Response:
        player = player_or_404(username)
        follow_remove(follower_id=player_of(request).pk, followed_id=player.pk)
        return self._answer(request, player, status.HTTP_200_OK)


class FollowingBoardView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="challenges_leaderboard_following",
        summary="A challenge's board among the players you follow, and you",
        responses={200: s.FollowingBoardSerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = challenge_or_404(challenge_id)
        board = following_board(challenge=challenge, player_id=player_of(request).pk)
        return Response(s.FollowingBoardSerializer(board).data)


class PeriodBoardView(APIView):
    @extend_schema(
        operation_id="boards_period",
        summary="A period's board: the day's, the week's or the month's challenges added up",
        description="`following=1`: only the players you follow, and you. `at` (a date, "
        "YYYY-MM-DD, UTC): the period holding that day, for the boards of the past.",
        parameters=[
            OpenApiParameter("period", OpenApiTypes.STR, OpenApiParameter.PATH, enum=list(PERIODS)),
            OpenApiParameter("following", OpenApiTypes.BOOL),
            OpenApiParameter("at", OpenApiTypes.DATE),
        ],
        responses={200: s.PeriodBoardSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, period: str) -> Response:
        if period not in PERIODS:
            raise NotFound(
                gettext("The boards are %(periods)s.")
                % {
                    "periods": get_text_list(
                        [f"'{name}'" for name in PERIODS], pgettext("the last of a list", "and")
                    )
                }
            )
        at = _day_asked(request.query_params.get("at"))
        only = None
        if _flag_asked(request.query_params.get("following"), name="following"):
            viewer = player_of_or_403(request)
            only = followed_ids(player_id=viewer.pk) | {viewer.pk}
        board = period_board(period=period, at=at, only=only)
        return Response(s.PeriodBoardSerializer(board).data)


def _flag_asked(raw: str | None, *, name: str) -> bool:
    """A yes-or-no query parameter: 1/true or 0/false (absent: no)."""
    if raw is None or raw in ("0", "false"):
        return False
    if raw in ("1", "true"):
        return True
    raise ValidationError({name: [gettext("Say 1 or 0 (true or false).")]}, code="invalid")


def _day_asked(raw: str | None) -> datetime | None:
    """Noon (UTC) of the day ``raw`` names (YYYY-MM-DD); None when none is asked."""
    if raw is None:
        return None
    try:
        day = parse_date(raw) if len(raw) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValidationError(
            {"at": [gettext("A date is YYYY-MM-DD, for example 2026-11-26.")]}, code="invalid"
        )
    return datetime.combine(day, time(12), tzinfo=UTC)


def player_of_or_403(request: Request) -> User:
    if not request.user.is_authenticated:
        raise NotAuthenticated(gettext("Log in to see the players you follow."))
    return player_of(request)


def share_links(request: Request, card: ShareCard) -> dict[str, str]:
    url = request.build_absolute_uri(reverse("challenges:share", args=[card.run_id]))
    image = request.build_absolute_uri(reverse("challenges:share-image", args=[card.run_id]))
    return {"text": card.text(url), "url": url, "image": image}


class RunStandingView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="runs_standing",
        summary="Your finished run against your bests, its place, your runs, its share card",
        parameters=[TZ],
        responses={200: s.RunStandingSerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, run_id: UUID) -> Response:
        end = run_end_read(run_id=run_id, player_id=player_of(request).pk, tz=zone_of(request))
        if end is None:
            raise NotFound(gettext("Only a finished, valid run has a standing."))
        data = {
            "standing": end.standing,
            "par_percent": end.card.par_percent,
            "runs": end.runs,
            "share": share_links(request, end.card),
        }
        return Response(s.RunStandingSerializer(data).data)
