"""Building blocks of the replay vectors: seeded challenges, logs, and checked cases.

A case's ``expect`` is always what :func:`replay_challenge` answers; what the case
is *meant* to exercise (an error code, a bonus, a clear board) is asserted while it
is built, so a vector can never silently test something other than its name says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from challenges.rules.moves import Placement
from challenges.rules.replay import replay_challenge
from challenges.rules.tiles import TILE_IDS

__all__ = [
    "Case",
    "VectorError",
    "challenge_for",
    "challenge_seeded",
    "log_lazy",
    "move_draw",
    "move_place",
    "replay_case",
]

Case = dict[str, Any]


class VectorError(AssertionError):
    """A vector does not exercise what it was built for: a bug in the generator."""


def challenge_seeded(seed: int) -> tuple[list[str], list[str]]:
    """A challenge: the 56 tiles shuffled from ``seed``, 9 to the tray, 47 to the well."""
    tiles = list(TILE_IDS)
    random.Random(seed).shuffle(tiles)
    return tiles[:9], tiles[9:]


def challenge_for(tiles: Sequence[str], seed: int) -> tuple[list[str], list[str]]:
    """A challenge whose tray and well front hold ``tiles`` in that order (up to 9 in
    the tray, the rest the next draws); the others shuffled from ``seed``."""
    wanted = list(dict.fromkeys(tiles))
    others = [tile for tile in TILE_IDS if tile not in wanted]
    random.Random(seed).shuffle(others)
    order = wanted[:9] + others[: max(0, 9 - len(wanted))]
    rest = [tile for tile in others if tile not in order]
    well = wanted[9:] + rest
    return order, well


def move_place(t: int, placement: Placement) -> dict[str, Any]:
    return {
        "t": t,
        "type": "place",
        "tile": placement.tile.id,
        "cell": [placement.cell.row, placement.cell.col],
        "rotation": placement.rotation,
    }


def move_draw(t: int) -> dict[str, Any]:
    return {"t": t, "type": "draw"}


def log_lazy(
    placements: Sequence[Placement],
    *,
    tray: Sequence[str],
    well: Sequence[str],
    step: int = 1000,
    start: int = 0,
) -> list[dict[str, Any]]:
    """The moves of a run placing ``placements`` in order, drawing only when the next
    tile is not in the tray yet. Times start at ``start`` and grow by ``step``
    (capped at 120000)."""
    in_tray = set(tray)
    next_draw = 0
    moves: list[dict[str, Any]] = []

    def clock() -> int:
        return min(start + step * len(moves), 120_000)

    for placement in placements:
        while placement.tile.id not in in_tray:
            if next_draw == len(well):
                raise VectorError(f"{placement.tile.id} is in neither the tray nor the well")
            in_tray.add(well[next_draw])
            next_draw += 1
            moves.append(move_draw(clock()))
        moves.append(move_place(clock(), placement))
        in_tray.discard(placement.tile.id)
    return moves


def replay_case(
    name: str,
    *,
    tray: Any,
    well: Any,
    log: Any,
    max_t: int | None = None,
    tags: Sequence[str] = (),
    code: str | None = None,
    move: int | None = -1,
    bonus: str | None = None,
    valid: bool | None = None,
    clear: bool | None = None,
) -> Case:
    """A replay vector. ``code``/``move``/``bonus``/``valid``/``clear`` state what the
    case must show (checked); tags for the outcome are added automatically."""
    result = replay_challenge(tray=tray, well=well, log=log, max_t=max_t)
    error = result.error
    got_code = None if error is None else error.code
    problems = []
    if code is not None and got_code != code:
        problems.append(f"expected {code}, got {got_code} ({error and error.detail})")
    if code is not None and move != -1 and error is not None and error.move != move:
        problems.append(f"expected the error at move {move}, got {error.move}")
    if valid is not None and result.valid != valid:
        problems.append(f"expected valid={valid}, got {result.to_json().get('error')}")
    bonuses = {outcome.bonus for outcome in result.moves}
    if bonus is not None and bonus not in bonuses:
        problems.append(f"expected a {bonus}, got {sorted(b for b in bonuses if b)}")
    if clear is not None and result.board_cleared != clear:
        problems.append(f"expected clear={clear}")
    if problems:
        raise VectorError(f"{name}: " + "; ".join(problems))

    all_tags = set(tags)
    all_tags.add("valid" if result.valid else f"error:{got_code}")
    all_tags.update(f"bonus:{kind}" for kind in bonuses if kind is not None)
    if result.board_cleared:
        all_tags.add("clear")
    moves = log.get("moves") if isinstance(log, dict) else None
    if isinstance(moves, list) and len(moves) >= 90:
        all_tags.add("long")
    if max_t is not None:
        all_tags.add("max_t")
    return {
        "name": name,
        "tags": sorted(all_tags),
        "tray": tray,
        "well": well,
        "log": log,
        "max_t": max_t,
        "expect": {
            "valid": result.valid,
            "score": result.score,
            "moves": [{"points": points, "bonus": kind} for points, kind in result.moves],
            "error": None if error is None else {"move": error.move, "code": error.code},
        },
    }
