"""The JSON API of API.md about challenges and their boards (runs: ``runs.py``).

Views parse input, call one service or selector, and render."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import hot_reads
from challenges.api import serializers as s
from challenges.api.common import (
    ERRORS,
    HISTORY_PAGE_SIZE,
    LEADERBOARD_PAGE_SIZE,
    LEADERBOARD_PAGE_SIZE_MAX,
    PAGE,
    challenge_or_404,
    positive_int,
    url_with,
)
from challenges.api.data import (
    ChallengeData,
    LeaderboardPageData,
    challenge_data,
    leaderboard_page_data,
    player_rank_data,
)
from challenges.boards.selectors import (
    challenge_history,
    entry_get,
    leaderboard_histogram,
    leaderboard_page,
    leaderboard_rank,
)
from challenges.boards.services import leaderboard_cached
from challenges.models import Challenge
from challenges.schedule.services import (
    challenge_current_ensure,
    challenge_par_request,
    challenges_par_request,
)


def _challenge_data(challenge: Challenge) -> ChallengeData:
    # A challenge without its par yet: ask for it (off this request; "par" is null now).
    challenge_par_request(challenge=challenge)
    return challenge_data(challenge, now=timezone.now())


class ChallengeCurrentView(APIView):
    @extend_schema(
        operation_id="challenges_current",
        summary="The challenge open now",
        description="Made on the spot if the scheduler has not made it yet.",
        responses={200: s.ChallengeSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(hot_reads.challenge_current_data())


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
        challenge_current_ensure()
        page = challenge_history(
            player_id=request.user.pk, page=positive_int(request, "page", 1), size=HISTORY_PAGE_SIZE
        )
        challenges_par_request(challenges=[row.challenge for row in page.rows])
        data = s.HistoryPageSerializer(page).data
        data["next"] = url_with(request, page=page.page + 1) if page.has_next else None
        data["previous"] = url_with(request, page=page.page - 1) if page.has_previous else None
        return Response(data)


class ChallengeDetailView(APIView):
    @extend_schema(
        operation_id="challenges_retrieve",
        summary="One challenge",
        description="Its tray and well are revealed once it has closed.",
        responses={200: s.ChallengeSerializer, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> HttpResponse:
        challenge = challenge_or_404(challenge_id)
        response = Response(_challenge_data(challenge))
        if challenge.results_out(timezone.now()):
            # Its tray, well, entries and par are settled; only a par solved late or a
            # moderator's decision still changes them (the ETag names the board's
            # version and the par).
            return hot_reads.board_freshness(
                request._request, response, challenge=challenge, name=f"challenge:{challenge.par}"
            )
        response["Cache-Control"] = hot_reads.OPEN_CACHE_CONTROL
        return response


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
            OpenApiParameter(
                "size",
                {"type": "integer", "minimum": 1, "maximum": LEADERBOARD_PAGE_SIZE_MAX},
                description="Rows a page.",
            ),
        ],
        responses={200: s.LeaderboardPageSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(
        self, request: Request, challenge_id: int, missed: Challenge | None = None
    ) -> HttpResponse:
        # ``missed``: the challenge the plain path read already, finding its page
        # missing (hot_reads.board_front); otherwise it is read here.
        challenge = missed or challenge_or_404(challenge_id)
        size = positive_int(request, "size", LEADERBOARD_PAGE_SIZE, LEADERBOARD_PAGE_SIZE_MAX)
        page = positive_int(request, "page", 1)
        cursor = request.query_params.get("cursor") or None
        # The answer as sent, kept under the board's version (a submit makes it stale at
        # once) and all it depends on: the query and the host its links name. A read of
        # a cached page is then one row read and one cache read, no rendering.
        name = hot_reads.board_page_name(request._request)
        body = leaderboard_cached(
            challenge,
            name,
            lambda: self.renderer_classes[0]().render(
                self._page_data(request, challenge, page=page, cursor=cursor, size=size)
            ),
            missed=missed is not None,
        )
        response = HttpResponse(body, content_type="application/json")
        return hot_reads.board_freshness(request._request, response, challenge=challenge, name=name)

    @staticmethod
    def _page_data(
        request: Request, challenge: Challenge, *, page: int, cursor: str | None, size: int
    ) -> LeaderboardPageData:
        # Not cached as a page too: its bytes are, under the same version.
        board = leaderboard_page(
            challenge=challenge, page=page, cursor=cursor, size=size, cached=False
        )

        def link(cursor: str | None) -> str | None:
            return url_with(request, keep=hot_reads.BOARD_QUERY, cursor=cursor) if cursor else None

        return leaderboard_page_data(
            board, next_url=link(board.next_cursor), previous_url=link(board.previous_cursor)
        )


class LeaderboardMeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="leaderboard_me",
        summary="The logged-in player's entry and rank",
        responses={200: s.PlayerRankSerializer, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = challenge_or_404(challenge_id)
        standing = leaderboard_rank(
            challenge=challenge, player=request.user, size=LEADERBOARD_PAGE_SIZE
        )
        if standing is None:
            entry = entry_get(challenge=challenge, player=request.user)
            if entry is not None and entry.is_voided:
                # The moderator's reason is their own words: a field of its own, never
                # glued into our sentence.
                return Response(
                    {
                        "detail": gettext("Your entry for challenge #%(number)s was voided.")
                        % {"number": challenge.number},
                        "code": "entry_voided",
                        "void_reason": entry.void_reason,
                    },
                    status=status.HTTP_404_NOT_FOUND,
                )
            raise NotFound(
                gettext("You have no entry for challenge #%(number)s.")
                % {"number": challenge.number}
            )
        return Response(player_rank_data(standing))


class HistogramView(APIView):
    @extend_schema(
        operation_id="leaderboard_histogram",
        summary="The distribution of a challenge's scores",
        parameters=[
            OpenApiParameter(
                "bins",
                {"type": "integer", "minimum": 1, "maximum": 50},
                description="Bins, default 20.",
            )
        ],
        responses={200: s.HistogramSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = challenge_or_404(challenge_id)
        histogram = leaderboard_histogram(
            challenge=challenge, bins=positive_int(request, "bins", 20, 50), player=request.user
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


# The URLs' views: the plain reads of a cached board page and of the current challenge
# are answered before DRF (hot_reads.py), everything else by the DRF views above.
leaderboard_read = hot_reads.board_front(LeaderboardView.as_view())
challenge_current_read = hot_reads.current_front(ChallengeCurrentView.as_view())
