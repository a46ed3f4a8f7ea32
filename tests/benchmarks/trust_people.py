"""The people and the scripts of the trust calibration (``trust_calibration.py``): the
kinds of a public board's field, an account's record, what each population plays each
challenge, and how the service judges its entry (``triominos.trust``,
``triominos.review``, ``triominos.timing``)."""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field

from tests.benchmarks.timing_pools import Pools
from triominos import (
    PlayerRecord,
    ReviewThresholds,
    RunFeatures,
    TimingFeatures,
    TimingThresholds,
    TrustThresholds,
    approval_waives,
    form_of,
    form_reasons,
    guarded,
    review_reasons,
    timing_reasons,
)

PAR = 440
CHOICES = 12
PLACEMENTS = 20


@dataclass(frozen=True)
class Kind:
    """A kind of person: share of par (mean, sd), solver match (mean, sd), median gap,
    placements made where the position offered a choice (fewer than 8: not judged), and
    its share of a public board's players."""

    name: str
    share: tuple[float, float]
    match: tuple[float, float]
    gap_ms: int
    choices: int
    weight: float


# docs/solver.md, "make calibrate": mean and max over 30 deals; sd = (max - mean) / 2.
FIELD = (
    Kind("novice", (0.09, 0.12), (0.45, 0.20), 4000, 5, 0.25),
    Kind("casual", (0.17, 0.12), (0.50, 0.14), 3800, 7, 0.30),
    Kind("regular", (0.26, 0.12), (0.57, 0.15), 2500, 9, 0.245),
    Kind("strong", (0.37, 0.10), (0.71, 0.10), 2200, 10, 0.12),
    Kind("strong, fast", (0.53, 0.13), (0.68, 0.12), 1750, 12, 0.05),
    Kind("expert", (0.57, 0.12), (0.79, 0.07), 2000, 12, 0.03),
    Kind("prodigy", (0.75, 0.10), (0.78, 0.085), 1450, 13, 0.005),
)
# Each kind's times are drawn from the runs of its kind in tests/engine/humans.py.
HUMAN_OF = {
    "novice": "novice, slow",
    "casual": "casual",
    "regular": "regular",
    "strong": "strong",
    "strong, fast": "strong, fast",
    "expert": "expert, 30 runs",
    "prodigy": "prodigy, fast",
}
EXPERT = next(kind for kind in FIELD if kind.name == "expert")
PRODIGY_KIND = next(kind for kind in FIELD if kind.name == "prodigy")
NEW_ACCOUNTS = 0.01
REVIEW = ReviewThresholds(
    par_ratio=0.85, solver_match=0.95, solver_match_choices=8, solver_like=1.6,
    median_gap_ms=800, min_gap_ms=0, pace_placements=10,
)  # fmt: skip
OLD_MARGIN = 0.20
"""The old rule: form was the best of the last 20, and the line that plus 0.20."""
TIMING_SPREAD = 0.25
"""``TRUST_TIMING_SPREAD``'s default (0: the rule is off)."""
EPSILON = 0.005
HISTORY = 60
UNDER_THE_GUARD = "sybil aged under the guard"
"""Ages just past the provisional record, just under the guard share (live, unjudged),
then strikes at its line less a hair, and under ``near_par``: the highest an aged
account reaches with no single-run measure and no person in its way."""
AGED = ("aged sybil", "adaptive sybil", UNDER_THE_GUARD)


@dataclass
class Player:
    """One account: what it plays, and the record the service keeps of it."""

    population: str
    is_script: bool
    kind: Kind | None
    shares: deque[float] = field(default_factory=lambda: deque(maxlen=HISTORY))
    reviewed: deque[bool] = field(default_factory=lambda: deque(maxlen=HISTORY))
    voided: int = 0
    vouched: bool = False
    start: int = 0
    strike: int | None = None
    improve: tuple[float, float, int] | None = None
    struck: int = 0
    overlapped: bool = False
    """Another run beside this entry's that the overlap check meets: guest laundering's
    second guest; for a person, this entry's draw of a stranger on their network."""
    pace: str = ""
    """A script's times: a person's pace drawn from a range, or a person's mimicked
    (``timing_pools``); a person's come from their kind."""
    ceiling: float = 1.0
    """The most an attacker aims at (``--under-near-par``: just under ``near_par``)."""
    draw: float = 0.0
    """``--secret-draw``'s what-if: this account's secret share of the draw (0-1)."""
    aim_below: float = 0.0
    """How far under the line it can compute an attacker aims, beyond the hair: the
    draw's width when the line is lowered by a secret draw it cannot read."""

    def record(self) -> PlayerRecord:
        return PlayerRecord(
            shares=tuple(self.shares),
            reviewed=tuple(self.reviewed),
            voided=self.voided,
            vouched=self.vouched,
        )

    def count(self, share: float, *, reviewed: bool) -> None:
        self.shares.append(share)
        self.reviewed.append(reviewed)


def person(population: str, kind: Kind) -> Player:
    return Player(population, False, kind)


def field_kind(rng: random.Random) -> Kind:
    return rng.choices(FIELD, weights=[kind.weight for kind in FIELD])[0]


