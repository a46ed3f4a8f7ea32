"""A placement's bonus is decided once (triominos/bonuses.py) from the ruleset's list,
and every place that scores reads that decision: the checked and unchecked board, the
search's best placement and fitting tiles, the play-outs' frontier, the review's points
range and the browser's table. A bonus added to a ruleset is scored by all of them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.engine.reference import ReferenceBoard
from tests.engine.shapes import BRIDGE_TWO_EDGES, HEXAGON, fill
from triominos import DEFAULT_RULESET, Board, Ruleset
from triominos.bonuses import (
    CORNER_STATES,
    STANDARD_BONUSES,
    BonusRule,
    bonus_codes,
    bonus_extra,
    bonus_state_index,
    placement_bonus,
)
from triominos.frontier import Frontier, tiles_mask
from triominos.geometry import cell_corners
from triominos.ruleset import ruleset_document
from triominos.tiles import TILES


def _name(rule: BonusRule | None) -> str | None:
    return None if rule is None else rule.name


def test_the_standard_bonuses_as_rules_md_says() -> None:
    assert _name(placement_bonus(STANDARD_BONUSES, 0, 0, 0)) is None
    assert _name(placement_bonus(STANDARD_BONUSES, 2, 0, 4)) is None  # a corner untouched
    assert _name(placement_bonus(STANDARD_BONUSES, 1, 1, 1)) == "bridge"
    assert _name(placement_bonus(STANDARD_BONUSES, 4, 2, 3)) == "bridge"
    assert _name(placement_bonus(STANDARD_BONUSES, 1, 5, 1)) == "hexagon"
    assert _name(placement_bonus(STANDARD_BONUSES, 5, 2, 5)) == "double_hexagon"
    assert _name(placement_bonus(STANDARD_BONUSES, 5, 5, 5)) == "triple_hexagon"


def test_the_table_is_the_function_for_every_corner_state() -> None:
    codes = bonus_codes(STANDARD_BONUSES)
    extra = bonus_extra(STANDARD_BONUSES)
    assert len(codes) == len(extra) == CORNER_STATES
    for a in range(6):
        for b in range(6):
            for c in range(6):
                rule = placement_bonus(STANDARD_BONUSES, a, b, c)
                index = bonus_state_index(a, b, c)
                expected = 0 if rule is None else STANDARD_BONUSES.index(rule) + 1
                assert codes[index] == expected
                assert extra[index] == (0 if rule is None else rule.points)
    # The hot loops write the index out on the board's values (number + 8 * tiles).
    assert bonus_state_index(5, 0, 1) == ((5 * 8 >> 3) * 6 + 0) * 6 + ((3 + 8) >> 3)


def test_the_browser_reads_the_same_table() -> None:
    document = ruleset_document(DEFAULT_RULESET)
    assert document["bonus_codes"] == list(bonus_codes(DEFAULT_RULESET.bonuses))
    assert document["bonuses"] == [rule.name for rule in DEFAULT_RULESET.bonuses]


# A bonus no version has: every corner touched, one of them by three tiles or more, no
# hexagon. It overlaps the bridge and is worth more, so it wins.
WIDE_BRIDGE = BonusRule(
    "wide_bridge", 45, lambda a, b, c: min(a, b, c) >= 1 and 3 <= max(a, b, c) < 5
)
WIDER = replace(DEFAULT_RULESET, bonuses=(*DEFAULT_RULESET.bonuses, WIDE_BRIDGE))


def test_of_the_bonuses_that_apply_the_one_worth_most_wins() -> None:
    assert placement_bonus(WIDER.bonuses, 2, 3, 2) is WIDE_BRIDGE
    assert _name(placement_bonus(WIDER.bonuses, 1, 2, 2)) == "bridge"
    assert _name(placement_bonus(WIDER.bonuses, 5, 3, 2)) == "hexagon"
    cheap = replace(WIDER, bonuses=(*DEFAULT_RULESET.bonuses, replace(WIDE_BRIDGE, points=40)))
    # Equal points: the first listed.
    assert _name(placement_bonus(cheap.bonuses, 2, 3, 2)) == "bridge"


def _played_boards(ruleset: Ruleset, seed: int) -> list[Board]:
    """Boards of a random greedy game under ``ruleset``, one after each placement."""
    rng = random.Random(seed)
    board = Board(ruleset)
    boards = []
    free = list(TILES)
    rng.shuffle(free)
    while free:
        placement, _ = board.best_placement(free[:12])
        if placement is None:
            break
        board.push(placement)
        free.remove(placement.tile)
        boards.append(board.copy())
    return boards


def _states(board: Board, placement_cell: tuple[int, int]) -> tuple[int, int, int]:
    a, b, c = (board.tiles_around(point) for point in cell_corners(placement_cell))
    return (a, b, c)


def test_every_hot_loop_scores_a_bonus_the_ruleset_adds() -> None:
    seen_wide = 0
    for seed in range(4):
        for board in _played_boards(WIDER, seed):
            free = [tile for tile in TILES if tile not in board.tiles]
            hand = free
            frontier = Frontier.of(board)
            placements = board.legal_placements(hand)
            scores = []
            for placement in placements:
                rule = placement_bonus(WIDER.bonuses, *_states(board, placement.cell))
                expected = placement.tile.value + (0 if rule is None else rule.points)
                outcome = board.outcome(placement)
                assert outcome == (expected, _name(rule))
                scores.append(expected)
                seen_wide += outcome.bonus == "wide_bridge"
            best, points = board.best_placement(hand)
            assert points == (max(scores) if scores else -1)
            answer = frontier.best(tiles_mask(hand))
            assert (answer is None) == (best is None)
            if answer is not None:
                assert answer[2] == points
                assert frontier.points_range(tiles_mask(hand)) == (min(scores), max(scores))
            over = 45
            wanted = {p.tile for p, s in zip(placements, scores, strict=True) if s > over}
            fitting = board.fitting_mask(over) & tiles_mask(hand)
            assert fitting == tiles_mask(wanted)
            if placements:  # the checked play scores as the outcome said
                chosen = placements[len(placements) // 2]
                copy = board.copy()
                assert copy.play(chosen) == board.outcome(chosen)
    assert seen_wide > 0, "the games made the added bonus somewhere"


def test_the_oracle_reads_the_ruleset_list_and_agrees() -> None:
    changed = replace(
        DEFAULT_RULESET,
        bonuses=tuple(replace(rule, points=rule.points + 3) for rule in DEFAULT_RULESET.bonuses),
    )
    for shape, bonus in ((HEXAGON, "hexagon"), (BRIDGE_TWO_EDGES, "bridge")):
        placements = fill(shape)
        board, reference = Board(changed), ReferenceBoard(changed)
        for placement in placements:
            tile, cell, rotation = placement
            expected = reference.place(tile.id, (cell.row, cell.col), rotation)
            assert tuple(board.play(placement)) == expected
        assert expected[1] == bonus
        assert expected[0] == placements[-1].tile.value + changed.bonus_points(bonus)


def test_a_ruleset_refuses_a_bonus_made_on_fresh_ground_or_listed_twice() -> None:
    loose = BonusRule("loose", 10, lambda a, b, c: a + b + c >= 4)
    with pytest.raises(ValueError, match="loose"):
        replace(DEFAULT_RULESET, bonuses=(*DEFAULT_RULESET.bonuses, loose))
    with pytest.raises(ValueError, match="once"):
        replace(DEFAULT_RULESET, bonuses=(*DEFAULT_RULESET.bonuses, DEFAULT_RULESET.bonuses[0]))
