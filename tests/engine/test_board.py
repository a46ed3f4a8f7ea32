"""The board: checked play with RULES.md's codes and details, unchecked push/pop,
the frontier, and what a position tells about its cells and points."""

from __future__ import annotations

import pytest

from tests.engine.reference import ReferenceBoard
from tests.engine.shapes import BRIDGE_THREE_EDGES, fill
from triominos import (
    BOARD_ERROR_CODES,
    ORIGIN,
    TILES,
    Board,
    Cell,
    Placement,
    PlacementError,
    Point,
    cell_neighbours,
    placement_parse,
    tile_parse,
)


def board_of(*texts: str) -> Board:
    return Board.from_placements(placement_parse(text) for text in texts)


def error_of(board: Board, text: str) -> PlacementError:
    error = board.check(placement_parse(text))
    assert error is not None, f"{text} was accepted"
    return error


def snapshot(board: Board) -> tuple[object, ...]:
    return (board.placements, board.numbered_points(), board.frontier(), len(board))


def test_an_empty_board() -> None:
    board = Board()
    assert board.is_empty and len(board) == 0
    assert board.frontier() == [ORIGIN]
    assert board.placements == ()
    assert board.number_at(Point(0, 1)) is None
    assert board.tile_at(ORIGIN) is None


@pytest.mark.parametrize("rotation", [0, 1, 2])
def test_the_first_tile_goes_on_the_origin_in_any_rotation(rotation: int) -> None:
    board = Board()
    outcome = board.play(Placement(tile_parse("3-4-5"), ORIGIN, rotation))
    assert outcome == (12, None)
    shown = tile_parse("3-4-5").corner_numbers(rotation)
    assert [board.number_at(point) for point in (Point(0, 1), Point(1, 2), Point(1, 0))] == list(
        shown
    )
    assert board.frontier() == sorted(cell_neighbours(ORIGIN))


def test_the_first_tile_anywhere_else_is_refused() -> None:
    error = error_of(Board(), "3-4-5@0,1r0")
    assert error.code == "first_not_at_origin"
    assert error.detail == "the first tile must go on [0, 0], not on [0, 1]"


def test_a_taken_cell_is_refused_naming_its_tile() -> None:
    board = board_of("3-4-5@0,0r0", "3-4-4@0,1r2")
    error = error_of(board, "0-0-0@0,1r0")
    assert error.code == "cell_occupied"
    assert error.detail == "cell [0, 1] is already taken (by 3-4-4)"


def test_a_point_only_contact_is_not_adjacent() -> None:
    board = board_of("3-4-5@0,0r0")
    # [-1, 0] points down onto the apex (0, 1) of [0, 0]: a corner, no edge.
    error = error_of(board, "0-3-3@-1,0r1")
    assert error.code == "not_adjacent"
    assert error.detail == "cell [-1, 0] shares no edge with a tile on the board"


@pytest.mark.parametrize("cell", [(40, 40), (-1000, 999), (10**18, -(10**18)), (0, 5000)])
def test_far_away_cells_are_not_adjacent(cell: tuple[int, int]) -> None:
    board = board_of("3-4-5@0,0r0")
    error = board.check(Placement(tile_parse("0-0-0"), Cell(*cell), 0))
    assert error is not None and error.code == "not_adjacent"
    empty_error = Board().check(Placement(tile_parse("0-0-0"), Cell(*cell), 0))
    assert empty_error is not None and empty_error.code == "first_not_at_origin"
    assert board.tile_at(Cell(*cell)) is None and board.number_at(Point(*cell)) is None


def test_a_corner_mismatch_names_the_corner_the_point_and_both_numbers() -> None:
    board = board_of("3-4-5@0,0r0")  # (0,1)=3, (1,2)=4, (1,0)=5
    # [0, 1] points down: apex (1,2), top-left (0,1), top-right (0,3). 2-3-4 in rotation 2
    # shows 4, 2, 3 there: the apex matches, corner 1 does not.
    error = error_of(board, "2-3-4@0,1r2")
    assert error.code == "corner_mismatch"
    assert error.detail == (
        "corner 1 of [0, 1] lands on point (0, 1), which shows 3,"
        " but 2-3-4 in rotation 2 puts 2 there"
    )
    assert board.check(placement_parse("3-4-4@0,1r2")) is None


