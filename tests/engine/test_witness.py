"""The replay taken in batches, and leaderboard eligibility (RULES.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.players import clearing_run, random_run
from tests.engine.test_replay import TRAY, WELL, logs
from triominos import (
    DEFAULT_RULESET,
    ChallengeReplay,
    ReplayPosition,
    eligibility_check,
    last_placement_of,
    move_trimmed,
    moves_sequence,
    replay_challenge,
)

# --- the replay in batches -------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    cuts=st.lists(st.integers(0, 103), max_size=6),
    spoil=st.none() | st.integers(0, 102),
)
def test_batches_resumed_from_a_stored_position_replay_as_the_whole_log(
    seed: int, cuts: list[int], spoil: int | None
) -> None:
    run = random_run(seed)
    moves: list[Any] = [dict(move) for move in run.log()["moves"]]  # type: ignore[attr-defined]
    if spoil is not None and spoil < len(moves):
        moves[spoil] = {**moves[spoil], "rotation": 7}  # the first bad move
    whole = replay_challenge(tray=run.tray, well=run.well, log={"moves": moves})

    position: ReplayPosition | None = None
    taken = 0
    for cut in [*sorted(set(cuts)), len(moves)]:
        if cut < taken:
            continue
        # Each batch starts from the JSON the server would have stored after the last.
        stored = None if position is None else json.loads(json.dumps(position.to_json()))
        replay = ChallengeReplay(
            tray=run.tray,
            well=run.well,
            position=None if stored is None else ReplayPosition.from_json(stored),
        )
        error = replay.extend(moves[taken:cut])
        position = replay.position()
        taken = cut
        if error is not None:
            break
    assert replay.result() == whole


def test_a_cleared_board_resumes_to_the_clear_bonus() -> None:
    run = clearing_run(3)
    moves: list[Any] = run.log()["moves"]  # type: ignore[assignment]
    first = ChallengeReplay(tray=run.tray, well=run.well)
    assert first.extend(moves[:50]) is None
    second = ChallengeReplay(tray=run.tray, well=run.well, position=first.position())
    assert second.extend(moves[50:]) is None
    result = second.result()
    assert (result.board_cleared, result.score) == (True, run.score)
    assert len(second) == 103


def test_after_the_first_bad_move_a_replay_takes_nothing_more() -> None:
    replay = ChallengeReplay(tray=TRAY, well=WELL)
    error = replay.extend([{"t": 5, "type": "draw"}, {"t": 1, "type": "draw"}])
    assert error is not None and (error.move, error.code) == (1, "time_not_monotonic")
    assert replay.extend([{"t": 9, "type": "draw"}]) is error
    assert len(replay) == 1


def test_a_replay_refuses_what_is_not_a_challenge() -> None:
    with pytest.raises(ValueError, match="not a challenge"):
        ChallengeReplay(tray=TRAY[:8], well=WELL)


@settings(max_examples=200, deadline=None)
@given(logs)
def test_any_json_split_in_two_batches_replays_as_a_whole(log: object) -> None:
    whole = replay_challenge(tray=TRAY, well=WELL, log=log)
    if not isinstance(log, dict) or not isinstance(log.get("moves"), list):
        return  # refused before any move (bad_log): there is nothing to take in batches
    moves = log["moves"]
    half = len(moves) // 2
    first = ChallengeReplay(tray=TRAY, well=WELL)
    if first.extend(moves[:half]) is None:
        resumed = ChallengeReplay(tray=TRAY, well=WELL, position=first.position())
        resumed.extend(moves[half:])
        assert resumed.result() == whole
    else:
        assert first.result() == whole


# --- eligibility -----------------------------------------------------------------------


def _place(t: int) -> dict[str, Any]:
    return {"t": t, "type": "place", "tile": "0-0-0", "cell": [0, 0], "rotation": 0}


def _draw(t: int) -> dict[str, Any]:
    return {"t": t, "type": "draw"}


def test_moves_that_arrived_in_time_at_a_persons_pace_are_eligible() -> None:
    moves = [_place(1000), _draw(1100), _draw(1150), _place(1200), _place(1400)]
    window = DEFAULT_RULESET.witness_window_ms
    arrivals = [3000, 3000, 3000, 1200 + window, 1400 + window]
    assert eligibility_check(moves=moves, arrivals=arrivals) is None


def test_a_move_that_reached_the_server_too_late_is_not_witnessed() -> None:
    window = DEFAULT_RULESET.witness_window_ms
    moves = [_place(1000), _place(2000), _place(3000)]
    breach = eligibility_check(moves=moves, arrivals=[1200, 2000 + window + 1, 60_000])
    assert breach is not None
    assert (breach.move, breach.code) == (1, "not_witnessed")
    assert breach.detail == (
        "move 2 (at 2.0 s into the run) reached the server 10.0 s later; "
        "a move must arrive within 10.0 s"
    )
    # The figures of the sentence go with it, so a page can say it in its own words.
    assert breach.to_json() == {
        "move": 1,
        "code": "not_witnessed",
        "detail": breach.detail,
        "t_ms": 2000,
        "late_ms": window + 1,
        "window_ms": window,
    }


def test_two_placements_under_the_floor_are_too_fast_but_draws_are_free() -> None:
    floor = DEFAULT_RULESET.pace_floor_ms
    paced = [_place(0), _draw(1), _draw(2), _place(floor)]
    assert eligibility_check(moves=paced, arrivals=[500] * 4) is None
    hasty = [_place(0), _draw(50), _place(floor - 1)]
    breach = eligibility_check(moves=hasty, arrivals=[500] * 3)
    assert breach is not None
    assert (breach.move, breach.code) == (2, "too_fast")
    assert "199 ms after the placement before it (move 1)" in breach.detail


def test_the_earliest_breach_wins_and_late_beats_fast_on_one_move() -> None:
    moves = [_place(0), _place(10)]
    breach = eligibility_check(moves=moves, arrivals=[100, 60_000])
    assert breach is not None and breach.code == "not_witnessed"


def test_eligibility_needs_an_arrival_per_move() -> None:
    with pytest.raises(ValueError, match="arrival"):
        eligibility_check(moves=[_draw(0)], arrivals=[])


@settings(max_examples=300, deadline=None)
@given(
    kinds=st.lists(st.booleans(), max_size=40),
    gaps=st.lists(st.integers(0, 600), min_size=40, max_size=40),
    lateness=st.lists(st.integers(0, 11_000), min_size=40, max_size=40),
    cuts=st.lists(st.integers(0, 40), max_size=8),
)
def test_eligibility_checked_in_batches_answers_as_the_whole_run(
    kinds: list[bool], gaps: list[int], lateness: list[int], cuts: list[int]
) -> None:
    """A server checks each batch's new moves after the run's last placement: the
    first breach it finds, index and words, is the whole run's."""
    moves, t = [], 0
    for index, place in enumerate(kinds):
        t += gaps[index]
        moves.append(_place(t) if place else _draw(t))
    arrivals = [move["t"] + lateness[index] for index, move in enumerate(moves)]
    whole = eligibility_check(moves=moves, arrivals=arrivals)
    found, carried, start = None, None, 0
    for end in [*sorted(set(cuts)), len(moves)]:
        batch = moves[start:end]
        if found is None and batch:
            found = eligibility_check(
                moves=batch, arrivals=arrivals[start:end], first_index=start,
                last_placement=carried,
            )  # fmt: skip
        carried = last_placement_of(batch, first_index=start, before=carried)
        start = max(start, end)
    assert found == whole


