"""A classic game's log: its actions as JSON, and the game rebuilt from them.

A game is its settings (players, seed, rounds) and the actions taken, in order, each
with the seat that took it::

    {"seat": 0, "type": "place", "tile": "4-4-5", "cell": [0, 1], "rotation": 2}
    {"seat": 1, "type": "draw"}
    {"seat": 1, "type": "pass"}

Replaying the log through :class:`ClassicGame` gives the same game, whoever (a person
or a computer) took the actions: the deal comes from the seed, a draw takes the well's
next tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from triominos.classic.actions import ClassicAction, ClassicError, Draw, Pass
from triominos.classic.game import ClassicGame
from triominos.geometry import Cell, coords_packable
from triominos.moves import Placement
from triominos.ruleset import DEFAULT_RULESET, Ruleset
from triominos.tiles import tile_parse

__all__ = ["action_json", "action_parse", "classic_replay", "placement_from_json"]


def action_json(seat: int, action: ClassicAction) -> dict[str, object]:
    """``action`` taken by ``seat``, as a log entry."""
    if isinstance(action, Draw):
        return {"seat": seat, "type": "draw"}
    if isinstance(action, Pass):
        return {"seat": seat, "type": "pass"}
    return {"seat": seat, "type": "place", **action.to_json()}


def action_parse(raw: object) -> tuple[int, ClassicAction]:
    """A log entry as (seat, action); ValueError when it is not one."""
    if not isinstance(raw, dict):
        raise ValueError("an action is a JSON object")
    seat = raw.get("seat")
    if type(seat) is not int or seat < 0:
        raise ValueError("an action's seat is a whole number from 0")
    kind = raw.get("type")
    if kind == "draw":
        return seat, Draw()
    if kind == "pass":
        return seat, Pass()
    if kind != "place":
        raise ValueError("an action's type is place, draw or pass")
    return seat, placement_from_json(raw)


def placement_from_json(raw: dict[str, object]) -> Placement:
    """``{"tile": "a-b-c", "cell": [row, col], "rotation": r}`` as a Placement;
    ValueError when it is not one (legality is the game's to check)."""
    tile_id, cell, rotation = raw.get("tile"), raw.get("cell"), raw.get("rotation")
    if not isinstance(tile_id, str):
        raise ValueError("a placement's tile is a tile id such as 4-4-5")
    tile = tile_parse(tile_id)
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(type(number) is int for number in cell)
        or not coords_packable(cell[0], cell[1])
    ):
        raise ValueError("a placement's cell is [row, col], two whole numbers")
    if type(rotation) is not int or rotation not in (0, 1, 2):
        raise ValueError("a placement's rotation is 0, 1 or 2")
    return Placement(tile, Cell(cell[0], cell[1]), rotation)


def classic_replay(
    *,
    players: int,
    seed: int | str,
    rounds: int | None,
    log: Sequence[object],
    ruleset: Ruleset = DEFAULT_RULESET,
) -> ClassicGame:
    """The game the log's actions make under ``ruleset``; ValueError for a malformed
    entry, :class:`ClassicError` (with the entry's index in ``detail``) for a refused one."""
    game = ClassicGame(players, seed=seed, rounds=rounds, ruleset=ruleset)
    for index, raw in enumerate(log):
        seat, action = action_parse(raw)
        try:
            game.apply(action, player=seat)
        except ClassicError as error:
            raise ClassicError(error.code, f"action {index}: {error.detail}") from None
    return game
