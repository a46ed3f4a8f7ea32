"""Copies measured on real logs for the trust calibration (``trust_calibration.py``):
on each deal, the runs of simulated people of the strong kinds; of each, a copy turned
by 120 and by 240 degrees and a copy keeping 70 % of its placements. The share of
placements two honest strangers make in common is the near copy's false hold."""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass, field

from tests.engine.humans import HUMANS, PRODIGY, human_run, log_placements
from triominos import deal_shuffle, placement_turned, placements_shared

NEAR_COPY_SHARE = 0.7
"""``TRUST_NEAR_COPY_SHARE``'s default: the line the copies below are measured against."""


@dataclass
class Copies:
    honest_pairs: int = 0
    honest_over_line: int = 0
    honest_entries: int = 0
    honest_entries_held: int = 0
    turned: int = 0
    turned_caught: int = 0
    partial: int = 0
    partial_caught: int = 0
    shares: list[float] = field(default_factory=list)


def copies(args: argparse.Namespace) -> Copies:
    """Real logs on ``--deals`` deals: honest strangers' shared placements, and turned
    and partial copies, against the near copy's line."""
    rng = random.Random(args.seed)
    kinds = (*HUMANS[2:], PRODIGY)
    tally = Copies()
    for deal_number in range(args.deals):
        deal = deal_shuffle(10_000 + deal_number)
        logs = [
            log_placements(human_run(deal.tray, deal.well, kind, deal_number * 1_000 + n))
            for n in range(args.runs_per_kind)
            for kind in kinds
        ]
        for index, ours in enumerate(logs):
            best = 0.0
            for other, theirs in enumerate(logs):
                if other == index:
                    continue
                shared = placements_shared(ours, theirs)
                best = max(best, shared)
                if other > index:
                    tally.honest_pairs += 1
                    tally.honest_over_line += shared >= NEAR_COPY_SHARE
                    tally.shares.append(shared)
            tally.honest_entries += 1
            tally.honest_entries_held += best >= NEAR_COPY_SHARE
            for turns in (1, 2):
                turned = [placement_turned(placement, turns) for placement in ours]
                tally.turned += 1
                tally.turned_caught += placements_shared(turned, ours) >= NEAR_COPY_SHARE
            kept = ours[: math.ceil(0.7 * len(ours))]
            own = [f"own-{rng.random()}" for _ in range(len(ours) - len(kept))]
            tally.partial += 1
            tally.partial_caught += placements_shared([*kept, *own], ours) >= NEAR_COPY_SHARE
    return tally
