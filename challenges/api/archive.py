"""The archive's API: where an archive run's score would have ranked on its day's board.

The log is replayed by the engine and the rank worked out from the board; nothing is
stored (challenges/schedule/archive.py), so an archive run is never ranked and touches
no streak or record.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import run_serializers as rs
from challenges.api.common import ERRORS
from challenges.api.runs import json_body
from challenges.boards.selectors import leaderboard_would_rank
from challenges.fault_words import rejection_json, rejection_reason
from challenges.play import selectors as runs
from config.throttling import AtomicScopedRateThrottle


class ArchiveLogSerializer(serializers.Serializer[Any]):
    """The whole run log of RULES.md, as played on the archive's page."""

    moves = rs.MovesField()


class ArchiveRankSerializer(serializers.Serializer[Any]):
    challenge = serializers.IntegerField()
    valid = serializers.BooleanField()
    score = serializers.IntegerField(help_text="The engine's score of the log.")
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="The competition rank the score would have had among the live entries.",
    )
    count = serializers.IntegerField(help_text="The live entries of the board.")


class ArchiveRankView(APIView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "archive_rank"

    @extend_schema(
        operation_id="archive_rank",
        summary="Where an archive run would have ranked",
        description="Replays a run log played on a challenge whose results are out and "
        "answers the rank its score would have had on that board. Nothing is stored: an "
        "archive run is never ranked.",
        request=ArchiveLogSerializer,
        responses={
            200: ArchiveRankSerializer,
            400: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="results_not_out"),
            413: ERRORS,
            422: OpenApiResponse(ERRORS, description="A move broke a rule (its code)."),
            429: ERRORS,
        },
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        # No body is no log (json_body's words for it are about a run's moves).
        has_body = request.META.get("CONTENT_LENGTH") not in (None, "", "0")
        log = json_body(request) if has_body else None
        if not isinstance(log, dict) or not isinstance(log.get("moves"), list):
            raise ValidationError({"moves": [gettext("is required: the run log's moves.")]})
        challenge = runs.archive_challenge(challenge_id=challenge_id, now=timezone.now())
        replay = runs.archive_replay(challenge=challenge, log={"moves": log["moves"]})
        if replay.error is not None:
            fault = rejection_json(replay.error.to_json())
            reason = rejection_reason(replay.error.code)
            detail = (
                gettext("Run rejected: %(reason)s.") % {"reason": reason}
                if replay.error.move is None
                else gettext("Run rejected at move %(move)s: %(reason)s.")
                % {"move": replay.error.move + 1, "reason": reason}
            )
            body = {"valid": False, "score": replay.score, "error": fault}
            return Response(
                {**body, "detail": detail, "code": replay.error.code},
                status=status.HTTP_422_UNPROCESSABLE_ENTITY,
            )
        standing = leaderboard_would_rank(challenge=challenge, score=replay.score)
        data = {
            "challenge": challenge.pk,
            "valid": True,
            "score": replay.score,
            "rank": standing.rank if standing.count else None,
            "count": standing.count,
        }
        return Response(data)
