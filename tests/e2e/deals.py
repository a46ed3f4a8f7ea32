"""The browser tests' deal and the way their helpers play it, as pure functions.

Browser tests play a challenge whose deal the test chooses (``TEST_DEAL``), so they pass
whatever slot is open. Their drag helper plays as a player would: the first tray tile
that fits somewhere, on the first cell it fits, and a draw when none fits, for as long
as the well lasts. ``helper_playout`` is that decision on the Python engine, which
``test_deals.py`` runs over hundreds of deals: no deal can break the helper.
"""

from __future__ import annotations

from dataclasses import dataclass

from challenges.rules import Board, Deal, deal_shuffle, tile_parse
from tests.factories import TEST_DEAL_SEED

# The deal every test plays (any deal works for the helper; this one needs few draws).
TEST_DEAL: Deal = deal_shuffle(TEST_DEAL_SEED)

# The most placements any browser test makes with the drag helper.
PLACEMENTS_NEEDED = 4


@dataclass(frozen=True)
class Playout:
    placements: int
    draws: int


def helper_playout(deal: Deal, *, placements: int = PLACEMENTS_NEEDED) -> Playout:
    """Plays ``deal`` as the drag helper does until ``placements`` tiles are down or the
    well is empty with nothing that fits."""
    board = Board()
    tray = [tile_parse(tile_id) for tile_id in deal.tray]
    well = [tile_parse(tile_id) for tile_id in deal.well]
    placed = draws = 0
    while placed < placements:
        choice = next(
            (legal[0] for tile in tray if (legal := board.legal_placements([tile]))), None
        )
        if choice is None:
            if not well:
                break
            tray.append(well.pop(0))
            draws += 1
            continue
        board.play(choice)
        tray.remove(choice.tile)
        placed += 1
    return Playout(placements=placed, draws=draws)
