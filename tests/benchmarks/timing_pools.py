"""Timing as evidence, measured on real logs: what the witnessed times of simulated
people and of scripts look like (``triominos/timing.py``), for the trust calibration
(``trust_calibration.py``) to draw each entry's times from.

People are ``tests/engine/humans.py``'s, each submitting their best of many runs. The
scripts play the greedy player's or a small beam's moves:

- **a person's pace** (``PERSON_PACE``): gaps drawn from a fixed range, 1.3-2.7 s a
  placement, 2.5-5 s to read the tray: the script of docs/solver.md;
- **paused**: the same moves stopped at 80 % with random pauses;
- **mimic**: the moves retimed as ``humans.py`` times a person of a strong kind (the
  tray read, a log-normal look before each placement, a second look when nothing was
  noticed): the attacker who reads the simulation and the rules. Its times are drawn
  from the very process the simulated people's come from.

The people's model times a look independently of which placement it finds (only a
second look when nothing was noticed depends on the position); real people's times are
not measured here. ``Entry.features["timing"]`` keeps every entry's, to measure them.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tests.engine.humans import (
    HUMANS,
    MOTOR_MS,
    PERSON_PACE,
    PRODIGY,
    TIME_LIMIT_MS,
    HumanKind,
    cut_at,
    human_entry,
    paused,
)
from triominos import (
    Board,
    Move,
    TimingFeatures,
    deal_shuffle,
    solver_greedy,
    solver_solve,
    tile_parse,
    timing_features,
)

PERSON_PACED = "script, a person's pace"
PAUSED = "script at 80 %, pauses"
MIMIC = "script, a person's times mimicked"
SCRIPT_GROUPS = (PERSON_PACED, PAUSED, MIMIC)
STRONG = (HUMANS[-1], PRODIGY)
"""The kinds a mimic copies: a strike at the top copies the top's people."""


def _lognormal_ms(rng: random.Random, median_ms: float, sigma: float) -> int:
    return round(median_ms * math.exp(rng.gauss(0.0, sigma)))


def mimicked(
    moves: Sequence[Move], tray: Sequence[str], well: Sequence[str], kind: HumanKind, seed: int
) -> dict[str, object]:
    """``moves`` retimed as ``humans.human_run`` times a person of ``kind``: the first
    move after reading the tray; each placement after a look (and another while the
    simulated eye noticed nothing among the legal placements); a draw after a look and
    a click. Moves past the two minutes are dropped."""
    rng = random.Random(seed)
    board = Board()
    hand = [tile_parse(tile_id) for tile_id in tray]
    remaining = [tile_parse(tile_id) for tile_id in well]
    t = rng.randint(2_500, 6_000)
    log: list[dict[str, object]] = []
    for index, move in enumerate(moves):
        legal = board.legal_placements(hand)
        looked = max(MOTOR_MS, _lognormal_ms(rng, kind.think_ms, kind.spread))
        for _attempt in range(2):
            if any(rng.random() < kind.notice for _ in legal):
                break
            looked += _lognormal_ms(rng, kind.think_ms / 2, kind.spread)
        if move.placement is not None:
            at = t if index == 0 else t + looked
        else:
            spent = looked if legal else _lognormal_ms(rng, kind.think_ms / 2, kind.spread)
            at = t + (0 if index == 0 else spent) + rng.randint(300, 800)
        if at > TIME_LIMIT_MS:
            break
        if move.placement is not None:
            board.push(move.placement)
            hand.remove(move.placement.tile)
        else:
            hand.append(remaining.pop(0))
        log.append(move._replace(t=at).to_json())
        t = at
    return {"moves": log}


@dataclass
class Pools:
    """Each group's measured timing features: people by kind name, scripts by group."""

    by_group: dict[str, list[TimingFeatures]] = dataclasses.field(default_factory=dict)

    def add(self, group: str, features: TimingFeatures) -> None:
        self.by_group.setdefault(group, []).append(features)


