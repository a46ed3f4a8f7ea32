"""The challenge replay: valid runs, refusals before the first move, the clear bonus,
and the promise never to raise (its codes: test_replay_codes.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.players import clearing_run, random_run
from tests.engine.reference import reference_replay
from tests.engine.replays import OPENING, TRAY, WELL, Move, assert_error, draw, place, replay
from triominos import ERROR_CODES, TILE_IDS, MoveOutcome, ReplayResult, replay_challenge

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
