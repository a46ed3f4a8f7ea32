"""A small challenge and the moves of its log as JSON, for the replay's tests."""

from __future__ import annotations

from typing import Any

from triominos import TILE_IDS, ReplayResult, replay_challenge

TRAY = ["0-0-0", "0-1-2", "1-1-1", "1-2-5", "2-2-2", "2-3-4", "3-4-4", "3-4-5", "5-5-5"]
WELL = [tile_id for tile_id in TILE_IDS if tile_id not in TRAY]  # "0-0-1" comes first

Move = dict[str, Any]


def place(t: int, tile: str, cell: list[int], rotation: int) -> Move:
    return {"t": t, "type": "place", "tile": tile, "cell": cell, "rotation": rotation}


def draw(t: int) -> Move:
    return {"t": t, "type": "draw"}


OPENING = [place(1830, "3-4-5", [0, 0], 0), place(4210, "3-4-4", [0, 1], 2)]  # 12 + 11


def replay(moves: list[Any], *, max_t: int | None = None) -> ReplayResult:
    return replay_challenge(tray=TRAY, well=WELL, log={"moves": moves}, max_t=max_t)


def assert_error(result: ReplayResult, move: int | None, code: str) -> None:
    assert not result.valid
    assert result.error is not None
    assert (result.error.move, result.error.code) == (move, code), result.error.detail
    assert result.error.detail
    if move is not None:
        assert len(result.moves) == move
    assert result.score == sum(outcome.points for outcome in result.moves)
