"""A deliberately naive second implementation of RULES.md, for the tests to compare.

It shares nothing with the engine but the tile ids and the ruleset's list of bonuses
with their points (each version's own list; the oracle detects each bonus by itself,
and refuses one it was not taught): its geometry is typed in again from RULES.md, a
point's number is found by looking at the six cells around it, and legal moves are
found by trying every tile and rotation on every empty cell next to the board. Slow
and obvious, so that the engine (fast and clever) has an honest oracle.
"""

from __future__ import annotations

from collections.abc import Iterable

from triominos.ruleset import DEFAULT_RULESET, Ruleset

Coord = tuple[int, int]
Numbers = tuple[int, int, int]

# Each bonus the oracle knows, from the tiles around each corner before the tile (a
# hexagon closes where five were); the most points of those that apply wins.
DETECTIONS = {
    "bridge": lambda filled: all(filled) and 5 not in filled,
    "hexagon": lambda filled: filled.count(5) == 1,
    "double_hexagon": lambda filled: filled.count(5) == 2,
    "triple_hexagon": lambda filled: filled.count(5) == 3,
}


def numbers_of(tile_id: str) -> Numbers:
    a, b, c = (int(part) for part in tile_id.split("-"))
    return (a, b, c)


def corners(cell: Coord) -> list[Coord]:
    r, c = cell
    if (r + c) % 2 == 0:  # up: apex (top), bottom-right, bottom-left
        return [(r, c + 1), (r + 1, c + 2), (r + 1, c)]
    return [(r + 1, c + 1), (r, c), (r, c + 2)]  # down: apex (bottom), top-left, top-right


def neighbours(cell: Coord) -> list[Coord]:
    r, c = cell
    if (r + c) % 2 == 0:
        return [(r, c - 1), (r, c + 1), (r + 1, c)]
    return [(r, c - 1), (r, c + 1), (r - 1, c)]


def around(point: Coord) -> list[Coord]:
    pr, px = point
    return [(pr - 1, px - 2), (pr - 1, px - 1), (pr - 1, px), (pr, px - 2), (pr, px - 1), (pr, px)]


def shown(tile_id: str, rotation: int) -> Numbers:
    """Numbers at corners 0, 1, 2: corner i shows (a, b, c)[(i + rotation) % 3]."""
    numbers = numbers_of(tile_id)
    return (numbers[rotation % 3], numbers[(1 + rotation) % 3], numbers[(2 + rotation) % 3])


class ReferenceBoard:
    def __init__(self, ruleset: Ruleset = DEFAULT_RULESET) -> None:
        self.ruleset = ruleset
        self.cells: dict[Coord, Numbers] = {}  # cell -> numbers at its corners 0, 1, 2

    def numbers_at(self, point: Coord) -> set[int]:
        """Every number the tiles around ``point`` show there (one, if the board is sane)."""
        found = set()
        for cell in around(point):
            if cell in self.cells:
                found.add(self.cells[cell][corners(cell).index(point)])
        return found

    def error(self, tile_id: str, cell: Coord, rotation: int) -> str | None:
        if rotation not in (0, 1, 2):
            return "bad_rotation"
        if cell in self.cells:
            return "cell_occupied"
        if not self.cells:
            return None if cell == (0, 0) else "first_not_at_origin"
        if not any(other in self.cells for other in neighbours(cell)):
            return "not_adjacent"
        for point, number in zip(corners(cell), shown(tile_id, rotation), strict=True):
            if self.numbers_at(point) - {number}:
                return "corner_mismatch"
        return None

    def score(self, tile_id: str, cell: Coord) -> tuple[int, str | None]:
        """Points and bonus of a legal placement that has not gone down yet."""
        filled = [sum(other in self.cells for other in around(p)) for p in corners(cell)]
        value = sum(numbers_of(tile_id))
        made = [
            (points, bonus)
            for bonus, points in self.ruleset.bonus_values
            if DETECTIONS[bonus](filled)
        ]
        if not made:
            return value, None
        points, bonus = max(made, key=lambda pair: pair[0])
        return value + points, bonus

    def place(self, tile_id: str, cell: Coord, rotation: int) -> tuple[int, str | None]:
        assert self.error(tile_id, cell, rotation) is None
        result = self.score(tile_id, cell)
        self.cells[cell] = shown(tile_id, rotation)
        return result

    def legal(self, tile_ids: Iterable[str]) -> list[tuple[str, Coord, int]]:
        if not self.cells:
            candidates = {(0, 0)}
        else:
            candidates = {
                other
                for cell in self.cells
                for other in neighbours(cell)
                if other not in self.cells
            }
        return sorted(
            (tile_id, cell, rotation)
            for cell in candidates
            for tile_id in set(tile_ids)
            for rotation in (0, 1, 2)
            if self.error(tile_id, cell, rotation) is None
        )

    def touched_points(self) -> set[Coord]:
        return {point for cell in self.cells for point in corners(cell)}


TILE_IDS = [f"{a}-{b}-{c}" for a in range(6) for b in range(a, 6) for c in range(b, 6)]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def reference_replay(
    tray: list[str], well: list[str], log: object, max_t: int | None = None
) -> tuple[int, list[tuple[int, str | None]], tuple[int | None, str] | None]:
    """RULES.md's run-log table, one row after the other: (score, outcomes, error)."""
    if (
        not isinstance(tray, list)
        or not isinstance(well, list)
        or len(tray) != 9
        or len(well) != 47
        or sorted(tray + well) != sorted(TILE_IDS)
    ):
        return 0, [], (None, "bad_challenge")
    if not isinstance(log, dict) or not isinstance(log.get("moves"), list):
        return 0, [], (None, "bad_log")
    limit = 120_000 if max_t is None else min(max_t, 120_000)
    board = ReferenceBoard()
    hand = set(tray)
    well = list(well)
    outcomes: list[tuple[int, str | None]] = []
    last_t = 0
    for index, move in enumerate(log["moves"]):

        def fail(
            code: str, index: int = index
        ) -> tuple[int, list[tuple[int, str | None]], tuple[int | None, str]]:
            return sum(points for points, _ in outcomes), outcomes, (index, code)

        shape_ok = (
            isinstance(move, dict)
            and _is_int(move.get("t"))
            and (
                move.get("type") == "draw"
                or (
                    move.get("type") == "place"
                    and isinstance(move.get("tile"), str)
                    and isinstance(move.get("cell"), list)
                    and len(move["cell"]) == 2
                    and all(_is_int(n) for n in move["cell"])
                    and _is_int(move.get("rotation"))
                )
            )
        )
        if not shape_ok:
            return fail("malformed")
        t = move["t"]
        if not 0 <= t <= limit:
            return fail("time_over")
        if t < last_t:
            return fail("time_not_monotonic")
        if len(board.cells) == 56:
            return fail("run_over")
        if move["type"] == "draw":
            if not well:
                return fail("well_empty")
            hand.add(well.pop(0))
            outcomes.append((-5, None))
        else:
            tile, cell, rotation = move["tile"], tuple(move["cell"]), move["rotation"]
            if tile not in TILE_IDS:
                return fail("unknown_tile")
            if tile not in hand:
                return fail("tile_not_in_tray")
            code = board.error(tile, cell, rotation)  # type: ignore[arg-type]
            if code is not None:
                return fail(code)
            points, bonus = board.place(tile, cell, rotation)  # type: ignore[arg-type]
            hand.remove(tile)
            if len(board.cells) == 56:
                points += 25
            outcomes.append((points, bonus))
        last_t = t
    return sum(points for points, _ in outcomes), outcomes, None
