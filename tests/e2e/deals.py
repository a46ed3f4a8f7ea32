"""The browser tests' deals, and how their helpers choose a move, as pure functions.

Browser tests play a challenge whose deal the test chooses (``TEST_DEAL`` unless the
``TOD_E2E_DEAL`` variable names another, see ``deal_named``), so they pass whatever
slot is open. Their helpers play as a player would, from what the page shows:

- ``move_choose``: the first tray tile that fits somewhere (the page's ``data-fits``),
  else a draw, for as long as the well lasts; ``None`` only when nothing fits and the
  well is empty;
- ``cell_choose``: of the cells the page highlights for the held tile, the one nearest
  the middle of the board (it is on screen, even on a phone).

``helper_playout`` runs those same two functions on the Python engine instead of the
page, and ``test_deals.py`` runs it over hundreds of deals: no deal can break the
helpers. Nothing here imports Django or Playwright.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from triominos import (
    ORIGIN,
    TILE_IDS,
    Board,
    Deal,
    Placement,
    cell_parse,
    deal_shuffle,
    tile_parse,
)

# The seed of the deal every browser test plays unless told otherwise. Checked friendly
# by test_deals.py: the helper makes every placement the tests need without a draw.
TEST_DEAL_SEED = 20261129
TEST_DEAL: Deal = deal_shuffle(TEST_DEAL_SEED)

# The most placements any browser test makes with the helpers.
PLACEMENTS_NEEDED = 4

# Slot 978's trouble: its first tile, 0-1-4, touches only 9 of the other
# 55 tiles, and none of them came early.
HOSTILE_FIRST_TILE = "0-1-4"

DRAW: Literal["draw"] = "draw"


def move_choose(*, fits: Sequence[int], well_left: int) -> int | Literal["draw"] | None:
    """The helpers' next move, from what the page shows.

    ``fits`` holds, in tray order, how many cells each tray tile fits (``data-fits``);
    returns the index of the tile to place, ``DRAW``, or ``None`` when nothing fits
    and the well is empty (the run can only end).
    """
    for index, cells in enumerate(fits):
        if cells > 0:
            return index
    return DRAW if well_left > 0 else None


def cell_choose(cells: Sequence[str]) -> str:
    """Of the highlighted cells (``"row,col"``), the one nearest the board's middle;
    ties go to the smallest (row, col), so the choice never depends on DOM order."""
    if not cells:
        raise ValueError("no highlighted cell to choose from")

    def nearness(text: str) -> tuple[int, int, int]:
        row, col = cell_parse(text)
        return (abs(row - ORIGIN.row) + abs(col - ORIGIN.col), row, col)

    return min(cells, key=nearness)


@dataclass(frozen=True)
class Playout:
    placements: int
    draws: int


def helper_playout(deal: Deal, *, placements: int = PLACEMENTS_NEEDED) -> Playout:
    """Plays ``deal`` on the engine with the helpers' own choices (``move_choose``,
    ``cell_choose``, then the rotation the page snaps to: 0 if it fits, else the first
    that does) until ``placements`` tiles are down or the helpers are stuck."""
    board = Board()
    tray = [tile_parse(tile_id) for tile_id in deal.tray]
    well = [tile_parse(tile_id) for tile_id in deal.well]
    placed = draws = 0
    while placed < placements:
        legal = [board.legal_placements([tile]) for tile in tray]
        fits = [len({placement.cell for placement in moves}) for moves in legal]
        choice = move_choose(fits=fits, well_left=len(well))
        if choice is None:
            break
        if choice == DRAW:
            tray.append(well.pop(0))
            draws += 1
            continue
        moves = legal[choice]
        cell = cell_parse(cell_choose([f"{p.cell.row},{p.cell.col}" for p in moves]))
        rotations = [p.rotation for p in moves if p.cell == cell]
        board.play(Placement(tray.pop(choice), cell, 0 if 0 in rotations else rotations[0]))
        placed += 1
    return Playout(placements=placed, draws=draws)


def hostile_deal() -> Deal:
    """The worst deal for a helper that starts with the first tray tile: ``0-1-4``
    first, the other tray tiles and the well's first tiles all unable to touch it, and
    the 9 that can touch it at the very end of the well."""
    board = Board()
    board.play(Placement(tile_parse(HOSTILE_FIRST_TILE), ORIGIN, 0))
    others = [tile_id for tile_id in TILE_IDS if tile_id != HOSTILE_FIRST_TILE]
    touching = [t for t in others if board.legal_placements([tile_parse(t)])]
    apart = [t for t in others if t not in touching]
    tiles = [HOSTILE_FIRST_TILE, *apart, *touching]
    return Deal(tuple(tiles[:9]), tuple(tiles[9:]))


def deal_named(name: str) -> Deal:
    """The deal of ``TOD_E2E_DEAL``: ``test`` (the default), ``hostile``, or
    ``seed:N`` (``deal_shuffle(N)``). ``slot:N``, the site's own deal of slot N, needs
    the project's secret and is read in conftest.py."""
    if name in ("", "test"):
        return TEST_DEAL
    if name == "hostile":
        return hostile_deal()
    kind, _, value = name.partition(":")
    if kind == "seed" and value.lstrip("-").isdigit():
        return deal_shuffle(int(value))
    raise ValueError(f"TOD_E2E_DEAL={name!r}: use test, hostile, seed:N or slot:N")
