"""Placements and moves: canonical text forms and the run-log JSON form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triominos import (
    TILES,
    Cell,
    Move,
    MoveError,
    Placement,
    log_from_moves,
    move_format,
    move_from_json,
    move_parse,
    moves_from_json,
    placement_format,
    placement_parse,
    tile_parse,
)

placements = st.builds(
    Placement,
    st.sampled_from(TILES),
    st.builds(Cell, st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6)),
    st.sampled_from((0, 1, 2)),
)
times = st.integers(-(10**7), 10**7)
moves = st.builds(Move.draw, times) | st.builds(Move.place, times, placements)


def test_placement_text() -> None:
    placement = Placement(tile_parse("3-4-5"), Cell(0, -1), 2)
    assert placement_format(placement) == "3-4-5@0,-1r2"
    assert str(placement) == "3-4-5@0,-1r2"
    assert placement_parse("3-4-5@0,-1r2") == placement


@given(placements)
def test_placement_text_round_trips(placement: Placement) -> None:
    assert placement_parse(placement_format(placement)) == placement


@pytest.mark.parametrize(
    "text",
    [
        "5-4-3@0,0r0",  # not a tile id
        "3-4-5@0,0r3",  # no rotation 3
        "3-4-5@0,0",
        "3-4-5@0, 0r0",
        "3-4-5 @0,0r0",
        "3-4-5@-0,0r0",
        "3-4-5@0,0r0 ",
        "3-4-5@[0,0]r0",
        "@0,0r0",
        "",
    ],
)
def test_placement_parse_rejects_other_spellings(text: str) -> None:
    # Every refusal says what was wrong and shows the form expected.
    with pytest.raises(ValueError, match=r"^not a (placement|tile id): .* \(expected "):
        placement_parse(text)


@pytest.mark.parametrize("parse", [placement_parse, move_parse])
@pytest.mark.parametrize("value", [None, 1830, ["1830:draw"]])
def test_a_text_form_parse_refuses_what_is_not_text_with_a_value_error(
    parse: object, value: object
) -> None:
    # Tools catch ValueError for a bad spelling; a TypeError would escape them.
    with pytest.raises(ValueError, match=r"\(expected e\.g\. "):
        parse(value)  # type: ignore[operator]


def test_move_text() -> None:
    place = Move.place(1830, placement_parse("3-4-5@0,0r0"))
    assert move_format(place) == "1830:place:3-4-5@0,0r0"
    assert move_format(Move.draw(4210)) == "4210:draw"
    assert move_parse("4210:draw") == Move.draw(4210)
    assert move_parse("1830:place:3-4-5@0,0r0") == place
    assert Move.draw(5).is_draw and not place.is_draw
    assert str(place) == "1830:place:3-4-5@0,0r0"
    assert str(Move.draw(4210)) == "4210:draw"


@given(moves)
def test_move_text_round_trips(move: Move) -> None:
    assert move_parse(move_format(move)) == move


@pytest.mark.parametrize(
    "text",
    [
        "-0:draw",
        "+1:draw",
        "01:draw",
        "1:draw:",
        "1:Draw",
        "1:place:",
        "1:place:draw",
        "draw",
        "1: draw",
    ],
)
def test_move_parse_rejects_other_spellings(text: str) -> None:
    # "1:place:" is a move whose placement is wrong: the placement's words then.
    with pytest.raises(ValueError, match=r"^not a (move|placement): .* \(expected e\.g\. '"):
        move_parse(text)


def test_json_forms_follow_the_run_log_of_rules_md() -> None:
    place = Move.place(1830, placement_parse("3-4-5@0,0r0"))
    assert place.to_json() == {
        "t": 1830,
        "type": "place",
        "tile": "3-4-5",
        "cell": [0, 0],
        "rotation": 0,
    }
    assert Move.draw(4210).to_json() == {"t": 4210, "type": "draw"}
    assert log_from_moves([place, Move.draw(4210)]) == {
        "moves": [place.to_json(), {"t": 4210, "type": "draw"}]
    }
    assert placement_parse("1-2-5@-3,4r1").to_json() == {
        "tile": "1-2-5",
        "cell": [-3, 4],
        "rotation": 1,
    }


@given(moves)
def test_move_json_round_trips(move: Move) -> None:
    parsed = move_from_json(move.to_json())
    assert parsed == move
    assert type(parsed) is Move and (
        parsed.placement is None or type(parsed.placement) is Placement
    )
    assert parsed.placement is None or type(parsed.placement.cell) is Cell


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"t": 1, "type": "draw", "tile": 5}, None),  # extra fields are ignored
        ({"t": 1, "type": "place", "tile": "3-4-5", "cell": (0, 0), "rotation": 9}, None),
        ({"t": 1, "type": "place", "tile": "5-4-3", "cell": [0, 0], "rotation": 0}, "unknown_tile"),
        ({"t": 1, "type": "place", "tile": "5-4-3", "cell": [0], "rotation": 0}, "malformed"),
        ({"t": True, "type": "draw"}, "malformed"),
        ({"t": 1, "type": "place", "tile": "3-4-5", "cell": {0, 1}, "rotation": 0}, "malformed"),
        ([1, "draw"], "malformed"),
        (None, "malformed"),
    ],
)
def test_move_from_json_types_the_shape_and_nothing_more(raw: object, code: str | None) -> None:
    """The parse checks the shape of RULES.md's move and that its tile exists; whether
    a rotation or a cell is allowed is for the run to check."""
    if code is None:
        assert isinstance(move_from_json(raw), Move)
        return
    with pytest.raises(MoveError) as refused:
        move_from_json(raw)
    assert refused.value.code == code


@given(st.lists(moves, max_size=6))
def test_a_logs_moves_parse_to_the_fields_of_their_moves(played: list[Move]) -> None:
    """The checked loop takes the parser's plain tuples where it takes Moves: the same
    fields, in the same order."""
    parsed = list(moves_from_json([move.to_json() for move in played]))
    assert parsed == [tuple(move) for move in played]
    assert [Move._make(fields) for fields in parsed] == played


def test_a_logs_moves_parse_one_at_a_time_up_to_the_first_bad_one() -> None:
    """A bad move is refused when the loop reaches it, after the moves before it were
    handed out (and played): the replay keeps its valid prefix."""
    log = [
        {"t": 10, "type": "draw"},
        {"t": 20, "type": "place", "tile": "0-0-0", "cell": [0, 0], "rotation": 0},
        {"t": 30, "type": "jump"},
        {"t": 40, "type": "draw"},
    ]
    parsed = moves_from_json(log)
    assert next(parsed) == (10, None, 0, 0, 0)
    assert next(parsed) == (20, tile_parse("0-0-0"), 0, 0, 0)
    with pytest.raises(MoveError) as refused:
        next(parsed)
    assert refused.value.code == "malformed"
    assert "'type' must be 'place' or 'draw'" in refused.value.detail
