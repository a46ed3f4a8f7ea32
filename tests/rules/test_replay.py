"""The challenge replay: valid runs, every error code and its precedence, refusals,
the clear bonus, and the promise never to raise."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from challenges.rules import (
    ERROR_CODES,
    TILE_IDS,
    MoveOutcome,
    ReplayResult,
    replay_challenge,
)
from tests.rules.players import clearing_run, random_run
from tests.rules.reference import reference_replay

TRAY = ["0-0-0", "0-1-2", "1-1-1", "1-2-5", "2-2-2", "2-3-4", "3-4-4", "3-4-5", "5-5-5"]
WELL = [tile_id for tile_id in TILE_IDS if tile_id not in TRAY]  # "0-0-1" comes first

Move = dict[str, Any]


def place(t: int, tile: str, cell: list[int], rotation: int) -> Move:
    return {"t": t, "type": "place", "tile": tile, "cell": cell, "rotation": rotation}


def draw(t: int) -> Move:
    return {"t": t, "type": "draw"}


OPENING = [place(1830, "3-4-5", [0, 0], 0), place(4210, "3-4-4", [0, 1], 2)]  # 12 + 11


def replay(moves: list[Any], *, max_t: int | None = None) -> ReplayResult:
    return replay_challenge(tray=TRAY, well=WELL, log={"moves": moves}, max_t=max_t)


def assert_error(result: ReplayResult, move: int | None, code: str) -> None:
    assert not result.valid
    assert result.error is not None
    assert (result.error.move, result.error.code) == (move, code), result.error.detail
    assert result.error.detail
    if move is not None:
        assert len(result.moves) == move
    assert result.score == sum(outcome.points for outcome in result.moves)


# --- valid runs --------------------------------------------------------------------


def test_a_valid_run_and_its_json() -> None:
    result = replay([*OPENING, draw(5000)])
    assert result.valid and result.error is None
    assert result.moves == (MoveOutcome(12, None), MoveOutcome(11, None), MoveOutcome(-5, None))
    assert (result.score, result.tiles_placed, result.draws, result.board_cleared) == (
        18,
        2,
        1,
        False,
    )
    assert result.to_json() == {
        "valid": True,
        "score": 18,
        "moves": [
            {"points": 12, "bonus": None},
            {"points": 11, "bonus": None},
            {"points": -5, "bonus": None},
        ],
    }


def test_an_invalid_run_keeps_its_valid_prefix_in_json() -> None:
    result = replay([*OPENING, place(6000, "2-3-4", [0, 2], 0)])
    assert result.to_json() == {
        "valid": False,
        "score": 23,
        "error": {"move": 2, "code": result.error.code, "detail": result.error.detail},  # type: ignore[union-attr]
        "moves": [{"points": 12, "bonus": None}, {"points": 11, "bonus": None}],
    }
    assert list(result.to_json()) == ["valid", "score", "error", "moves"]


def test_an_empty_log_is_a_valid_run_of_nothing() -> None:
    result = replay([])
    assert result.valid and result.score == 0 and result.moves == ()


def test_the_score_may_go_below_zero() -> None:
    result = replay([draw(0), draw(0), draw(10)])
    assert result.valid and result.score == -15


def test_moves_may_share_a_time_and_use_the_whole_two_minutes() -> None:
    result = replay([place(0, "3-4-5", [0, 0], 0), draw(0), draw(120_000)])
    assert result.valid and result.score == 2


def test_extra_fields_are_ignored() -> None:
    moves = [{**OPENING[0], "note": "hi"}, {"t": 2000, "type": "draw", "tile": 5, "cell": None}]
    assert replay(moves).valid


@pytest.mark.parametrize("seed", range(6))
def test_replaying_a_recorded_run_reproduces_its_score(seed: int) -> None:
    run = random_run(seed)
    result = replay_challenge(tray=run.tray, well=run.well, log=run.log())
    assert result.valid, result.error
    assert result.score == run.score
    assert list(result.moves) == run.outcomes


def test_the_clear_bonus_is_inside_the_last_placement() -> None:
    run = clearing_run(3)
    result = replay_challenge(tray=run.tray, well=run.well, log=run.log())
    assert result.valid
    assert (result.tiles_placed, result.draws, len(result.moves)) == (56, 47, 103)
    assert result.board_cleared and result.score == run.score
    last = run.moves[-1].placement
    assert last is not None
    before = run.board.copy()
    before.pop()
    plain = before.outcome(last)
    assert result.moves[-1] == MoveOutcome(plain.points + 25, plain.bonus)


# --- refusals before the first move ---------------------------------------------------


@pytest.mark.parametrize(
    "log",
    [
        None,
        [],
        "moves",
        3,
        2.5,
        True,
        {},
        {"move": []},
        {"moves": {}},
        {"moves": "[]"},
        {"moves": None},
    ],
)
def test_a_log_that_is_not_an_object_with_a_list_of_moves_is_refused(log: object) -> None:
    result = replay_challenge(tray=TRAY, well=WELL, log=log)
    assert_error(result, None, "bad_log")
    assert result.moves == () and result.score == 0


@pytest.mark.parametrize(
    ("tray", "well"),
    [
        (TRAY[:8], WELL),  # 8 + 47
        (TRAY, WELL[:46]),  # 9 + 46
        (TRAY, [*WELL[:46], TRAY[0]]),  # a duplicate, a tile missing
        ([*TRAY[:8], "5-4-3"], WELL),  # not canonical
        ([*TRAY[:8], 7], WELL),
        ("".join(TRAY), WELL),
        (None, None),
        (TRAY + WELL[:1], WELL[1:]),  # 10 + 46
    ],
)
def test_a_tray_and_well_that_are_not_the_56_tiles_are_refused(tray: Any, well: Any) -> None:
    result = replay_challenge(tray=tray, well=well, log={"moves": []})
    assert_error(result, None, "bad_challenge")


def test_a_non_integer_max_t_is_refused() -> None:
    result = replay_challenge(tray=TRAY, well=WELL, log={"moves": []}, max_t="5")  # type: ignore[arg-type]
    assert_error(result, None, "bad_challenge")


# --- each code --------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "draw",
        5,
        {"type": "draw"},  # no t
        {"t": True, "type": "draw"},  # JSON booleans are not integers
        {"t": 1.0, "type": "draw"},
        {"t": "1", "type": "draw"},
        {"t": None, "type": "draw"},
        {"t": 1},
        {"t": 1, "type": "Draw"},
        {"t": 1, "type": "pass"},
        {"t": 1, "type": None},
        {"t": 1, "type": "place", "cell": [0, 0], "rotation": 0},
        {"t": 1, "type": "place", "tile": 345, "cell": [0, 0], "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0], "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, 0, 0], "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, False], "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0.0, 0], "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": "0,0", "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": {"0": 0}, "rotation": 0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, 0]},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": False},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": 0.0},
        {"t": 1, "type": "place", "tile": "3-4-5", "cell": [0, 0], "rotation": "0"},
    ],
)
def test_malformed(move: Any) -> None:
    assert_error(replay([*OPENING, move]), 2, "malformed")


@pytest.mark.parametrize("t", [-1, 120_001, 10**30, -(10**30)])
def test_time_over(t: int) -> None:
    assert_error(replay([draw(t)]), 0, "time_over")


def test_max_t_caps_the_clock_at_what_the_server_saw() -> None:
    assert replay([*OPENING, draw(50_000)], max_t=50_000).valid
    result = replay([*OPENING, draw(50_001)], max_t=50_000)
    assert_error(result, 2, "time_over")
    assert "the server's clock had only reached 50000 ms" in result.error.detail  # type: ignore[union-attr]
    # It never lifts the two-minute limit.
    assert_error(replay([draw(120_001)], max_t=500_000), 0, "time_over")
    assert_error(replay([draw(0)], max_t=-1), 0, "time_over")


def test_time_not_monotonic() -> None:
    assert_error(replay([*OPENING, draw(4209)]), 2, "time_not_monotonic")


def test_run_over_after_all_56_tiles() -> None:
    run = clearing_run(3)
    moves = run.log()["moves"]
    assert isinstance(moves, list)
    last_t = moves[-1]["t"]
    result = replay_challenge(tray=run.tray, well=run.well, log={"moves": [*moves, draw(last_t)]})
    assert_error(result, 103, "run_over")
    assert result.score == run.score


def test_well_empty() -> None:
    result = replay([draw(10 * n) for n in range(48)])
    assert_error(result, 47, "well_empty")
    assert result.score == -235


@pytest.mark.parametrize("tile", ["5-4-3", "6-6-6", "", " 3-4-5", "3-4-5 ", "0-0"])
def test_unknown_tile(tile: str) -> None:
    assert_error(replay([place(0, tile, [0, 0], 0)]), 0, "unknown_tile")


def test_tile_not_in_tray_says_where_the_tile_is() -> None:
    result = replay([place(0, "0-0-1", [0, 0], 0)])
    assert_error(result, 0, "tile_not_in_tray")
    assert "still in the well (1 draw away)" in result.error.detail  # type: ignore[union-attr]
    result = replay([*OPENING, place(5000, "3-4-5", [0, -1], 0)])
    assert_error(result, 2, "tile_not_in_tray")
    assert "already on the board at [0, 0]" in result.error.detail  # type: ignore[union-attr]
    # A drawn tile is in the tray.
    assert replay([draw(0), place(1, "0-0-1", [0, 0], 0)]).valid


@pytest.mark.parametrize("rotation", [3, -1, 10**20])
def test_bad_rotation(rotation: int) -> None:
    assert_error(replay([place(0, "3-4-5", [0, 0], rotation)]), 0, "bad_rotation")


def test_board_codes_with_their_details() -> None:
    result = replay([*OPENING, place(5000, "2-2-2", [0, 1], 0)])
    assert_error(result, 2, "cell_occupied")
    assert "[0, 1]" in result.error.detail  # type: ignore[union-attr]
    assert_error(replay([place(0, "3-4-5", [0, 1], 0)]), 0, "first_not_at_origin")
    assert_error(replay([place(0, "3-4-5", [10**40, 0], 0)]), 0, "first_not_at_origin")
    assert_error(replay([*OPENING, place(5000, "0-0-0", [5, 5], 0)]), 2, "not_adjacent")
    assert_error(replay([*OPENING, place(5000, "0-0-0", [-(10**40), 5], 0)]), 2, "not_adjacent")
    result = replay([place(0, "3-4-5", [0, 0], 0), place(1, "2-3-4", [0, 1], 2)])
    assert_error(result, 1, "corner_mismatch")
    assert result.error.detail == (  # type: ignore[union-attr]
        "corner 1 of [0, 1] lands on point (0, 1), which shows 3,"
        " but 2-3-4 in rotation 2 puts 2 there"
    )


# --- precedence: a move breaking several rules gets the first code of the table ---------

PRECEDENCE = [
    ("malformed over time_over", [], {"t": -1, "type": "jump"}, "malformed"),
    ("malformed over a bool t that is also late", [], {"t": True, "type": "draw"}, "malformed"),
    ("time_over over time_not_monotonic", OPENING, draw(-5), "time_over"),
    ("time_over over well_empty", [draw(n) for n in range(47)], draw(200_000), "time_over"),
    ("time_over over unknown_tile", [], place(130_000, "9-9-9", [0, 0], 0), "time_over"),
    (
        "time_not_monotonic over unknown_tile",
        OPENING,
        place(1, "9-9-9", [0, 0], 0),
        "time_not_monotonic",
    ),
    ("unknown_tile over bad_rotation", [], place(0, "5-4-3", [0, 0], 7), "unknown_tile"),
    ("unknown_tile over cell_occupied", OPENING, place(9000, "6-6-6", [0, 0], 0), "unknown_tile"),
    ("tile_not_in_tray over bad_rotation", [], place(0, "0-0-1", [0, 0], 9), "tile_not_in_tray"),
    (
        "tile_not_in_tray over cell_occupied",
        OPENING,
        place(9000, "3-4-5", [0, 1], 0),
        "tile_not_in_tray",
    ),
    ("bad_rotation over cell_occupied", OPENING, place(9000, "0-0-0", [0, 0], 3), "bad_rotation"),
    ("bad_rotation over first_not_at_origin", [], place(0, "0-0-0", [4, 4], 3), "bad_rotation"),
    (
        "cell_occupied over not_adjacent",
        OPENING[:1],
        place(9000, "0-0-0", [0, 0], 0),
        "cell_occupied",
    ),
    (
        "cell_occupied over corner_mismatch",
        OPENING,
        place(9000, "0-0-0", [0, 1], 0),
        "cell_occupied",
    ),
    (
        "first_not_at_origin over not_adjacent",
        [],
        place(0, "0-0-0", [9, 9], 0),
        "first_not_at_origin",
    ),
    (
        "not_adjacent over corner_mismatch",
        OPENING[:1],
        place(9000, "0-0-0", [-1, 0], 0),
        "not_adjacent",
    ),
]


@pytest.mark.parametrize(
    ("prefix", "move", "code"),
    [case[1:] for case in PRECEDENCE],
    ids=[case[0] for case in PRECEDENCE],
)
def test_precedence(prefix: list[Move], move: Move, code: str) -> None:
    result = replay([*prefix, move])
    assert_error(result, len(prefix), code)
    _, _, expected = reference_replay(TRAY, WELL, {"moves": [*prefix, move]})
    assert expected == (len(prefix), code)


def test_precedence_after_a_cleared_board() -> None:
    run = clearing_run(3)
    moves = run.log()["moves"]
    assert isinstance(moves, list)
    last_t = moves[-1]["t"]
    cases = [
        ({"t": last_t}, "malformed"),
        (draw(120_001), "time_over"),
        (draw(last_t - 1), "time_not_monotonic"),
        (draw(last_t), "run_over"),  # the well is empty too
        (place(last_t, "9-9-9", [0, 0], 0), "run_over"),
    ]
    for move, code in cases:
        result = replay_challenge(tray=run.tray, well=run.well, log={"moves": [*moves, move]})
        assert_error(result, 103, code)


# --- never raises -------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.booleans().map(lambda negative: -(10**5000) if negative else 10**5000)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)
move_like = st.fixed_dictionaries(
    {},
    optional={
        "t": st.integers(-5, 130_000) | json_values,
        "type": st.sampled_from(["place", "draw"]) | json_values,
        "tile": st.sampled_from(TILE_IDS) | json_values,
        "cell": st.lists(st.integers(-3, 3), min_size=2, max_size=2) | json_values,
        "rotation": st.integers(-1, 3) | json_values,
    },
)
logs = (
    json_values
    | st.fixed_dictionaries({"moves": json_values})
    | st.fixed_dictionaries({"moves": st.lists(move_like | json_values, max_size=12)})
)


def check_result(result: ReplayResult) -> None:
    assert isinstance(result, ReplayResult)
    assert result.valid == (result.error is None)
    assert result.score == sum(outcome.points for outcome in result.moves)
    if result.error is not None:
        assert result.error.code in ERROR_CODES
        if result.error.move is not None:
            assert result.error.move == len(result.moves)
    json.dumps(result.to_json(), allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(logs, st.none() | st.integers(-10, 200_000))
def test_any_json_log_gives_a_result_like_the_reference(log: object, max_t: int | None) -> None:
    result = replay_challenge(tray=TRAY, well=WELL, log=log, max_t=max_t)
    check_result(result)
    score, outcomes, error = reference_replay(TRAY, WELL, log, max_t)
    found = None if result.error is None else (result.error.move, result.error.code)
    assert found == error
    assert [tuple(outcome) for outcome in result.moves] == outcomes
    assert result.score == score


@settings(deadline=None)
@given(json_values, json_values)
def test_any_json_tray_and_well_give_a_result(tray: Any, well: Any) -> None:
    result = replay_challenge(tray=tray, well=well, log={"moves": []})
    check_result(result)
    assert result.error is not None and result.error.code == "bad_challenge"


HUGE = 10**5000  # too long for str(): details must still be written, and short
LONG = "x" * 100_000


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (draw(HUGE), "time_over"),
        (draw(-HUGE), "time_over"),
        (place(1, "3-4-5", [HUGE, 0], 0), "first_not_at_origin"),
        (place(1, "3-4-5", [0, -HUGE], 0), "first_not_at_origin"),
        (place(1, "3-4-5", [0, 0], HUGE), "bad_rotation"),
        (place(1, LONG, [0, 0], 0), "unknown_tile"),
        ({"t": 1, "type": LONG}, "malformed"),
        ({"t": 1, "type": [[[[[[[[[[]]]]]]]]]]}, "malformed"),
        ({"t": 1, "type": list(range(10_000))}, "malformed"),
    ],
)
def test_details_stay_short_whatever_the_values(move: Move, code: str) -> None:
    result = replay([move])
    assert_error(result, 0, code)
    assert len(result.error.detail) < 200  # type: ignore[union-attr]


def test_details_stay_short_for_a_huge_cell_next_to_the_board() -> None:
    result = replay([*OPENING, place(5000, "0-0-0", [HUGE, -HUGE], 0)])
    assert_error(result, 2, "not_adjacent")
    assert len(result.error.detail) < 200  # type: ignore[union-attr]


def test_a_refused_challenge_quotes_a_long_id_shortly() -> None:
    result = replay_challenge(tray=[*TRAY[:8], LONG], well=WELL, log={"moves": []})
    assert_error(result, None, "bad_challenge")
    assert len(result.error.detail) < 200  # type: ignore[union-attr]
