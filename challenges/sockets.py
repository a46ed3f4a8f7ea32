"""The live tables' socket (a face): ``/ws/tables/{id}/`` tells its seat (or a
spectator) of each new event, as that seat may see it, and of reactions.

It says nothing a client could not read from ``events/?after=``: on connecting it says
the table's last event (``{"hello": {"seq": N}}``), and a client that sees a gap asks
the API. A client's ``{"type": "here"}`` every few seconds keeps its seat from showing
as away (noted only on the seat's turn, which the pushes say, and written with the
other seats heard that second: ``socket_presence``). Who is at the socket:
the session's player, else the guest's cookie.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import path

from challenges.socket_presence import seat_heard
from challenges.tables import selectors
from challenges.views.guest_cookie import guest_from_cookies

CLOSE_NO_TABLE = 4404


def _player_id(scope: dict[str, Any]) -> int | None:
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return int(user.pk)
    guest = guest_from_cookies(scope.get("cookies", {}))
    return int(guest.user_id) if guest is not None else None


class TableSocket(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        try:
            self.player_id, seat, seq, self.turn = await database_sync_to_async(self._viewer)()
        except selectors.TableNotFound:
            await self.close(code=CLOSE_NO_TABLE)
            return
        self.seat = seat
        self.view = selectors.SPECTATOR if seat is None else str(seat)
        self.group = selectors.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"hello": {"seq": seq, "you": seat}})

    async def dispatch(self, message: dict[str, Any]) -> None:
        # channels' own dispatch first closes old database connections on its one
        # database thread, so every push and ping would queue behind every socket's
        # reads. This socket's reads go through database_sync_to_async, which closes them.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)

    def _viewer(self) -> tuple[int | None, int | None, int, int | None]:
        player_id = _player_id(self.scope)
        seat, seq, turn = selectors.table_viewer(table_id=self.table_id, player_id=player_id)
        return player_id, seat, seq, turn

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        # Presence counts only on the seat's turn: the pushes say whose turn it is, so
        # the pings of the seats waiting cost no query.
        mine = self.seat is not None and self.turn in (self.seat, selectors.TURN_UNKNOWN)
        if isinstance(content, dict) and content.get("type") == "here" and mine:
            assert self.player_id is not None
            # Written with the other seats heard this second, never before a push.
            seat_heard(table_id=self.table_id, player_id=self.player_id)

    async def table_events(self, message: dict[str, Any]) -> None:
        self.turn = message.get("turn", selectors.TURN_UNKNOWN)
        events = message["events"]
        shown = message.get("table")
        for event in events:
            sent = {"seq": event["seq"], "event": event["views"][self.view]}
            if shown is not None and event is events[-1]:
                # The table as the last event leaves it: a seat shown another's move
                # needs no read.
                sent["table"] = shown
            await self.send_json(sent)

    async def table_reaction(self, message: dict[str, Any]) -> None:
        await self.send_json({"reaction": message["reaction"]})


websocket_urlpatterns = [path("ws/tables/<uuid:table_id>/", TableSocket.as_asgi())]