def test_the_last_placement_is_carried_over_batches_of_draws() -> None:
    assert last_placement_of([_draw(5)], first_index=7, before=(3, 0)) == (3, 0)
    assert last_placement_of([_place(5), _draw(9)], first_index=7) == (7, 5)
    assert last_placement_of([]) is None


def test_the_last_placement_of_a_whole_log_counts_from_its_first_move() -> None:
    # A run replayed whole stores this, and a later batch's too_fast names that move.
    assert last_placement_of([_draw(5), _place(900), _draw(950)]) == (1, 900)


# --- stored moves ----------------------------------------------------------------------


def test_a_valid_move_is_stored_as_itself_without_extra_fields() -> None:
    move = _place(1200)
    assert move_trimmed({**move, "note": "x" * 10_000, "debug": {"a": [1]}}) == move
    assert move_trimmed(_draw(5)) == _draw(5)


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ({"t": "x" * 1000, "type": "place"}, {"t": "x" * 40, "type": "place"}),
        (
            {"t": 1, "type": "place", "cell": [[1] * 9, 2, 3, 4]},
            {"t": 1, "type": "place", "cell": [None, 2, 3]},
        ),
        ({"t": 10**30, "type": {"deep": [1]}}, {"t": None, "type": None}),
        # The bound of a stored number: 10^15 is dropped, one less is kept; so on the
        # negative side, -10^15 dropped and one more kept.
        (
            {"t": 10**15 - 1, "type": "place", "cell": [10**15, -(10**15) + 1]},
            {"t": 10**15 - 1, "type": "place", "cell": [None, -(10**15) + 1]},
        ),
        (
            {"t": -(10**15), "type": "place", "cell": [-(10**15), 10**15 - 1]},
            {"t": None, "type": "place", "cell": [None, 10**15 - 1]},
        ),
        # A JSON number or boolean is kept within the bound; a nested value is not.
        (
            {"t": 1.5, "type": True, "cell": [False, -2.5, {"row": 1}]},
            {"t": 1.5, "type": True, "cell": [False, -2.5, None]},
        ),
        ([1, 2, 3, 4, 5], [1, 2, 3]),
        ("y" * 500, "y" * 40),
    ],
)
def test_a_bad_move_is_stored_bounded(raw: object, stored: object) -> None:
    assert move_trimmed(raw) == stored


def test_the_sequence_of_a_log_forgets_its_times() -> None:
    a = [_place(100), _draw(900)]
    b = [_place(4100), _draw(4300)]
    assert moves_sequence(a) == moves_sequence(b) == "0-0-0@0,0r0;draw"
    assert moves_sequence([_draw(1), _place(2)]) != moves_sequence(a)
