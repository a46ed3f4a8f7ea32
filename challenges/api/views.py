"""The JSON API of API.md. Views parse input, call one service or selector, and render."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from django.contrib.auth.models import User
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ParseError, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges import history, leaderboards, runs, services
from challenges.api import serializers as s
from challenges.api.errors import PayloadTooLarge
from challenges.game import RULESET
from challenges.models import Challenge, Run
from challenges.parsing import whole_number
from config.api_errors import ErrorSerializer
from config.throttling import AtomicScopedRateThrottle

# A legal log of 103 moves is under 10 kB; anything far larger is not a run.
RUN_LOG_MAX_BYTES = 64 * 1024
LEADERBOARD_PAGE_SIZE = 50
LEADERBOARD_PAGE_SIZE_MAX = 100
HISTORY_PAGE_SIZE = 30

ERRORS = ErrorSerializer
PAGE = OpenApiParameter("page", OpenApiTypes.INT, description="1-based page number.")


def _positive_int(request: Request, name: str, default: int, maximum: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    value = whole_number(raw)
    if value is None or value < 1:
        raise ValidationError({name: [f"must be a whole number from 1 up, not {raw[:20]!r}."]})
    if maximum is not None and value > maximum:
        raise ValidationError({name: [f"must be at most {maximum}."]})
    return value


def _url_with(request: Request, **params: object) -> str:
    query = request.query_params.copy()
    for key in ("page", "cursor"):
        query.pop(key, None)
    for key, value in params.items():
        query[key] = str(value)
    return request.build_absolute_uri(f"{request.path}?{urlencode(sorted(query.items()))}")


def _challenge_or_404(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None:
        raise NotFound(f"There is no challenge #{challenge_id}.")
    return challenge


def _player(request: Request) -> User:
    """The logged-in player (views using this require authentication)."""
    assert isinstance(request.user, User)
    return request.user


def _own_run_or_404(request: Request, run_id: UUID) -> Run:
    run = Run.objects.select_related("challenge").filter(pk=run_id, player=_player(request)).first()
    if run is None:
        raise NotFound("You have no run with this id.")
    return run


def _challenge_data(challenges: list[Challenge]) -> list[dict[str, Any]]:
    context = {
        "now": timezone.now(),
        "stats": {c.pk: leaderboards.challenge_stats(challenge=c) for c in challenges},
    }
    return list(s.ChallengeSerializer(challenges, many=True, context=context).data)


class ChallengeCurrentView(APIView):
    @extend_schema(
        operation_id="challenges_current",
        summary="The challenge open now",
        description="Made on the spot if the scheduler has not made it yet.",
        responses={200: s.ChallengeSerializer},
    )
    def get(self, request: Request) -> Response:
        challenge = services.challenge_current_ensure()
        return Response(_challenge_data([challenge])[0])


class ChallengeListView(APIView):
    @extend_schema(
        operation_id="challenges_list",
        summary="Past and current challenges, newest first",
        description="Each with its entries and top score, and for a logged-in player their "
        "own score and rank.",
        parameters=[PAGE],
        responses={200: s.HistoryPageSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request) -> Response:
        services.challenge_current_ensure()
        page = history.challenge_history(
            player=request.user, page=_positive_int(request, "page", 1), size=HISTORY_PAGE_SIZE
        )
        data = s.HistoryPageSerializer(page).data
        data["next"] = _url_with(request, page=page.page + 1) if page.has_next else None
        data["previous"] = _url_with(request, page=page.page - 1) if page.has_previous else None
        return Response(data)


class ChallengeDetailView(APIView):
    @extend_schema(
        operation_id="challenges_retrieve",
        summary="One challenge",
        description="Its tray and well are revealed once it has closed.",
        responses={200: s.ChallengeSerializer, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        return Response(_challenge_data([_challenge_or_404(challenge_id)])[0])


class RunStartView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "run_start"

    @extend_schema(
        operation_id="runs_start",
        summary="Start a run on an open challenge",
        description="The server's clock starts the run; finish it within `time_limit_ms` "
        "plus `grace_ms`.",
        request=None,
        responses={
            201: s.RunStartedSerializer,
            403: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="The challenge is not open."),
            429: ERRORS,
        },
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        challenge = _challenge_or_404(challenge_id)
        run = services.run_start(player=_player(request), challenge=challenge)
        data = s.RunStartedSerializer(run).data
        return Response(data, status=status.HTTP_201_CREATED)


class RunFinishView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="runs_finish",
        summary="Finish a run: the server replays its log",
        request=s.RunLogSerializer,
        responses={
            200: s.RunFinishedSerializer,
            400: OpenApiResponse(
                s.RunFinishedSerializer, description="Not a log (code bad_log); run rejected."
            ),
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="Already finished, or too late."),
            413: ERRORS,
            415: ERRORS,
            422: OpenApiResponse(s.RunFinishedSerializer, description="A move broke a rule."),
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        run = _own_run_or_404(request, run_id)
        length = whole_number(request.META.get("CONTENT_LENGTH")) or 0
        if length > RUN_LOG_MAX_BYTES:
            raise PayloadTooLarge(
                f"This run log is {length} bytes; a run log is at most "
                f"{RUN_LOG_MAX_BYTES} bytes (no legal run has more than "
                f"{RULESET.run_moves_max} moves)."
            )
        if length == 0:
            # Django reads no body without a Content-Length (a chunked upload arrives
            # empty): refuse it, and keep the run open for the real log.
            raise ParseError(
                "The request has no body: send the run log as JSON with a Content-Length "
                "(chunked bodies are not read). The run is still open."
            )
        try:
            log = request.data
        except RecursionError as too_deep:
            raise ParseError("JSON parse error - the JSON nests too deeply.") from too_deep
        run = services.run_finish(run=run, log=log)
        data = _finished_data(run, _player(request))
        if run.status == Run.Status.FINISHED:
            return Response(data)
        error = run.error or {}
        where = f"Move {error['move']}: " if error.get("move") is not None else ""
        reason = str(error.get("detail", ""))
        data["detail"] = f"Run rejected. {where}{reason[:1].upper()}{reason[1:]}".strip()
        data["code"] = error.get("code")
        bad_log = error.get("code") == "bad_log"
        return Response(data, status=400 if bad_log else status.HTTP_422_UNPROCESSABLE_ENTITY)


def _finished_data(run: Run, player: User) -> dict[str, Any]:
    """The finish answer (shape: ``RunFinishedSerializer``), built directly: it is hot."""
    entry = leaderboards.entry_get(challenge=run.challenge, player=player)
    return {
        "id": str(run.id),
        "status": run.status,
        "valid": run.status == Run.Status.FINISHED,
        "score": run.score or 0,
        "moves": run.move_results,
        "error": run.error,
        "best_score": runs.run_best_score(challenge=run.challenge, player=player),
        "submitted": entry is not None,
    }


def _iso(moment: datetime) -> str:
    """A UTC time as DRF writes it (``...Z``)."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


