"""The challenge replay's error codes: each code of RULES.md's table with its detail,
and the precedence of the table when a move breaks several rules."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.players import clearing_run
from tests.engine.reference import reference_replay
from tests.engine.replays import OPENING, TRAY, WELL, Move, assert_error, draw, place, replay
from triominos import replay_challenge

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
