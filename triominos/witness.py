"""Leaderboard eligibility (RULES.md): a valid run that was witnessed and paced.

Replay proves a log legal; these rules say whether a person played it, then and at that
pace. They read a run's valid moves, each with the moment the server received it
(milliseconds since the run's recorded start, on the server's clock), and answer the
first breach, or None for an eligible run. Both windows come from the Ruleset.

Also here, because both are about what a log *is* rather than what it scores:
:func:`move_trimmed`, the form a move is stored in (only RULES.md's fields, bounded),
and :func:`moves_sequence`, the places and draws of a log without their times (two
entries with the same sequence are the same run, however it was timed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from triominos.ruleset import DEFAULT_RULESET, Ruleset

__all__ = [
    "INELIGIBLE_CODES",
    "Ineligibility",
    "IneligibleCode",
    "eligibility_check",
    "last_placement_of",
    "move_trimmed",
    "moves_sequence",
]

# RULES.md's table "Leaderboard eligibility", in the order they are checked.
IneligibleCode = Literal["not_witnessed", "too_fast"]
INELIGIBLE_CODES: tuple[IneligibleCode, ...] = get_args(IneligibleCode)

_MOVE_FIELDS = ("t", "type", "tile", "cell", "rotation")
_TEXT_KEPT = 40
"""Characters of a string field kept in a stored move: a tile id needs 5; a bad move's
junk is kept only enough to show what it was."""
_NUMBER_BOUND = 10**15
_NUMBER_TYPES = frozenset((int, float, bool))


@dataclass(frozen=True, slots=True)
class Ineligibility:
    """Why a valid run may not enter a leaderboard: the first move that breaks a rule
    of eligibility, its code, an English sentence for the record, and the figures the
    sentence holds, by name, so a page can say it in its reader's language:

    - ``not_witnessed``: ``t_ms`` (the move's time in the run), ``late_ms`` (how long
      after it the server received it), ``window_ms`` (the most it may be);
    - ``too_fast``: ``gap_ms`` (since the placement before), ``previous_move`` (that
      placement's 0-based index), ``floor_ms`` (the least it may be).
    """

    move: int
    code: IneligibleCode
    detail: str
    values: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "code": self.code, "detail": self.detail, **self.values}


def eligibility_check(
    *,
    moves: Sequence[dict[str, Any]],
    arrivals: Sequence[int],
    ruleset: Ruleset = DEFAULT_RULESET,
    first_index: int = 0,
    last_placement: tuple[int, int] | None = None,
) -> Ineligibility | None:
    """The first breach of RULES.md's eligibility by a run's valid ``moves``, or None.

    ``arrivals[i]`` is when move ``i`` reached the server, in ms since the run's start.
    A move breaking both rules gets ``not_witnessed``; the earliest move wins.

    A run checked in batches passes only the new moves: ``first_index``, the index in
    the run of ``moves[0]``, and ``last_placement``, ``(index, t)`` of the run's last
    placement before them (:func:`last_placement_of`). The moves before them having
    passed, the answer is the one the whole run would get.
    """
    if len(arrivals) < len(moves):
        raise ValueError(f"{len(moves)} moves but only {len(arrivals)} arrival times")
    window = ruleset.witness_window_ms
    floor = ruleset.pace_floor_ms
    for index, move in enumerate(moves, start=first_index):
        t = move["t"]
        late = arrivals[index - first_index] - t
        if late > window:
            return Ineligibility(
                index,
                "not_witnessed",
                f"move {index + 1} (at {_seconds(t)} into the run) reached the server "
                f"{_seconds(late)} later; a move must arrive within {_seconds(window)}",
                {"t_ms": t, "late_ms": late, "window_ms": window},
            )
        if move["type"] != "place":
            continue
        if last_placement is not None and t - last_placement[1] < floor:
            return Ineligibility(
                index,
                "too_fast",
                f"move {index + 1} was placed {t - last_placement[1]} ms after the placement "
                f"before it (move {last_placement[0] + 1}); placements are at least "
                f"{floor} ms apart",
                {
                    "gap_ms": t - last_placement[1],
                    "previous_move": last_placement[0],
                    "floor_ms": floor,
                },
            )
        last_placement = (index, t)
    return None


def last_placement_of(
    moves: Sequence[dict[str, Any]],
    *,
    first_index: int = 0,
    before: tuple[int, int] | None = None,
) -> tuple[int, int] | None:
    """``(index, t)`` of the last placement among ``moves`` (``moves[0]`` being move
    ``first_index`` of the run), else ``before``: what :func:`eligibility_check` carries
    from one batch to the next."""
    for offset in range(len(moves) - 1, -1, -1):
        move = moves[offset]
        if move["type"] == "place":
            return (first_index + offset, move["t"])
    return before


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f} s"


def move_trimmed(raw: object) -> object:
    """``raw`` as it is stored: only the fields of RULES.md, each bounded in size.

    A valid move comes out equal to itself without any extra field; a bad one keeps
    enough to show the player what was wrong, so no log can fill the disk.
    """
    if not isinstance(raw, dict):
        return _value_trimmed(raw)
    return {key: _value_trimmed(raw[key]) for key in _MOVE_FIELDS if key in raw}


def _value_trimmed(value: object) -> object:
    # Exact types (a JSON value's): every field of every move received comes through here.
    kind = type(value)
    if kind is str:
        return value[:_TEXT_KEPT]  # type: ignore[index]
    if kind is list or kind is tuple:
        # A cell is two integers; a third item or a nested list is already wrong.
        return [item if _scalar(item) else None for item in value[:3]]  # type: ignore[index]
    return value if _scalar(value) else None


def _scalar(value: object) -> bool:
    return value is None or (
        type(value) in _NUMBER_TYPES and -_NUMBER_BOUND < value < _NUMBER_BOUND  # type: ignore[operator]
    )


def moves_sequence(moves: Sequence[dict[str, Any]]) -> str:
    """The places and draws of valid ``moves`` in order, without their times: equal for
    two logs that played the same run whatever their timing."""
    return ";".join(
        f"{move['tile']}@{move['cell'][0]},{move['cell'][1]}r{move['rotation']}"
        if move["type"] == "place"
        else "draw"
        for move in moves
    )
