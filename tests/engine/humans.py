"""Simulated players for the review of runs: people of several strengths and paces, and
scripts that play a solver's moves at a person's pace. Pure engine, seeded.

A simulated person plays against the clock. Before each placement they look at the
board for a while (a log-normal time around their own median) and notice each legal
placement with a chance of their own, a placement making a bonus (a hexagon or a
bridge) with a higher one; they play the best-scoring placement they noticed. Noticing
nothing, they look again or give up and draw. They stop when the two minutes are up. A
player plays many runs and submits their best, so :func:`human_entry` is the best of
``runs`` runs.

These are models, not people: the parameters are chosen so that the scores fall where
people's do on this game (the issue's figures: 115-270 on a challenge whose par is
about 440, a strong player's best of many runs near greedy play). The calibration
benchmark (``tests/benchmarks/review_calibration.py``) prints what they score.

Scripts (:func:`script_run`) play a solver's moves (``solver_solve``, ``solver_greedy``)
timed as a person plays, some stopped short of par with random pauses: what a cheater
who read the issue would do.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from triominos import (
    Board,
    Move,
    Pace,
    SolverResult,
    Tile,
    placement_turned,
    replay_challenge,
    solver_greedy,
    solver_solve,
    tile_parse,
)
from triominos.ruleset import DEFAULT_RULESET

TIME_LIMIT_MS = DEFAULT_RULESET.time_limit_ms
# The quickest a person drags a tile onto its cell, whatever they decided before.
MOTOR_MS = 450


@dataclass(frozen=True)
class HumanKind:
    """A kind of player: how much of the board they see, and how fast they play."""

    name: str
    notice: float
    """Chance of noticing a given legal placement while looking."""
    notice_bonus: float
    """Chance of noticing one that makes a hexagon or a bridge."""
    think_ms: int
    """Median time from the move before to this placement."""
    spread: float = 0.45
    """Log-normal sigma of that time."""
    runs: int = 10
    """Runs played on a challenge; the best is submitted."""


HUMANS: tuple[HumanKind, ...] = (
    HumanKind("novice, slow", notice=0.12, notice_bonus=0.3, think_ms=4_500),
    HumanKind("casual", notice=0.2, notice_bonus=0.45, think_ms=3_300),
    HumanKind("regular", notice=0.3, notice_bonus=0.6, think_ms=2_600),
    HumanKind("strong", notice=0.45, notice_bonus=0.75, think_ms=2_100),
    HumanKind("strong, fast", notice=0.45, notice_bonus=0.75, think_ms=1_500),
    HumanKind("expert, 30 runs", notice=0.6, notice_bonus=0.9, think_ms=1_700, runs=30),
)
"""People as the issue saw them play: best runs from about 30 (a novice's) to 270
(an expert's best of 30 runs) on a challenge whose par is about 440."""

PRODIGY = HumanKind("prodigy, fast", notice=0.6, notice_bonus=0.9, think_ms=1_200, spread=0.35)
"""Beyond anyone seen: an expert's eye at 1.2 s a placement. Their best runs reach
0.7-0.9 of par; a moderator should look at those, and does."""


def _lognormal_ms(rng: random.Random, median_ms: float, sigma: float) -> int:
    return round(median_ms * math.exp(rng.gauss(0.0, sigma)))


def human_run(
    tray: Sequence[str], well: Sequence[str], kind: HumanKind, seed: int
) -> dict[str, object]:
    """One run of a person of ``kind``: its log (valid, paced as they played)."""
    rng = random.Random(seed)
    board = Board()
    hand: list[Tile] = [tile_parse(tile_id) for tile_id in tray]
    remaining: list[Tile] = [tile_parse(tile_id) for tile_id in well]
    moves: list[dict[str, object]] = []
    # Reading the tray before the first tile.
    t = rng.randint(2_500, 6_000)
    first = True
    while len(board) < DEFAULT_RULESET.tile_count:
        legal = [(p, board.outcome(p)) for p in board.legal_placements(hand)]
        looked = max(MOTOR_MS, _lognormal_ms(rng, kind.think_ms, kind.spread))
        choice = None
        for _attempt in range(3):
            noticed = [
                (outcome.points, rng.random(), p)
                for p, outcome in legal
                if rng.random() < (kind.notice_bonus if outcome.bonus else kind.notice)
            ]
            if noticed:
                choice = max(noticed)[2]
                break
            if not legal or rng.random() < 0.5:
                break  # nothing seen: give up and draw
            looked += _lognormal_ms(rng, kind.think_ms / 2, kind.spread)
        at = t if first else t + looked
        if choice is not None:
            if at > TIME_LIMIT_MS:
                break
            board.push(choice)
            hand.remove(choice.tile)
            moves.append(Move.place(at, choice).to_json())
        elif remaining:
            # Nothing fits, or nothing was seen: the time spent looking, then a click.
            spent = looked if legal else _lognormal_ms(rng, kind.think_ms / 2, kind.spread)
            at = t + (0 if first else spent) + rng.randint(300, 800)
            if at > TIME_LIMIT_MS:
                break
            hand.append(remaining.pop(0))
            moves.append({"t": at, "type": "draw"})
        else:
            break
        t, first = at, False
    return {"moves": moves}


def human_entry(
    tray: Sequence[str], well: Sequence[str], kind: HumanKind, seed: int
) -> dict[str, object]:
    """The run a person of ``kind`` submits: their best of ``kind.runs`` runs."""
    best: tuple[int, dict[str, object]] | None = None
    for attempt in range(kind.runs):
        log = human_run(tray, well, kind, seed * 1_000 + attempt)
        score = replay_challenge(tray=tray, well=well, log=log).score
        if best is None or score > best[0]:
            best = (score, log)
    assert best is not None
    return best[1]


# --- scripts ------------------------------------------------------------------------

PERSON_PACE = Pace(
    first_ms=2_500,
    first_jitter_ms=2_500,
    place_ms=1_300,
    place_jitter_ms=1_400,
    draw_ms=500,
    draw_jitter_ms=800,
)
"""A solver told to play at a person's pace: 1.3-2.7 s a placement (2 s on average),
0.5-1.3 s a draw, so that the run it plans fits the two minutes at that pace."""


def paused(
    log: dict[str, object], rng: random.Random, *, chance: float = 0.25
) -> dict[str, object]:
    """``log`` with random pauses (as if thinking) spread over the time it leaves unused:
    each move after the first, with ``chance``, waits a share of what is left."""
    moves = [dict(move) for move in log["moves"]]  # type: ignore[attr-defined]
    if not moves:
        return {"moves": moves}
    slack = TIME_LIMIT_MS - 1_000 - int(moves[-1]["t"])
    shift = 0
    for move in moves[1:]:
        if slack > 0 and rng.random() < chance:
            pause = rng.randint(0, min(slack, 6_000))
            shift, slack = shift + pause, slack - pause
        move["t"] = int(move["t"]) + shift
    return {"moves": moves}


def cut_at(
    log: dict[str, object], tray: Sequence[str], well: Sequence[str], target: int
) -> dict[str, object]:
    """``log`` stopped at the first move that takes its score to ``target`` or above."""
    result = replay_challenge(tray=tray, well=well, log=log)
    total = 0
    for count, outcome in enumerate(result.moves, start=1):
        total += outcome.points
        if total >= target:
            return {"moves": log["moves"][:count]}  # type: ignore[index]
    return log


def retimed_quick(moves: Sequence[Move], rng: random.Random) -> dict[str, object]:
    """The moves at a script's quickest pace that still passes the pace floor (200 ms):
    0.25-0.5 s a placement, 0.15-0.3 s a draw."""
    t, log = rng.randint(500, 1_000), []
    for index, move in enumerate(moves):
        if index:
            t += rng.randint(250, 500) if move.placement is not None else rng.randint(150, 300)
        log.append(move._replace(t=t).to_json())
    return {"moves": log}


SCRIPTS: tuple[str, ...] = (
    "solver, its own pace",
    "solver, quick",
    "solver, a person's pace",
    "solver at 80% of par, pauses",
    "small beam, a person's pace",
    "greedy, a person's pace",
    "greedy at 80%, pauses",
)
"""Scripts that must be held. Each plays a solver's moves: the solver's par run as it
comes (1.0-1.4 s a placement); the same moves just above the pace floor; the solver
planning at a person's pace (``PERSON_PACE``); the par run stopped at 80 % of par, its
unused time spread as random pauses (a cheater staying under a score rule); a small beam
(20,000 nodes, a cheap script) at a person's pace; the greedy player at a person's
pace; and the greedy player stopped at 80 % of its score, with pauses."""


@dataclass
class ScriptedRuns:
    """The solver's runs of one challenge that the scripts start from."""

    par: SolverResult
    person: SolverResult
    small: SolverResult
    greedy: SolverResult


def scripted_runs(
    tray: Sequence[str], well: Sequence[str], *, max_nodes: int, seed: int
) -> ScriptedRuns:
    pace = dataclasses.replace(PERSON_PACE, seed=seed)
    return ScriptedRuns(
        par=solver_solve(tray=tray, well=well, max_nodes=max_nodes),
        person=solver_solve(tray=tray, well=well, max_nodes=max_nodes, pace=pace),
        small=solver_solve(tray=tray, well=well, max_nodes=min(max_nodes, 20_000), pace=pace),
        greedy=solver_greedy(tray=tray, well=well, pace=pace),
    )


def script_run(
    name: str, tray: Sequence[str], well: Sequence[str], runs: ScriptedRuns, seed: int
) -> dict[str, object]:
    """The run the script ``name`` submits on this challenge."""
    rng = random.Random(seed)
    par = runs.par.score
    if name == "solver, its own pace":
        return runs.par.log
    if name == "solver, quick":
        return retimed_quick(runs.par.moves, rng)
    if name == "solver, a person's pace":
        return runs.person.log
    if name == "solver at 80% of par, pauses":
        return paused(cut_at(runs.par.log, tray, well, math.ceil(0.8 * par)), rng)
    if name == "small beam, a person's pace":
        return runs.small.log
    if name == "greedy, a person's pace":
        return runs.greedy.log
    if name == "greedy at 80%, pauses":
        target = math.ceil(0.8 * runs.greedy.score)
        return paused(cut_at(runs.greedy.log, tray, well, target), rng)
    raise ValueError(f"no script named {name!r}")


# --- logs as the near copy reads them -------------------------------------------------


def log_placements(log: dict[str, object]) -> list[str]:
    """A log's placements as ``moves_sequence`` writes them (``tile@row,colrR``)."""
    moves = log["moves"]
    assert isinstance(moves, list)
    return [
        f"{m['tile']}@{m['cell'][0]},{m['cell'][1]}r{m['rotation']}"
        for m in moves
        if m["type"] == "place"
    ]


def log_turned(log: dict[str, object], turns: int, *, later_ms: int = 0) -> dict[str, object]:
    """``log`` with every placement turned (``placement_turned``), ``later_ms`` later."""
    moves = []
    for move in log["moves"]:  # type: ignore[attr-defined]
        if move["type"] == "place":
            placed = f"{move['tile']}@{move['cell'][0]},{move['cell'][1]}r{move['rotation']}"
            _, _, where = placement_turned(placed, turns).partition("@")
            cell, _, rotation = where.partition("r")
            row, col = cell.split(",")
            move = {**move, "cell": [int(row), int(col)], "rotation": int(rotation)}
        moves.append({**move, "t": move["t"] + later_ms})
    return {"moves": moves}
