"""Playing at live tables in tests: seats taking simple turns through the API or the
services, and what a payload may hold (tile ids) for the leak checks."""

from __future__ import annotations

import re
from typing import Any

from rest_framework.test import APIClient

from challenges.classic.selectors import match_of
from challenges.models import ClassicGame, LiveTable

TILE_ID = re.compile(r"^\d-\d-\d$")


def table_match(table_id: str) -> Any:
    table = LiveTable.objects.get(pk=table_id)
    game = ClassicGame.objects.get(pk=table.game_id)
    return match_of(game, list(game.seats.order_by("seat")))


def simple_action(match: Any) -> dict[str, Any]:
    """The first placement that fits, else a draw, else a pass."""
    placements = match.legal_placements()
    if placements:
        placement = placements[0]
        return {
            "type": "place",
            "tile": placement.tile.id,
            "cell": [placement.cell.row, placement.cell.col],
            "rotation": placement.rotation,
        }
    return {"type": "draw"} if match.can_draw() else {"type": "pass"}


def api_turn(clients: dict[int, APIClient], table_id: str) -> dict[str, Any]:
    """The seat to move takes a simple turn through the API with the table's ``seq``."""
    match = table_match(table_id)
    seat = match.current_player
    client = clients[seat]
    state = client.get(f"/api/tables/{table_id}/").json()
    action = simple_action(match)
    kind = action.pop("type")
    path = {"place": "move", "draw": "draw", "pass": "pass"}[kind]
    response = client.post(
        f"/api/tables/{table_id}/{path}/", {**action, "seq": state["seq"]}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def tile_ids(payload: Any) -> set[str]:
    """Every tile id anywhere in a payload."""
    found: set[str] = set()
    if isinstance(payload, str):
        if TILE_ID.match(payload):
            found.add(payload)
    elif isinstance(payload, dict):
        for value in payload.values():
            found |= tile_ids(value)
    elif isinstance(payload, list | tuple):
        for value in payload:
            found |= tile_ids(value)
    return found
