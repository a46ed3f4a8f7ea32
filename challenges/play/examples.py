"""Fixed example runs, replayed through the engine: the pictures of the how-to-play
page and the home page's sample board when no challenge has a finished board yet.

The moves are data; what they score is not: every picture's points and bonus come
from the engine's replay (``engine.log_replay``), so a change to the rules changes the
pictures' words with them, and tests/domain/test_examples.py fails if an example no
longer shows what it is meant to (a hexagon, a bridge).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from challenges import engine

_P = "place"


def _place(tile: str, row: int, col: int, rotation: int, t: int) -> dict[str, Any]:
    return {"type": _P, "tile": tile, "cell": [row, col], "rotation": rotation, "t": t}


def _draw(t: int) -> dict[str, Any]:
    return {"type": "draw", "t": t}


# Six tiles around one point: the sixth closes a hexagon.
_HEXAGON_TRAY = ["1-5-5", "1-4-5", "1-3-4", "1-1-3", "1-1-1", "1-1-5", "0-0-2", "0-3-3", "4-4-5"]
_HEXAGON_WELL = [
    "0-1-4",
    "1-1-2",
    "1-4-4",
    "4-5-5",
    "0-0-5",
    "4-4-4",
    "0-2-5",
    "0-2-2",
    "2-2-4",
    "2-3-3",
    "1-2-5",
    "5-5-5",
    "0-4-5",
    "2-5-5",
    "2-4-5",
    "0-2-3",
    "1-1-4",
    "2-4-4",
    "0-5-5",
    "3-3-5",
    "2-3-4",
    "2-2-5",
    "0-1-5",
    "0-0-3",
    "0-4-4",
    "3-5-5",
    "1-2-4",
    "1-2-2",
    "0-3-5",
    "3-4-4",
    "0-0-0",
    "1-3-3",
    "3-3-3",
    "0-0-1",
    "3-4-5",
    "0-1-1",
    "0-2-4",
    "1-2-3",
    "3-3-4",
    "2-2-2",
    "1-3-5",
    "2-2-3",
    "0-1-2",
    "0-3-4",
    "0-0-4",
    "2-3-5",
    "0-1-3",
]
_HEXAGON_MOVES = [
    _place("1-5-5", 0, 0, 2, 0),
    _place("1-4-5", 1, 0, 1, 1000),
    _place("1-3-4", 1, 1, 0, 2000),
    _place("1-1-3", 1, 2, 2, 3000),
    _place("1-1-1", 0, 2, 2, 4000),
    _place("1-1-5", 0, 1, 1, 5000),
]

# A longer run: its last tile fills a gap between tiles on two sides, a bridge.
_BRIDGE_TRAY = ["1-1-1", "0-1-1", "1-1-4", "0-0-1", "0-1-2", "0-0-5", "0-2-5", "0-5-5", "2-5-5"]
_BRIDGE_WELL = [
    "5-5-5",
    "4-5-5",
    "2-4-5",
    "1-3-4",
    "1-1-3",
    "2-4-4",
    "1-5-5",
    "1-1-5",
    "3-3-4",
    "0-0-4",
    "3-3-5",
    "2-2-2",
    "1-4-5",
    "0-1-3",
    "2-2-3",
    "0-1-5",
    "1-2-5",
    "0-2-4",
    "3-4-4",
    "2-3-3",
    "1-1-2",
    "3-5-5",
    "0-2-2",
    "1-2-3",
    "3-3-3",
    "0-4-4",
    "0-4-5",
    "0-1-4",
    "0-3-5",
    "0-0-2",
    "1-3-5",
    "2-3-4",
    "3-4-5",
    "0-3-3",
    "0-0-3",
    "1-2-4",
    "2-2-4",
    "4-4-5",
    "2-3-5",
    "1-3-3",
    "0-0-0",
    "0-3-4",
    "0-2-3",
    "1-2-2",
    "1-4-4",
    "4-4-4",
    "2-2-5",
]
_BRIDGE_MOVES = [
    _place("1-1-1", 0, 0, 0, 0),
    _place("0-1-1", 1, 0, 0, 1000),
    _place("1-1-4", 0, 1, 0, 2000),
    _place("0-0-1", 1, 1, 2, 3000),
    _place("0-1-2", 1, 2, 0, 4000),
    _place("0-0-5", 2, 1, 2, 5000),
    _place("0-2-5", 1, 3, 1, 6000),
    _place("0-5-5", 2, 3, 2, 7000),
    _place("2-5-5", 1, 4, 2, 8000),
    _draw(9000),
    _place("5-5-5", 1, 5, 2, 10000),
    _draw(11000),
    _place("4-5-5", 2, 5, 0, 12000),
    _draw(13000),
    _place("2-4-5", 0, 4, 1, 14000),
    _draw(15000),
    _place("1-3-4", -1, 1, 1, 16000),
    _draw(17000),
    _place("1-1-3", 0, -1, 1, 18000),
    _draw(19000),
    _place("2-4-4", 0, 3, 0, 20000),
]


@dataclass(frozen=True)
class BoardPicture:
    """A board to draw (``placements`` as the browser's board view takes them) and what
    its last move made: ``points`` (bonus included) and ``bonus`` (RULES.md's name)."""

    placements: tuple[dict[str, Any], ...]
    points: int
    bonus: str | None
    score: int

    def to_json(self) -> dict[str, Any]:
        return {
            "placements": list(self.placements),
            "points": self.points,
            "bonus": self.bonus,
            "score": self.score,
        }


def board_picture(
    *, tray: Sequence[str], well: Sequence[str], moves: Sequence[Any]
) -> BoardPicture:
    """The board after ``moves``, replayed by the engine (only its valid prefix)."""
    moves = list(moves)
    replayed = engine.log_replay(tray=tray, well=well, log={"moves": moves})
    valid = moves[: len(replayed.moves)]
    last = replayed.moves[-1] if replayed.moves else None
    return BoardPicture(
        placements=tuple(
            {"tile": m["tile"], "cell": list(m["cell"]), "rotation": m["rotation"]}
            for m in valid
            if isinstance(m, dict) and m.get("type") == _P
        ),
        points=last.points if last is not None else 0,
        bonus=last.bonus if last is not None else None,
        score=replayed.score,
    )


@cache
def how_to_play_pictures() -> dict[str, BoardPicture]:
    """The how-to-play page's pictures, step by step: the first tile, a second one
    matching its edge, a hexagon one tile short and closed, a bridge before and after."""

    def hexagon(upto: int) -> BoardPicture:
        return board_picture(tray=_HEXAGON_TRAY, well=_HEXAGON_WELL, moves=_HEXAGON_MOVES[:upto])

    def bridge(upto: int) -> BoardPicture:
        return board_picture(tray=_BRIDGE_TRAY, well=_BRIDGE_WELL, moves=_BRIDGE_MOVES[:upto])

    return {
        "first": hexagon(1),
        "second": hexagon(2),
        "third": hexagon(3),
        "hexagon_before": hexagon(5),
        "hexagon": hexagon(len(_HEXAGON_MOVES)),
        "bridge_before": bridge(len(_BRIDGE_MOVES) - 1),
        "bridge": bridge(len(_BRIDGE_MOVES)),
    }


def example_sample_run() -> BoardPicture:
    """A finished example run, for a home page with no finished challenge to show."""
    return how_to_play_pictures()["bridge"]
