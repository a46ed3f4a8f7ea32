"""The grid of RULES.md: orientation, corner points, the cells around a point,
edge neighbours, text forms and the packed coordinates the board runs on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triominos import (
    ORIGIN,
    Cell,
    Point,
    cell_corners,
    cell_format,
    cell_neighbours,
    cell_parse,
    cell_points_up,
    point_cells,
    point_format,
    point_parse,
)
from triominos.geometry import (
    CELL_CORNER_OFFSETS,
    CELL_NEIGHBOUR_OFFSETS,
    COORD_LIMIT,
    POINT_CELL_OFFSETS,
    cell_pack,
    cell_unpack,
    point_pack,
    point_unpack,
)

coords = st.integers(min_value=-COORD_LIMIT, max_value=COORD_LIMIT)
cells = st.builds(Cell, coords, coords)
points = st.builds(lambda row, x: Point(row, x if (row + x) % 2 else x + 1), coords, coords)


@pytest.mark.parametrize(
    ("cell", "up"),
    [
        ((0, 0), True),
        ((0, 1), False),
        ((1, 0), False),
        ((1, 1), True),
        ((-1, 0), False),
        ((-1, -1), True),
        ((0, -3), False),
        ((-7, 5), True),
    ],
)
def test_a_cell_points_up_when_row_plus_col_is_even(cell: tuple[int, int], up: bool) -> None:
    assert cell_points_up(Cell(*cell)) is up
    assert Cell(*cell).points_up is up


def test_origin_points_up() -> None:
    assert Cell(0, 0) == ORIGIN and ORIGIN.points_up


def test_corners_of_the_first_two_cells_of_the_rules_md_drawing() -> None:
    # Up [0,0]: apex (0,1), bottom-right (1,2), bottom-left (1,0).
    assert cell_corners(Cell(0, 0)) == (Point(0, 1), Point(1, 2), Point(1, 0))
    # Down [0,1]: apex (1,2), top-left (0,1), top-right (0,3).
    assert cell_corners(Cell(0, 1)) == (Point(1, 2), Point(0, 1), Point(0, 3))
    # Down [1,0] below [0,0] shares its bottom edge (1,0)-(1,2).
    assert cell_corners(Cell(1, 0)) == (Point(2, 1), Point(1, 0), Point(1, 2))


@given(cells)
def test_corners_follow_the_rules_md_table(cell: Cell) -> None:
    r, c = cell
    if (r + c) % 2 == 0:
        expected = (Point(r, c + 1), Point(r + 1, c + 2), Point(r + 1, c))
    else:
        expected = (Point(r + 1, c + 1), Point(r, c), Point(r, c + 2))
    assert cell_corners(cell) == expected


@given(cells)
def test_corners_are_numbered_clockwise_from_the_apex(cell: Cell) -> None:
    apex, second, third = cell_corners(cell)
    # The apex sits alone on its row; the other two share the horizontal edge.
    assert second.row == third.row != apex.row
    assert apex.x == (second.x + third.x) // 2
    # Clockwise on screen (rows grow downward): the signed area is negative in (x, -row).
    area = (second.x - apex.x) * (-(third.row) + apex.row) - (third.x - apex.x) * (
        -(second.row) + apex.row
    )
    assert area < 0
    assert all((point.row + point.x) % 2 == 1 for point in (apex, second, third))


def test_six_cells_around_a_point() -> None:
    assert point_cells(Point(0, 1)) == (
        Cell(-1, -1),
        Cell(-1, 0),
        Cell(-1, 1),
        Cell(0, -1),
        Cell(0, 0),
        Cell(0, 1),
    )


@given(points)
def test_each_cell_around_a_point_has_it_as_a_corner(point: Point) -> None:
    around = point_cells(point)
    assert len(set(around)) == 6
    assert all(point in cell_corners(cell) for cell in around)
    # Three point up and three point down.
    assert sum(cell.points_up for cell in around) == 3


@given(cells)
def test_each_corner_of_a_cell_lists_the_cell_around_it(cell: Cell) -> None:
    for point in cell_corners(cell):
        assert cell in point_cells(point)


def test_edge_neighbours_of_up_and_down_cells() -> None:
    assert cell_neighbours(Cell(0, 0)) == (Cell(0, -1), Cell(0, 1), Cell(1, 0))
    assert cell_neighbours(Cell(0, 1)) == (Cell(0, 0), Cell(0, 2), Cell(-1, 1))
    assert cell_neighbours(Cell(-1, 0)) == (Cell(-1, -1), Cell(-1, 1), Cell(-2, 0))


@given(cells)
def test_edge_neighbours_share_exactly_two_corners(cell: Cell) -> None:
    corners = set(cell_corners(cell))
    for neighbour in cell_neighbours(cell):
        assert neighbour.points_up != cell.points_up
        assert len(corners & set(cell_corners(neighbour))) == 2
        assert cell in cell_neighbours(neighbour)


@given(cells)
def test_nine_cells_touch_a_cell_only_at_a_point(cell: Cell) -> None:
    touching = {other for point in cell_corners(cell) for other in point_cells(point)}
    point_only = touching - {cell} - set(cell_neighbours(cell))
    assert len(point_only) == 9
    for other in point_only:
        assert len(set(cell_corners(cell)) & set(cell_corners(other))) == 1


# --- text forms ------------------------------------------------------------------


@given(cells)
def test_cell_text_round_trips(cell: Cell) -> None:
    assert cell_parse(cell_format(cell)) == cell
    assert str(cell) == cell_format(cell)


@given(points)
def test_point_text_round_trips(point: Point) -> None:
    assert point_parse(point_format(point)) == point


def test_text_forms() -> None:
    assert cell_format(Cell(0, -1)) == "0,-1"
    assert cell_parse("-12,7") == Cell(-12, 7)
    assert point_format(Point(2, 1)) == "2,1"


@pytest.mark.parametrize(
    "text", ["0, 1", " 0,1", "0,1 ", "-0,1", "+1,2", "01,2", "1,2,3", "1", "", "a,b", "1;2"]
)
def test_cell_parse_rejects_other_spellings(text: str) -> None:
    with pytest.raises(ValueError):
        cell_parse(text)


def test_point_parse_rejects_even_sums() -> None:
    with pytest.raises(ValueError, match="odd"):
        point_parse("1,1")


# --- packed coordinates ------------------------------------------------------------


@given(cells)
def test_packing_round_trips_and_parity_is_orientation(cell: Cell) -> None:
    packed = cell_pack(*cell)
    assert cell_unpack(packed) == cell
    assert (packed & 1 == 0) == cell.points_up


@given(points)
def test_point_packing_round_trips(point: Point) -> None:
    assert point_unpack(point_pack(*point)) == point


@given(st.builds(Cell, coords.map(lambda n: n // 2), coords.map(lambda n: n // 2)))
def test_offset_tables_agree_with_the_geometry(cell: Cell) -> None:
    packed = cell_pack(*cell)
    parity = packed & 1
    assert tuple(
        point_unpack(packed + offset) for offset in CELL_CORNER_OFFSETS[parity]
    ) == cell_corners(cell)
    assert tuple(
        cell_unpack(packed + offset) for offset in CELL_NEIGHBOUR_OFFSETS[parity]
    ) == cell_neighbours(cell)
    for point in cell_corners(cell):
        packed_point = point_pack(*point)
        assert tuple(
            cell_unpack(packed_point + offset) for offset in POINT_CELL_OFFSETS
        ) == point_cells(point)