class RunSubmitView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="runs_submit",
        summary="Make a finished valid run the player's entry",
        request=None,
        responses={
            201: s.EntrySubmittedSerializer,
            400: OpenApiResponse(ERRORS, description="The run is not finished and valid."),
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="Already submitted, or entries closed."),
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        run = _own_run_or_404(request, run_id)
        entry = services.entry_submit(run=run)
        standing = leaderboards.leaderboard_rank(
            challenge=run.challenge, player=request.user, size=LEADERBOARD_PAGE_SIZE
        )
        assert standing is not None
        data = s.EntrySubmittedSerializer(
            {
                "entry": entry,
                "score": entry.score,
                "rank": standing.rank,
                "percentile": standing.percentile,
                "count": standing.count,
                "page": standing.page,
            }
        ).data
        return Response(data, status=status.HTTP_201_CREATED)


class RunDetailView(APIView):
    @extend_schema(
        operation_id="runs_retrieve",
        summary="A run, with its log and per-move results",
        description="The owner sees their run; anyone sees a submitted run once its "
        "challenge has closed.",
        responses={200: s.RunDetailSerializer, 404: ERRORS},
    )
    def get(self, request: Request, run_id: UUID) -> Response:
        run = Run.objects.select_related("challenge", "player").filter(pk=run_id).first()
        if run is None or not runs.run_visible(run=run, viewer=request.user):
            raise NotFound("No run with this id is visible to you.")
        return Response(s.RunDetailSerializer(run).data)


