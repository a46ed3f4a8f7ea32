"""Building blocks of the replay vectors: seeded challenges, logs, and checked cases.

A case's ``expect`` is always what :func:`replay_challenge` answers; what the case
is *meant* to exercise (an error code, a bonus, a clear board) is asserted while it
is built, so a vector can never silently test something other than its name says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tools.vectors.search import playout
from triominos.board import Board
from triominos.moves import Placement
from triominos.replay import replay_challenge
from triominos.tiles import TILE_IDS, TILES, Tile, tile_parse

__all__ = [
    "Case",
    "Move",
    "SeededRun",
    "VectorError",
    "challenge_for",
    "challenge_seeded",
    "log_lazy",
    "move_draw",
    "move_place",
    "placements_case",
    "replay_case",
    "tiles_except",
]

Case = dict[str, Any]
Move = dict[str, Any]


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


def _expectations_missed(
    result: Any,
    *,
    code: str | None,
    move: int | None,
    bonus: str | None,
    valid: bool | None,
    clear: bool | None,
) -> list[str]:
    """What a replay vector was meant to show and its replay does not."""
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
    return problems


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
    bonuses = {outcome.bonus for outcome in result.moves}
    problems = _expectations_missed(
        result, code=code, move=move, bonus=bonus, valid=valid, clear=clear
    )
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
            "error": None
            if error is None
            else {"move": error.move, "code": error.code, "detail": error.detail},
        },
    }


class SeededRun:
    """A seeded valid run: a compact playout of ``length`` tiles on a challenge built
    around it, then ``extra_draws`` draws so that the tray holds a few tiles."""

    def __init__(self, seed: int, length: int, *, extra_draws: int = 3) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.placements = [placement for placement, _ in playout(rng, length=length)]
        tiles = [placement.tile.id for placement in self.placements]
        self.tray, self.well = challenge_for(tiles, seed)
        self.moves = log_lazy(self.placements, tray=self.tray, well=self.well)
        drawn = sum(1 for move in self.moves if move["type"] == "draw")
        for _ in range(min(extra_draws, len(self.well) - drawn)):
            self.moves.append(move_draw(self.t_next()))
            drawn += 1
        self.drawn = drawn
        placed = {placement.tile.id for placement in self.placements}
        self.hand = [tile for tile in [*self.tray, *self.well[:drawn]] if tile not in placed]
        self.board = Board.from_placements(self.placements)

    def t_next(self, gap: int = 700) -> int:
        return self.moves[-1]["t"] + gap if self.moves else 0

    def log(self, *extra: Move) -> dict[str, Any]:
        return {"moves": [*self.moves, *extra]}

    def place(self, tile: str, cell: Sequence[int], rotation: Any, gap: int = 700) -> Move:
        return {
            "t": self.t_next(gap),
            "type": "place",
            "tile": tile,
            "cell": list(cell),
            "rotation": rotation,
        }

    @property
    def index(self) -> int:
        """The index the next move gets."""
        return len(self.moves)

    def legal(self) -> list[Placement]:
        return self.board.legal_placements(tile_parse(tile) for tile in self.hand)

    def case(self, name: str, *extra: Move, **expect: Any) -> Case:
        expect.setdefault("move", self.index if extra else -1)
        return replay_case(name, tray=self.tray, well=self.well, log=self.log(*extra), **expect)


def tiles_except(used: Sequence[Placement]) -> list[Tile]:
    on_board = {placement.tile for placement in used}
    return [tile for tile in TILES if tile not in on_board]


def placements_case(
    name: str,
    placements: Sequence[Placement],
    *,
    seed: int,
    tags: Sequence[str] = (),
    **expect: Any,
) -> Case:
    tray, well = challenge_for([p.tile.id for p in placements], seed)
    moves = log_lazy(placements, tray=tray, well=well)
    extra = list(tags)
    if any(p.cell.row < 0 or p.cell.col < 0 for p in placements):
        extra.append("geometry:negative")
    return replay_case(name, tray=tray, well=well, log={"moves": moves}, tags=extra, **expect)