@pytest.mark.parametrize("rotation", [3, -1, True, 1.0])
def test_a_bad_rotation_is_refused(rotation: object) -> None:
    placement = Placement(tile_parse("3-4-5"), ORIGIN, rotation)  # type: ignore[arg-type]
    error = Board().check(placement)
    assert error is not None and error.code == "bad_rotation"


def test_play_raises_and_leaves_the_board_as_it_was() -> None:
    board = board_of("3-4-5@0,0r0")
    before = snapshot(board)
    with pytest.raises(PlacementError) as caught:
        board.play(placement_parse("2-3-4@0,1r2"))
    assert caught.value.code == "corner_mismatch"
    assert snapshot(board) == before


def test_check_does_not_change_the_board() -> None:
    board = board_of("3-4-5@0,0r0")
    before = snapshot(board)
    assert board.check(placement_parse("3-4-4@0,1r2")) is None
    assert snapshot(board) == before


@pytest.mark.parametrize(
    ("setup", "probe", "code"),
    [
        # bad_rotation before cell_occupied
        (["3-4-5@0,0r0"], Placement(tile_parse("1-1-1"), ORIGIN, 5), "bad_rotation"),
        # cell_occupied before not_adjacent: [0, 0] has no neighbour on the board
        (["3-4-5@0,0r0"], placement_parse("1-1-1@0,0r0"), "cell_occupied"),
        # cell_occupied before corner_mismatch
        (["3-4-5@0,0r0", "3-4-4@0,1r2"], placement_parse("0-0-0@0,1r0"), "cell_occupied"),
        # first_not_at_origin before not_adjacent
        ([], placement_parse("1-1-1@3,3r0"), "first_not_at_origin"),
        # not_adjacent before corner_mismatch: (0, 1) shows 3, the probe puts 0 there
        (["3-4-5@0,0r0"], placement_parse("0-0-0@-1,0r0"), "not_adjacent"),
    ],
)
def test_a_placement_breaking_several_rules_gets_the_first_code(
    setup: list[str], probe: Placement, code: str
) -> None:
    error = board_of(*setup).check(probe)
    assert error is not None and error.code == code
    assert BOARD_ERROR_CODES.index(code) == min(
        BOARD_ERROR_CODES.index(other) for other in _all_broken(setup, probe)
    )


def _all_broken(setup: list[str], probe: Placement) -> set[str]:
    """Every board rule ``probe`` breaks, each checked on its own."""
    board = board_of(*setup)
    broken = set()
    if probe.rotation not in (0, 1, 2):
        broken.add("bad_rotation")
        return broken | ({"cell_occupied"} if board.tile_at(probe.cell) else set())
    if board.tile_at(probe.cell):
        broken.add("cell_occupied")
    if board.is_empty and probe.cell != ORIGIN:
        broken.add("first_not_at_origin")
    if not board.is_empty and not any(board.tile_at(n) for n in cell_neighbours(probe.cell)):
        broken.add("not_adjacent")
    for point, number in zip(probe.corner_points(), probe.corner_numbers(), strict=True):
        if board.number_at(point) not in (None, number):
            broken.add("corner_mismatch")
    return broken


def test_a_point_only_contact_forces_its_number() -> None:
    # [1, 1] shares an edge with [1, 0]; its corner 1 (2, 3) touches [1, 3] at a point only.
    shape = fill([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 3), (1, 0)])
    board = Board.from_placements(shape)
    target = Cell(1, 1)
    assert board.tile_at(Cell(1, 3)) is not None
    assert Cell(1, 3) not in cell_neighbours(target)
    forced = board.number_at(Point(2, 3))
    assert forced is not None
    reference = ReferenceBoard()
    for placement in shape:
        reference.place(placement.tile.id, tuple(placement.cell), placement.rotation)
    mismatches_at_corner_1 = 0
    for tile in TILES:
        for rotation in (0, 1, 2):
            probe = Placement(tile, target, rotation)
            error = board.check(probe)
            expected = reference.error(tile.id, (1, 1), rotation)
            assert (error.code if error else None) == expected
            shown = tile.corner_numbers(rotation)
            if error is None:
                assert shown[1] == forced
            elif shown[0] == board.number_at(Point(1, 2)) and shown[2] == board.number_at(
                Point(2, 1)
            ):
                mismatches_at_corner_1 += 1
                assert error.detail.startswith("corner 1 of [1, 1] lands on point (2, 3)")
    assert mismatches_at_corner_1 > 0