class LeaderboardView(APIView):
    @extend_schema(
        operation_id="leaderboard_page",
        summary="A challenge's leaderboard",
        description="Highest score first; equal scores share a rank (1, 2, 2, 4) and are "
        "listed by earlier submission. Page by `page`, or follow `next_cursor`/"
        "`previous_cursor` with `cursor`.",
        parameters=[
            PAGE,
            OpenApiParameter("cursor", OpenApiTypes.STR, description="From a previous page."),
            OpenApiParameter("size", OpenApiTypes.INT, description="Rows a page, 1-100."),
        ],
        responses={200: s.LeaderboardPageSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = _challenge_or_404(challenge_id)
        size = _positive_int(request, "size", LEADERBOARD_PAGE_SIZE, LEADERBOARD_PAGE_SIZE_MAX)
        cursor = request.query_params.get("cursor") or None
        page = leaderboards.leaderboard_page(
            challenge=challenge, page=_positive_int(request, "page", 1), cursor=cursor, size=size
        )
        # Plain dicts, not the serializer (which documents the shape): this is the
        # hottest read of the site and DRF fields cost more than the cached lookup.
        data = {
            "challenge": page.challenge_id,
            "count": page.count,
            "page": page.page,
            "num_pages": page.num_pages,
            "next": _url_with(request, cursor=page.next_cursor) if page.next_cursor else None,
            "previous": _url_with(request, cursor=page.previous_cursor)
            if page.previous_cursor
            else None,
            "next_cursor": page.next_cursor,
            "previous_cursor": page.previous_cursor,
            "results": [
                {
                    "rank": row.rank,
                    "player": row.player,
                    "score": row.score,
                    "submitted_at": _iso(row.submitted_at),
                    "run": str(row.run_id),
                }
                for row in page.results
            ],
        }
        return Response(data)


class LeaderboardMeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="leaderboard_me",
        summary="The logged-in player's entry and rank",
        responses={200: s.PlayerRankSerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = _challenge_or_404(challenge_id)
        standing = leaderboards.leaderboard_rank(
            challenge=challenge, player=request.user, size=LEADERBOARD_PAGE_SIZE
        )
        if standing is None:
            entry = leaderboards.entry_get(challenge=challenge, player=request.user)
            if entry is not None and entry.is_voided:
                raise NotFound(
                    f"Your entry for challenge #{challenge.number} was voided: {entry.void_reason}"
                )
            raise NotFound(f"You have no entry for challenge #{challenge.number}.")
        return Response(s.PlayerRankSerializer(standing).data)


class HistogramView(APIView):
    @extend_schema(
        operation_id="leaderboard_histogram",
        summary="The distribution of a challenge's scores",
        parameters=[OpenApiParameter("bins", OpenApiTypes.INT, description="1-50, default 20.")],
        responses={200: s.HistogramSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = _challenge_or_404(challenge_id)
        histogram = leaderboards.leaderboard_histogram(
            challenge=challenge, bins=_positive_int(request, "bins", 20, 50), player=request.user
        )
        return Response(
            s.HistogramSerializer(
                {
                    "challenge": challenge.pk,
                    "edges": histogram.edges,
                    "counts": histogram.counts,
                    "player_bin": histogram.player_bin,
                    "player_score": histogram.player_score,
                }
            ).data
        )
