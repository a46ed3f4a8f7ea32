"""Timing as evidence: what a run's witnessed move times say about who played it.

The witness keeps every move's time (``t``, checked against its arrival), so a run's
times are a measure like its score. :func:`timing_features` reads four of them:

- ``first_read_ms``: the time before the first move (reading the tray);
- ``think_median_ms``: the median time before a placement (from the move before);
- ``think_spread``: how much those times vary, the standard deviation of their
  logarithms: a person's times spread log-normally (sigma about 0.35-0.45 in the
  simulated people), a script that draws its gaps from a fixed range less (1.3-2.7 s
  uniformly: about 0.21). A pause makes a script's spread wider, never narrower;
- ``effort``: the rank correlation (Spearman) between the time before a placement and
  how many (cell, tile) pairs of the hand fitted then (how much there was to look at);
  ``None`` with fewer than ``EFFORT_PLACEMENTS`` placements or when either side never
  varies.

:func:`timing_reasons` says when a run's times are unlike a person's
(``mechanical_pace``: a spread below :attr:`TimingThresholds.spread_floor` over at
least ``placements`` placements). :func:`timing_distance` sets a run's think time
against the player's own earlier runs (the fingerprint across runs): shown to a
moderator, never a hold, as a rival can read a pace off public runs.

A script that reads this module draws its times as a person's: nothing here tells it
from a person (docs/trust.md, "Timing as evidence", has what the calibration measured).

Pure: no Django, nothing of the project beyond the engine.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from triominos.placement_walk import PlacementSeen, placements_seen
from triominos.ruleset import DEFAULT_RULESET, Ruleset

__all__ = [
    "EFFORT_PLACEMENTS",
    "TIMING_REASONS",
    "TimingFeatures",
    "TimingReason",
    "TimingThresholds",
    "rank_correlation",
    "timing_distance",
    "timing_features",
    "timing_reasons",
]

TimingReason = Literal["mechanical_pace"]
TIMING_REASONS: tuple[TimingReason, ...] = ("mechanical_pace",)

EFFORT_PLACEMENTS = 8
"""The fewest placements (after the first move) a rank correlation is taken over."""

# The scale that makes a median absolute deviation a standard deviation (normal data).
_MAD_SD = 1.4826


@dataclass(frozen=True, slots=True)
class TimingFeatures:
    """What :func:`timing_features` measured of one valid run's times."""

    placements: int
    """Placements timed: those after the run's first move."""
    first_read_ms: int | None
    think_median_ms: int | None
    think_spread: float | None
    effort: float | None

    def to_json(self) -> dict[str, object]:
        return {
            "placements": self.placements,
            "first_read_ms": self.first_read_ms,
            "think_median_ms": self.think_median_ms,
            "think_spread": None if self.think_spread is None else round(self.think_spread, 4),
            "effort": None if self.effort is None else round(self.effort, 4),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TimingFeatures:
        def number(name: str) -> float | None:
            value = data.get(name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                return None
            return float(value)

        placements = number("placements")
        first, median = number("first_read_ms"), number("think_median_ms")
        return cls(
            placements=int(placements or 0),
            first_read_ms=None if first is None else int(first),
            think_median_ms=None if median is None else int(median),
            think_spread=number("think_spread"),
            effort=number("effort"),
        )


@dataclass(frozen=True, slots=True)
class TimingThresholds:
    """When a run's times are unlike a person's: a log-spread of think times under
    ``spread_floor`` over at least ``placements`` timed placements (0: off). The
    simulated people spread 0.29 at the least (the prodigy's best runs, 120 of them), a
    pace drawn from 1.3-2.7 s at most 0.23 (docs/trust.md, "Timing as evidence")."""

    spread_floor: float = 0.25
    placements: int = 15


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation of two equally long sequences (ties take their mean
    rank); ``None`` when either never varies or they are shorter than two."""
    if len(xs) != len(ys) or len(xs) < 2:
        return None
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def _spread(gaps: Sequence[int]) -> float | None:
    # The plain deviation, not a robust one: it tells a narrow range from a log-normal
    # with half the runs' placements (a robust one needs twice as many).
    logs = [math.log(gap) for gap in gaps if gap > 0]
    if len(logs) < 2:
        return None
    # In floats: statistics.pstdev's exact fractions were most of a submit's timing.
    mean = math.fsum(logs) / len(logs)
    return math.sqrt(math.fsum((value - mean) ** 2 for value in logs) / len(logs))


def timing_features(
    *,
    tray: Sequence[str],
    well: Sequence[str],
    log: object,
    ruleset: Ruleset = DEFAULT_RULESET,
    seen: Sequence[PlacementSeen] | None = None,
) -> TimingFeatures:
    """Measure the times of the valid run ``log`` of the challenge ``tray`` + ``well``
    (ValueError from the board when a placement is not legal: only valid runs are
    measured). ``seen``: the run's ``placements_seen``, when the caller walked the valid
    run already (for the review too)."""
    assert isinstance(log, dict)
    moves = log["moves"]
    if seen is None:
        seen = placements_seen(tray=tray, well=well, moves=moves, ruleset=ruleset, checked=True)
    gaps: list[int] = []
    options: list[int] = []
    for placement in seen:
        if placement.previous_t is not None:
            gaps.append(placement.t - placement.previous_t)
            options.append(placement.options)
    effort = None
    if len(gaps) >= EFFORT_PLACEMENTS:
        effort = rank_correlation([float(gap) for gap in gaps], [float(n) for n in options])
    return TimingFeatures(
        placements=len(gaps),
        first_read_ms=int(moves[0]["t"]) if moves else None,
        think_median_ms=round(statistics.median(gaps)) if gaps else None,
        think_spread=_spread(gaps),
        effort=effort,
    )


def timing_reasons(
    features: TimingFeatures, *, thresholds: TimingThresholds
) -> tuple[TimingReason, ...]:
    """Why a run's times ask a person to look (none: they are within people's)."""
    spread = features.think_spread
    # A spread is never negative: a floor of 0 holds nothing (the rule is off).
    if (
        features.placements >= thresholds.placements
        and spread is not None
        and spread < thresholds.spread_floor
    ):
        return ("mechanical_pace",)
    return ()


def timing_distance(ours: TimingFeatures, past: Sequence[TimingFeatures]) -> float | None:
    """How far this run's median think time lies from the player's earlier runs', in
    their own spread across runs (a z of the logarithms, the spread at least 0.1);
    ``None`` with fewer than three earlier runs measured."""
    theirs = [math.log(run.think_median_ms) for run in past if run.think_median_ms]
    if ours.think_median_ms is None or ours.think_median_ms <= 0 or len(theirs) < 3:
        return None
    centre = statistics.median(theirs)
    spread = max(0.1, _MAD_SD * statistics.median(abs(value - centre) for value in theirs))
    return (math.log(ours.think_median_ms) - centre) / spread