def clip(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def scripted(share: float) -> tuple[float, float]:
    """A script's share and its solver match, kept under the single-run thresholds as
    the review counts it: whole placements of the ``CHOICES`` it had (a match that
    rounds up to the line would be a script that did not count)."""
    under_moves = math.floor(REVIEW.solver_match * CHOICES - 1e-9)
    under_like = math.ceil((REVIEW.solver_like - share) * CHOICES - 1e-9) - 1
    matches = min(under_moves, under_like)
    return share, max(0, matches) / CHOICES


def ageing_challenges(rng: random.Random, trust: TrustThresholds) -> int:
    """How many challenges an aged attacker plays before its strike: just past the
    provisional record (5-10 at the default), since one who reads the rules waits it
    out, however long it is."""
    return trust.provisional_challenges + rng.randint(0, 5)


def ageing(rng: random.Random) -> tuple[float, float]:
    """An attacker's ageing run: inside the people's band, a person's match."""
    return rng.uniform(0.45, 0.64), clip(rng.gauss(0.7, 0.08), 0, 1)


def under_the_guard(rng: random.Random, trust: TrustThresholds) -> tuple[float, float]:
    """An ageing run just under the guard: live, and judged by nothing (a score below
    what scripts aim at is no threat to the top), yet it builds the highest level a
    record can have without a person looking at it."""
    return rng.uniform(trust.guard_share - 0.04, trust.guard_share - EPSILON), clip(
        rng.gauss(0.7, 0.08), 0, 1
    )


def old_line(player: Player) -> float:
    recent = list(player.shares)[-20:]
    return (max(recent) if recent else 0.0) + OLD_MARGIN


def new_line(player: Player, trust: TrustThresholds) -> float:
    form = form_of(player.record(), trust)
    return form.line if form is not None else trust.guard_share


def play(
    player: Player, challenge: int, rng: random.Random, trust: TrustThresholds
) -> tuple[float, float, bool] | None:
    """This challenge's (share of par, solver match, a strike?), or None."""
    if challenge < player.start:
        return None
    age = challenge - player.start
    population = player.population
    if population == "evasive script":
        return (*scripted(rng.uniform(0.70, 0.84)), True) if age == 0 else None
    if population in (*AGED, "guest laundering"):
        assert player.strike is not None
        if challenge < player.strike:
            if population == UNDER_THE_GUARD:
                return (*under_the_guard(rng, trust), False)
            return (*ageing(rng), False)
        if challenge > player.strike:
            return None
        if population == "aged sybil":
            return (*scripted(min(0.84, old_line(player) - EPSILON)), True)
        if population == "adaptive sybil":
            line = min(new_line(player, trust) - player.aim_below, player.ceiling)
            return (*scripted(line - EPSILON), True)
        if population == UNDER_THE_GUARD:
            line = min(new_line(player, trust) - player.aim_below, REVIEW.par_ratio)
            return (*scripted(line - EPSILON), True)
        return (*scripted(rng.uniform(0.75, 0.84)), True)
    if population == "ratchet":
        assert player.strike is not None
        if challenge < player.strike:
            return (*ageing(rng), False)
        if player.struck < 10:
            line = min(new_line(player, trust) - player.aim_below, player.ceiling)
            return (*scripted(min(0.99, line - EPSILON)), True)
        if player.struck == 10:
            return (*scripted(0.99), True)
        return None
    if player.improve is not None:
        low, high, weeks = player.improve
        mean = low + (high - low) * min(1.0, age / weeks)
        return clip(rng.gauss(mean, 0.08), 0, 1), clip(rng.gauss(0.6 + mean / 3, 0.08), 0, 1), False
    assert player.kind is not None
    share = clip(rng.gauss(*player.kind.share), 0, 1)
    return share, clip(rng.gauss(*player.kind.match), 0, 1), False


def timed(player: Player, rng: random.Random, measured: Pools) -> TimingFeatures | None:
    """This entry's times: a run of the player's kind (a script: of its pace)."""
    if player.is_script:
        group = player.pace
    elif player.kind is not None:
        group = HUMAN_OF[player.kind.name]
    else:
        return None
    runs = measured.by_group.get(group)
    return rng.choice(runs) if runs else None


def judged(
    player: Player,
    share: float,
    match: float,
    rank: int,
    entries: int,
    trust: TrustThresholds,
    timing: TimingFeatures | None = None,
    timing_rule: TimingThresholds | None = None,
    timing_waives: bool = False,
    secret_draw: float = 0.0,
) -> list[str]:
    """The reasons the service holds this entry for. ``timing_waives``: the question the
    service does not ask, what if a person's times waived the score's measures as an
    approval does (``--timing-waives``)."""
    timing_rule = timing_rule or TimingThresholds()
    record = player.record()
    reasons: list[str] = list(
        form_reasons(record, share=share, rank=rank, entries=entries, thresholds=trust)
    )
    at_top = guarded(trust, rank=rank, entries=entries, share=share)
    if secret_draw and at_top and "above_form" not in reasons:
        # The what-if of a line lowered by a secret per-account draw (not the rule).
        form = form_of(record, trust)
        if form is not None and share > form.line - secret_draw * player.draw:
            reasons.append("above_form")
    choices = player.kind.choices if player.kind is not None else CHOICES
    features = RunFeatures(
        score=round(share * PAR), placements=PLACEMENTS, median_gap_ms=2000,
        min_gap_ms=900, choices=choices, solver_matches=round(match * choices),
    )  # fmt: skip
    single = [r for r in review_reasons(features, par=PAR, thresholds=REVIEW) if r != "fast_pace"]
    timed_as_a_person = (
        timing_waives
        and timing is not None
        and not timing_reasons(timing, thresholds=timing_rule)
        and record.challenges >= trust.provisional_challenges
    )
    if timed_as_a_person or approval_waives(record, share=share, thresholds=trust):
        single = [reason for reason in single if reason not in ("near_par", "solver_like")]
    if at_top or trust.top <= 0:
        reasons += single
    if player.overlapped and at_top:
        reasons.append("overlapping_runs")
    if timing is not None and (at_top or trust.top <= 0):
        reasons += timing_reasons(timing, thresholds=timing_rule)
    return reasons
