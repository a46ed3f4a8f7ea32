"""The live tables' API (API.md "Live tables", docs/tables.md): make, find and join
tables, the rated pool, a table as the caller's seat sees it, its events after a
number, and a seat's actions (place, draw, pass, resign, claim, react).

Guests play at friendly tables too; a caller with no seat is a spectator. Every read
by a seat counts as its presence (a seat unseen on its turn shows as away).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api import table_serializers as ts
from challenges.api.common import ERRORS, player_of
from challenges.api.guests import WITH_GUESTS
from challenges.classic.selectors import classic_rounds
from challenges.tables import selectors, services
from config.throttling import AtomicScopedRateThrottle

TABLE = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description="The table as your seat sees it: `you` (your seat, null: a spectator), "
    "`seq` (its last event), `players` (each seat's kind, name, hand size, score, clock "
    "and whether away), `hand` (yours), `board`, `turn`, `scores`, `hands` (every hand, "
    "once it is over) and, after an action, `new_events`.",
)
_ACTION_ERRORS: dict[int | str, Any] = {
    400: ERRORS,
    403: OpenApiResponse(ERRORS, description="You have no seat at this table (not_seated)."),
    404: ERRORS,
    409: OpenApiResponse(
        ERRORS,
        description="stale_table (another action came first), not_your_turn, game_over, "
        "claim_not_allowed.",
    ),
    422: OpenApiResponse(ERRORS, description="The rules refuse it (the classic game's codes)."),
    429: ERRORS,
}


def _with_invite(request: Request, state: dict[str, Any]) -> dict[str, Any]:
    """The invitation as an address to share (only a seat is shown it)."""
    if state.get("invite"):
        page = reverse("challenges:table", kwargs={"table_id": state["id"]})
        state["invite"] = request.build_absolute_uri(f"{page}?invite={state['invite']}")
    return state


def _viewer_id(request: Request) -> int | None:
    return int(request.user.pk) if request.user.is_authenticated else None


class _TableView(APIView):
    authentication_classes = WITH_GUESTS
    permission_classes = [IsAuthenticated]


class TableCreateView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "table_make"

    @extend_schema(
        operation_id="table_create",
        summary="Make a friendly table of 2-4 seats (computers after the people)",
        request=ts.TableCreateSerializer,
        responses={
            201: TABLE,
            400: OpenApiResponse(
                ERRORS,
                description="invalid (fewer computers than seats), or invitee_not_followed.",
            ),
            403: ERRORS,
            409: OpenApiResponse(ERRORS, description="too_many_tables."),
            429: ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        body = ts.TableCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        state = services.table_create(
            player_id=player_of(request).pk,
            seats=data["seats"],
            computers=data["computers"],
            strength=data["strength"],
            rounds=classic_rounds(data["length"]),
            pace=data["pace"],
            listed=data["listed"],
            invitee=data.get("invite") or None,
        )
        return Response(_with_invite(request, state), status=status.HTTP_201_CREATED)


class TableLobbyView(_TableView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tables_open",
        summary="The lobby: tables waiting for players, your invitations, your tables",
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request) -> Response:
        return Response(selectors.tables_open(player_id=_viewer_id(request)))


class TableDetailView(_TableView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="table_retrieve",
        summary="A table as your seat sees it (a spectator sees no hand until the end)",
        responses={200: TABLE, 404: ERRORS},
    )
    def get(self, request: Request, table_id: UUID) -> Response:
        viewer = _viewer_id(request)
        state = selectors.table_state(table_id=table_id, player_id=viewer)
        if state["claimable"] is not None and state["seats"] >= 3:
            # A seat out of time at three or four: a computer takes it now.
            services.table_timeouts_settle(table_id=table_id)
            state = selectors.table_state(table_id=table_id, player_id=viewer)
        # Presence counts only on the seat's turn (a seat waiting is never away).
        if state["you"] is not None and state["you"] == state["turn"] and viewer is not None:
            services.table_seen(table_id=table_id, player_id=viewer)
        return Response(_with_invite(request, state))


class TableEventsView(_TableView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="table_events",
        summary="Every event after number `after`, in order, as your seat sees it",
        parameters=[
            OpenApiParameter(
                "after",
                {"type": "integer", "minimum": 0, "maximum": ts.SEQ_MAX},
                description="The last event you have.",
            )
        ],
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, table_id: UUID) -> Response:
        query = ts.EventsAfterSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        viewer = _viewer_id(request)
        events = selectors.table_events_after(
            table_id=table_id, player_id=viewer, after=query.validated_data["after"]
        )
        if viewer is not None:
            services.table_seen(table_id=table_id, player_id=viewer)
        return Response({"events": events})


class TableJoinView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "table_make"

    @extend_schema(
        operation_id="table_join",
        summary="Take a free seat (with the invitation, at a table not in the lobby)",
        request=ts.TableJoinSerializer,
        responses={200: TABLE, 400: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS, 429: ERRORS},
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = ts.TableJoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        state = services.table_join(
            table_id=table_id,
            player_id=player_of(request).pk,
            invite=body.validated_data.get("invite"),
        )
        return Response(_with_invite(request, state))


class _ActionView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_turn"
    action_type = ""
    body_serializer: type[ts.TableSeqSerializer] = ts.TableSeqSerializer

    def post(self, request: Request, table_id: UUID) -> Response:
        body = self.body_serializer(data=request.data)
        body.is_valid(raise_exception=True)
        action = {key: value for key, value in body.validated_data.items() if key != "seq"}
        state = services.table_act(
            table_id=table_id,
            player_id=player_of(request).pk,
            action={"type": self.action_type, **action},
            seq=body.validated_data.get("seq"),
        )
        return Response(_with_invite(request, state))


_Post = Callable[..., Response]


def _action_schema(
    operation: str, summary: str, request: type[serializers.Serializer[Any]]
) -> Callable[[_Post], _Post]:
    return extend_schema(
        operation_id=operation,
        summary=summary,
        request=request,
        responses={200: TABLE, **_ACTION_ERRORS},
    )


class TableMoveView(_ActionView):
    action_type = "place"
    body_serializer = ts.TableMoveSerializer

    @_action_schema("table_move", "Place a tile from your hand", ts.TableMoveSerializer)
    def post(self, request: Request, table_id: UUID) -> Response:
        return super().post(request, table_id)


class TableDrawView(_ActionView):
    action_type = "draw"

    @_action_schema("table_draw", "Draw a tile from the well", ts.TableSeqSerializer)
    def post(self, request: Request, table_id: UUID) -> Response:
        return super().post(request, table_id)


class TablePassView(_ActionView):
    action_type = "pass"

    @_action_schema("table_pass", "Pass", ts.TableSeqSerializer)
    def post(self, request: Request, table_id: UUID) -> Response:
        return super().post(request, table_id)


class TableResignView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_turn"

    @_action_schema("table_resign", "Leave the table (a loss)", ts.TableSeqSerializer)
    def post(self, request: Request, table_id: UUID) -> Response:
        state = services.table_resign(table_id=table_id, player_id=player_of(request).pk)
        return Response(_with_invite(request, state))


class TableClaimView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "classic_turn"

    @_action_schema(
        "table_claim",
        "Claim against the player to move, away too long or out of time",
        ts.TableSeqSerializer,
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        state = services.table_claim(table_id=table_id, player_id=player_of(request).pk)
        return Response(_with_invite(request, state))


class TableReactView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "table_react"

    @extend_schema(
        operation_id="table_react",
        summary="Show the table one of the reactions",
        request=ts.TableReactSerializer,
        responses={204: None, 400: ERRORS, 403: ERRORS, 404: ERRORS, 429: ERRORS},
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = ts.TableReactSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.table_react(
            table_id=table_id,
            player_id=player_of(request).pk,
            reaction=body.validated_data["reaction"],
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PairingView(_TableView):
    throttle_classes = [AtomicScopedRateThrottle]
    throttle_scope = "table_make"

    def get_throttles(self) -> list[Any]:
        # Reading whether one was seated is a poll; joining and leaving are throttled.
        return [] if self.request.method == "GET" else super().get_throttles()

    @extend_schema(
        operation_id="pairing_status",
        summary="Whether you wait in the rated pool, and the table you were seated at",
        responses={200: OpenApiTypes.OBJECT, 403: ERRORS},
    )
    def get(self, request: Request) -> Response:
        services.pairing_wave_due()
        return Response(selectors.pairing_status(player_id=player_of(request).pk))

    @extend_schema(
        operation_id="pairing_join",
        summary="Wait in the rated pool for a table of 2-4 people",
        request=ts.PairingSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 403: ERRORS, 409: ERRORS, 429: ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = ts.PairingSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        answer = services.pairing_join(
            player_id=player_of(request).pk,
            seats=body.validated_data["seats"],
            rounds=classic_rounds(body.validated_data["length"]),
        )
        return Response(answer)

    @extend_schema(
        operation_id="pairing_leave",
        summary="Leave the rated pool",
        responses={204: None, 403: ERRORS, 429: ERRORS},
    )
    def delete(self, request: Request) -> Response:
        services.pairing_leave(player_id=player_of(request).pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TablesRecordView(_TableView):
    @extend_schema(
        operation_id="tables_record",
        summary="Your record against people: results, rating and its history, coins",
        responses={200: OpenApiTypes.OBJECT, 403: ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response(selectors.tables_record(player_id=player_of(request).pk))
