"""The JSON API of API.md about runs: start, moves while playing, finish, submit, read;
and the analysis of a run, and a report of a submitted run's entry.

Views parse input, call one service or selector, and render.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.conf import settings
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ParseError, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import run_serializers as rs
from challenges.api import serializers as s
from challenges.api.common import (
    ERRORS,
    LEADERBOARD_PAGE_SIZE,
    iso,
    player_of,
)
from challenges.api.data import (
    entry_submitted_data,
    moves_received_data,
    run_finished_data,
    run_started_data,
)
from challenges.api.errors import PayloadTooLarge
from challenges.api.guests import WITH_GUESTS
from challenges.boards.selectors import ScoreField, leaderboard_field, leaderboard_rank
from challenges.engine import RULESET
from challenges.fault_words import rejection_reason
from challenges.models import Entry, Run
from challenges.moderation.services import entry_report, entry_submit
from challenges.parsing import json_number_text, json_whole_number
from challenges.play import selectors as runs
from challenges.play.outcomes import ChallengeStanding, RunPlayed
from challenges.play.services import run_clock_start, run_finish, run_moves_add, run_start
from config.client_address import client_network
from config.throttling import AtomicScopedRateThrottle


class RunStartView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "run_start"

    @extend_schema(
        operation_id="runs_start",
        summary="Start a run on an open challenge",
        description="The server's clock starts the run; send its moves while it is played "
        "and finish it within `time_limit_ms` plus `grace_ms`.",
        request=rs.RunStartSerializer,
        responses={
            201: rs.RunStartedSerializer,
            403: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="The challenge is not open."),
            429: OpenApiResponse(
                ERRORS, description="Too many starts a minute, or runs of this challenge."
            ),
        },
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        player_id = player_of(request).pk
        if not -(2**63) <= challenge_id < 2**63:  # no row holds it; the SQL would refuse it
            raise NotFound(gettext("There is no challenge #%(id)s.") % {"id": challenge_id})
        run = run_start(
            player_id=player_id,
            challenge_id=challenge_id,
            hard=_hard_mode(request),
            network=client_network(request._request),
        )
        ghosts = runs.run_ghosts(
            challenge=run.challenge, player_id=player_id, now=run.started_at, started=run
        )
        return Response(run_started_data(run, ghosts=ghosts), status=status.HTTP_201_CREATED)


def _hard_mode(request: Request) -> bool:
    """A start's optional ``{"hard": true}``: the run is played in hard mode. A start
    with no JSON body (none, or a form's) plays the ordinary way, as starts always did."""
    if not _content_length(request) or not request.content_type.startswith("application/json"):
        return False
    body = json_body(request)
    hard = body.get("hard", False) if isinstance(body, dict) else None
    if not isinstance(hard, bool):
        raise ValidationError({"hard": [gettext("must be true or false.")]})
    return hard


class RunClockView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "run_start"

    @extend_schema(
        operation_id="runs_clock",
        summary="Start a dealt run's clock, at the player's first touch",
        description="The run's start becomes now: the deal is shown before the clock runs. "
        "Only for a run that holds no move yet, of an open challenge.",
        request=None,
        responses={
            200: rs.RunClockSerializer,
            404: ERRORS,
            409: OpenApiResponse(
                ERRORS,
                description="The clock runs already (clock_running), the run is finished, "
                "or the challenge has closed.",
            ),
            429: ERRORS,
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        run = run_clock_start(run_id=run_id, player_id=player_of(request).pk)
        data = {
            "id": str(run.id),
            "status": run.status,
            "started_at": iso(run.started_at),
            "deadline": iso(run.deadline),
            "finish_by": iso(run.finish_by),
        }
        return Response(data)


def json_body(request: Request) -> object:
    """The request's JSON, refused before reading when it is too large or absent."""
    limit: int = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    length = _content_length(request)
    if length > limit:
        raise PayloadTooLarge(
            gettext(
                "This request is %(length)s bytes; a run log is at most %(limit)s bytes (no "
                "legal run has more than %(moves)s moves)."
            )
            % {"length": length, "limit": limit, "moves": RULESET.run_moves_max}
        )
    if length == 0:
        # Django reads no body without a Content-Length (a chunked upload arrives
        # empty): refuse it, and keep the run open for the real log.
        raise ParseError(
            gettext(
                "The request has no body: send the moves as JSON with a Content-Length "
                "(chunked bodies are not read). The run is still open."
            )
        )
    try:
        return request.data
    except RecursionError as too_deep:
        raise ParseError(gettext("JSON parse error - the JSON nests too deeply.")) from too_deep


def _content_length(request: Request) -> int:
    raw = str(request.META.get("CONTENT_LENGTH") or "")
    return int(raw) if raw.isascii() and raw.isdigit() else 0


def _start_index(body: dict[str, Any], *, required: bool) -> int:
    """The ``from`` of a batch: the index of its first move."""
    if "from" not in body:
        if required:
            raise ValidationError(
                {"from": [gettext("is required: the index of the first move sent.")]}
            )
        return 0
    raw = body["from"]
    start = json_whole_number(raw)
    if start is not None and start >= 0:
        # A number beyond the moves the server holds is a gap: the service says so (409).
        return start
    shown = json_number_text(raw)
    if shown is None:
        problem = gettext("must be a whole number from 0 up, not text, a list or an object.")
    else:
        problem = gettext("must be a whole number from 0 up, not %(value)s.") % {"value": shown}
    raise ValidationError({"from": [problem]})


class RunMovesView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "run_moves"

    @extend_schema(
        operation_id="runs_moves",
        summary="Send a run's moves while it is played",
        description="The moves of the run log from index `from` on. The server stamps "
        "their arrival and replays them after those it holds. Sending a batch again is "
        "harmless.",
        request=rs.RunBatchSerializer,
        responses={
            200: rs.MovesReceivedSerializer,
            400: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(
                rs.MovesConflictSerializer,
                description="A gap or a changed move (code moves_conflict, with the count "
                "held), or a run already finished or too late.",
            ),
            413: ERRORS,
            415: ERRORS,
            422: OpenApiResponse(
                rs.RunFinishedSerializer, description="A move broke a rule; run rejected."
            ),
            429: ERRORS,
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        body = json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("moves"), list):
            raise ValidationError(
                {
                    "moves": [
                        gettext("send an object with 'from' and a list 'moves' of the run log.")
                    ]
                }
            )
        start = _start_index(body, required=True)
        # The service reads and locks the run, and refuses one that is not this player's.
        played = run_moves_add(
            run_id=run_id, player_id=player_of(request).pk, start=start, moves=body["moves"]
        )
        if played.run.status == Run.Status.REJECTED:
            return _rejected_response(played)
        return Response(moves_received_data(played))


class RunFinishView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="runs_finish",
        summary="Finish a run: the server replays the rest of its log",
        description="The whole log, or `from` and the moves after those already sent. "
        "The answer says whether the run is valid and whether it is eligible.",
        request=rs.RunLogSerializer,
        responses={
            200: rs.RunFinishedSerializer,
            400: OpenApiResponse(
                ERRORS,
                description="No body or a bad `from` (the run stays open); or not a log at "
                "all (code bad_log): the run is rejected, and the answer also has the fields "
                "of a finished run.",
            ),
            404: ERRORS,
            409: OpenApiResponse(
                ERRORS, description="Already finished, too late, or not the held moves."
            ),
            413: ERRORS,
            415: ERRORS,
            422: OpenApiResponse(rs.RunFinishedSerializer, description="A move broke a rule."),
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        log = json_body(request)
        start = 0
        if isinstance(log, dict) and "from" in log:
            start = _start_index(log, required=False)
            log = {"moves": log.get("moves")}
        played = run_finish(run_id=run_id, player_id=player_of(request).pk, log=log, start=start)
        if played.run.status == Run.Status.FINISHED:
            return Response(run_finished_data(played, standing=_standing(played)))
        return _rejected_response(played)


def _standing(played: RunPlayed) -> ChallengeStanding:
    """The player's standing: a finish read it with the run; a batch did not."""
    if played.standing is not None:
        return played.standing
    run = played.run
    return runs.challenge_standing(
        run_id=run.pk, challenge_id=run.challenge_id, player_id=run.player_id
    )


def _rejected_response(played: RunPlayed) -> Response:
    data = run_finished_data(played, standing=_standing(played))
    fault = played.run.rejection
    assert fault is not None, "a rejected run keeps its reason"
    # The stored reason is the engine's English (a record); the answer says it from
    # its code, in the reader's language.
    reason = rejection_reason(fault.code)
    if fault.move is not None:
        detail = gettext("Run rejected at move %(move)s: %(reason)s.") % {
            "move": fault.move + 1,
            "reason": reason,
        }
    else:
        detail = gettext("Run rejected: %(reason)s.") % {"reason": reason}
    data["detail"] = detail.strip()
    data["code"] = fault.code
    bad_log = fault.code == "bad_log"
    return Response(data, status=400 if bad_log else status.HTTP_422_UNPROCESSABLE_ENTITY)


class RunSubmitView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="runs_submit",
        summary="Make a finished, valid, eligible run the player's entry",
        description="The entry is live, or held for review (with reasons).",
        request=None,
        responses={
            201: s.EntrySubmittedSerializer,
            400: OpenApiResponse(
                ERRORS,
                description="Not finished and valid (run_not_valid), or not eligible "
                "(not_witnessed, too_fast).",
            ),
            403: OpenApiResponse(
                ERRORS,
                description="A guest's run (sign_up_to_submit): sign up or log in first, "
                "and the run is the account's.",
            ),
            404: ERRORS,
            409: OpenApiResponse(ERRORS, description="Already submitted, or entries closed."),
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        entry = entry_submit(run_id=run_id, player_id=player_of(request).pk)
        entry.player = player_of(request)  # at hand: the answer names them, no query
        standing = leaderboard_rank(
            challenge=entry.challenge,
            player=request.user,
            size=LEADERBOARD_PAGE_SIZE,
            entry=entry,
            just_submitted=True,
        )
        assert standing is not None
        return Response(entry_submitted_data(standing), status=status.HTTP_201_CREATED)


class RunDetailView(APIView):
    authentication_classes = WITH_GUESTS

    @extend_schema(
        operation_id="runs_retrieve",
        summary="A run, with its log and per-move results",
        description="The owner sees their run at any time; anyone sees a submitted run "
        "from its challenge's `results_at` on.",
        responses={200: rs.RunDetailSerializer, 404: ERRORS},
    )
    def get(self, request: Request, run_id: UUID) -> Response:
        seen = runs.run_seen(run_id=run_id, viewer=request.user)
        if seen is None:
            raise NotFound(gettext("No run with this id is visible to you."))
        return Response(rs.RunDetailSerializer(seen.run).data)


class RunAnalysisView(APIView):
    authentication_classes = WITH_GUESTS

    @extend_schema(
        operation_id="runs_analysis",
        summary="The analysis of a finished run: the move missed in every position",
        description="For every move, the best move of its position and the points it "
        "would have made; `misses` lists the moves that missed points, the biggest first. "
        "While the challenge is open, only the run's owner sees it; from `results_at` on, "
        "anyone who may see the run.",
        responses={200: rs.RunAnalysisSerializer, 404: ERRORS},
    )
    def get(self, request: Request, run_id: UUID) -> Response:
        seen = runs.run_seen(run_id=run_id, viewer=request.user, analysed=True)
        analysis = seen.analysis if seen is not None else None
        if seen is None or analysis is None:
            raise NotFound(gettext("No finished run with this id is visible to you."))
        run = seen.run
        field = leaderboard_field(
            challenge=run.challenge,
            score=run.score or 0,
            own_entry=Entry.objects.live().filter(run=run).exists(),
        )
        return Response({"run": str(run_id), **analysis, "field": _field_json(field)})


def _field_json(field: ScoreField | None) -> dict[str, object] | None:
    if field is None:
        return None
    return {"entries": field.entries, "median": field.median, "better_than": field.better_than}


class RunReportView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "entry_report"

    @extend_schema(
        operation_id="runs_report",
        summary="Report the entry of a submitted run to the moderators",
        description="Once the challenge's results are out, a player may report another "
        "player's entry, once, with a reason. The entry joins the review queue; it stays "
        "on the board until a moderator decides.",
        request=s.ReportRequestSerializer,
        responses={
            201: s.ReportSerializer,
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: OpenApiResponse(
                ERRORS,
                description="Already reported by you (already_reported), or not reportable: "
                "results not out, your own entry, or not on the board (not_reportable).",
            ),
            429: ERRORS,
        },
    )
    def post(self, request: Request, run_id: UUID) -> Response:
        form = s.ReportRequestSerializer(data=json_body(request))
        form.is_valid(raise_exception=True)
        report = entry_report(
            run_id=run_id,
            reporter_id=player_of(request).pk,
            reason=form.validated_data["reason"],
            detail=form.validated_data.get("detail", ""),
        )
        return Response(s.ReportSerializer(report).data, status=status.HTTP_201_CREATED)