def test_push_and_pop_undo_exactly() -> None:
    shape = fill([(0, 0), (0, 1), (0, -1), (-1, -1), (-1, 1), (-1, 0), (1, 0)])
    board = Board()
    states = [snapshot(board)]
    for placement in shape:
        board.push(placement)
        states.append(snapshot(board))
    for placement in reversed(shape):
        states.pop()
        assert board.pop() == placement
        assert snapshot(board) == states[-1]
    assert board.is_empty and board.frontier() == [ORIGIN]
    with pytest.raises(IndexError):
        board.pop()


def test_push_scores_like_play() -> None:
    shape = fill([(0, 0), (0, 1), (0, -1), (-1, -1), (-1, 1), (-1, 0)])
    checked, unchecked = Board(), Board()
    for placement in shape:
        expected = checked.outcome(placement)
        assert checked.play(placement) == unchecked.push(placement) == expected


def test_copy_is_independent() -> None:
    board = board_of("3-4-5@0,0r0")
    other = board.copy()
    other.play(placement_parse("3-4-4@0,1r2"))
    assert len(board) == 1 and len(other) == 2
    assert board.tile_at(Cell(0, 1)) is None


def test_reading_a_position() -> None:
    board = board_of("3-4-5@0,0r0", "3-4-4@0,1r2")
    assert board.tile_at(Cell(0, 1)) == placement_parse("3-4-4@0,1r2")
    assert board.tiles == frozenset({tile_parse("3-4-5"), tile_parse("3-4-4")})
    assert board.numbered_points() == {
        Point(0, 1): 3,
        Point(1, 2): 4,
        Point(1, 0): 5,
        Point(0, 3): 4,
    }
    assert board.tiles_around(Point(0, 1)) == 2
    assert board.tiles_around(Point(1, 0)) == 1
    assert board.corner_demands(Cell(1, 1)) == (4, None, None)
    assert board.frontier() == [Cell(-1, 1), Cell(0, -1), Cell(0, 2), Cell(1, 0)]
    assert "3-4-4@0,1r2" in repr(board)


def test_legal_placements_on_an_empty_board_are_every_tile_on_the_origin() -> None:
    tray = [tile_parse(text) for text in ("5-5-5", "0-1-2", "2-2-2")]
    legal = Board().legal_placements(tray)
    assert legal == sorted(
        (Placement(tile, ORIGIN, rotation) for tile in tray for rotation in (0, 1, 2)),
        key=lambda p: (p.cell, p.tile.id, p.rotation),
    )


def test_legal_placements_skip_tiles_on_the_board_and_duplicates() -> None:
    board = board_of("3-4-5@0,0r0")
    tray = [tile_parse("3-4-5"), tile_parse("3-4-4"), tile_parse("3-4-4")]
    legal = board.legal_placements(tray)
    assert legal and all(placement.tile.id == "3-4-4" for placement in legal)
    assert len(set(legal)) == len(legal)
    assert board.has_legal_placement(tray)
    assert not board.has_legal_placement([tile_parse("3-4-5")])
    assert Board().has_legal_placement([tile_parse("0-0-0")])
    assert not Board().has_legal_placement([])