def measured(tray: Sequence[str], well: Sequence[str], log: dict[str, object]) -> TimingFeatures:
    return timing_features(tray=tray, well=well, log=log)


def pools(*, deals: int, seeds: int, first_deal: int = 20_000, nodes: int = 20_000) -> Pools:
    """Timing features of every kind of person and of each script group, over ``deals``
    deals and ``seeds`` entries of each on each."""
    found = Pools()
    for number in range(deals):
        tray, well = deal_shuffle(first_deal + number)
        for seed in range(seeds):
            salt = number * 1_000 + seed
            for kind in (*HUMANS, PRODIGY):
                log = human_entry(
                    tray, well, dataclasses.replace(kind, runs=min(kind.runs, 10)), salt
                )
                found.add(kind.name, measured(tray, well, log))
            pace = dataclasses.replace(PERSON_PACE, seed=salt)
            greedy = solver_greedy(tray=tray, well=well, pace=pace)
            beam = solver_solve(tray=tray, well=well, max_nodes=nodes, pace=pace)
            rng = random.Random(salt)
            for result in (greedy, beam):
                found.add(PERSON_PACED, measured(tray, well, result.log))
                cut = cut_at(result.log, tray, well, math.ceil(0.8 * result.score))
                found.add(PAUSED, measured(tray, well, paused(cut, rng)))
                kind = STRONG[rng.randrange(len(STRONG))]
                found.add(
                    MIMIC, measured(tray, well, mimicked(result.moves, tray, well, kind, salt))
                )
    return found


def percentiles(values: Sequence[float], qs: Sequence[float] = (0.05, 0.5, 0.95)) -> list[float]:
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in qs]


def separation(values_a: Sequence[float], values_b: Sequence[float]) -> float:
    """The chance that a draw from ``a`` lies above one from ``b`` (ties half): 0.5 is
    no separation, 0 or 1 complete."""
    above = sum((a > b) + 0.5 * (a == b) for a in values_a for b in values_b)
    return above / (len(values_a) * len(values_b))


FEATURES = ("first_read_ms", "think_median_ms", "think_spread", "effort")


def table(found: Pools, *, floor: float, placements: int) -> list[str]:
    """Each group's features (5th, 50th, 95th percentiles), the share held by the
    spread floor, and each script group's separation from the strongest people."""
    lines = [
        "| group | runs | first read (ms) | think median (ms) | think spread | effort "
        f"| spread < {floor} held |",
        "|---|---|---|---|---|---|---|",
    ]
    for group, runs in found.by_group.items():
        cells = []
        for name in FEATURES:
            values = [getattr(run, name) for run in runs if getattr(run, name) is not None]
            if not values:
                cells.append("-")
                continue
            low, mid, high = percentiles(values)
            digits = 0 if name.endswith("_ms") else 2
            cells.append(f"{low:.{digits}f} / {mid:.{digits}f} / {high:.{digits}f}")
        held = sum(
            run.think_spread is not None
            and run.placements >= placements
            and run.think_spread < floor
            for run in runs
        )
        lines.append(f"| {group} | {len(runs)} | {' | '.join(cells)} | {held / len(runs):.1%} |")
    strong = [run for kind in STRONG for run in found.by_group.get(kind.name, [])]
    lines += ["", "| script group against the strongest people | " + " | ".join(FEATURES) + " |"]
    lines.append("|---" * (len(FEATURES) + 1) + "|")
    for group in SCRIPT_GROUPS:
        runs = found.by_group.get(group, [])
        cells = []
        for name in FEATURES:
            ours = [getattr(run, name) for run in runs if getattr(run, name) is not None]
            theirs = [getattr(run, name) for run in strong if getattr(run, name) is not None]
            cells.append(f"{separation(ours, theirs):.2f}" if ours and theirs else "-")
        lines.append(f"| {group} | {' | '.join(cells)} |")
    return lines