def test_a_tile_on_the_board_in_any_rotation_has_no_placement_left() -> None:
    # A tile put down turned (rotation 1 or 2) is on the board all the same; its index
    # is high enough that reading its packed code by another divisor misses it.
    for rotation in (1, 2):
        board = board_of(f"5-5-5@0,0r{rotation}")
        assert board.legal_placements([tile_parse("5-5-5")]) == []
        assert not board.has_legal_placement([tile_parse("5-5-5")])
    # Around a 0-0-0 every touched corner demands a 0: a 5-5-5 fits nowhere.
    assert not board_of("0-0-0@0,0r0").has_legal_placement([tile_parse("5-5-5")])
    assert board_of("0-0-0@0,0r0").has_legal_placement([tile_parse("0-0-5")])


def test_tiles_around_an_untouched_or_unreachable_point_is_zero() -> None:
    board = board_of("3-4-5@0,0r0")
    assert board.tiles_around(Point(0, 1)) == 1
    assert board.tiles_around(Point(40, 40)) == 0
    assert board.tiles_around(Point(10**12, -(10**12))) == 0


def test_a_board_shows_its_tiles_or_that_it_is_empty() -> None:
    assert repr(Board()) == "<Board empty>"
    shown = repr(board_of("3-4-5@0,0r0", "3-4-4@0,1r2"))
    assert shown == "<Board 2 tiles: 3-4-5@0,0r0 3-4-4@0,1r2>"


def test_pop_from_an_empty_board_says_so() -> None:
    with pytest.raises(IndexError, match=r"^pop from an empty board$"):
        Board().pop()


def test_legal_placements_are_sorted_by_cell_tile_rotation() -> None:
    board = Board.from_placements(fill([(0, 0), (0, 1), (0, -1), (1, 0), (-1, 1)]))
    legal = board.legal_placements(TILES)
    assert legal == sorted(legal, key=lambda p: (p.cell, p.tile.id, p.rotation))
    assert {placement.cell for placement in legal} <= set(board.frontier())


def test_a_hole_closed_from_three_sides_takes_only_the_tile_its_corners_demand() -> None:
    shape = fill(BRIDGE_THREE_EDGES)
    board = Board.from_placements(shape[:-1])
    hole = Cell(*BRIDGE_THREE_EDGES[-1])
    assert all(board.tile_at(neighbour) for neighbour in cell_neighbours(hole))
    demands = board.corner_demands(hole)
    assert None not in demands
    fits = [p for p in board.legal_placements(TILES) if p.cell == hole]
    assert fits == [
        Placement(tile, hole, rotation)
        for tile in TILES
        for rotation in (0, 1, 2)
        if tile not in board.tiles and tile.corner_numbers(rotation) == demands
    ]
    assert shape[-1] in fits


def test_negative_coordinates_work_like_any_other() -> None:
    # Grow a line of tiles leftwards and upwards, far into negative rows and columns.
    shape = fill([(0, 0), (0, -1), (-1, -1), (-1, -2), (-2, -2), (-2, -3), (-3, -3), (-3, -4)])
    board = Board.from_placements(shape)
    assert board.tile_at(Cell(-3, -4)) == shape[-1]
    assert Cell(-3, -5) in board.frontier() and Cell(-4, -4) in board.frontier()
    assert board.number_at(Point(-3, -4)) == shape[-1].corner_numbers()[1]  # top-left, down cell


def test_legal_placements_at_a_cell_are_the_full_listing_restricted_to_it() -> None:
    board = Board.from_placements(fill([(0, 0), (0, 1), (0, -1), (1, 0), (-1, 1)]))
    legal = board.legal_placements(TILES)
    for cell in [*board.frontier(), Cell(0, 0), Cell(5, 5), Cell(10**6, 0)]:
        expected = [placement for placement in legal if placement.cell == cell]
        assert board.legal_placements_at(cell, TILES) == expected
    assert board.legal_placements_at(Cell(0, 0), TILES) == []  # taken
    assert board.legal_placements_at(Cell(5, 5), TILES) == []  # no shared edge
    assert any(board.legal_placements_at(cell, TILES) for cell in board.frontier())
    assert Board().legal_placements_at(ORIGIN, [tile_parse("1-2-3")]) == [
        Placement(tile_parse("1-2-3"), ORIGIN, rotation) for rotation in (0, 1, 2)
    ]
