"""Calibration of trust across runs: populations with a past, on boards of 10,000.

    .venv/bin/python tests/benchmarks/trust_calibration.py [--players 10000]
        [--challenges 60] [--instances 40] [--seed 1] [--top 10] [--top-share 0.01] ...

Every challenge, a field of ``--players`` people plays (the kinds of
``tests/engine/humans.py``, mixed as a public board is: many novices, few prodigies; 1 %
of the field are new accounts each challenge, ``--new-accounts``). Each entry's share of
par and its share of the solver's first choices are drawn around what ``make
calibrate``'s table (docs/solver.md) measured for its kind, and its pace around the
kind's. Inside that field play ``--instances`` of each population with a past:

- a steady regular: an expert (0.57 of par) with a long record;
- an improver: from 0.30 to 0.80 of par over six weeks (126 challenges);
- a strong newcomer: a prodigy (0.75 of par) from their first challenge;
- patient sybils: groups of five accounts that age with mediocre runs (0.30) for 10 to
  20 challenges, then strike together at 0.70-0.84 of par, one script's pace;
- the evasive script: a fresh account at 0.70-0.84 of par, its solver match kept under
  the single-run thresholds (at most 0.94, and share + match under 1.6).

Every entry is judged as the service judges it (``triominos.trust`` and
``triominos.review``, thresholds from the flags or the service's defaults), and a
moderator decides what is held: people's entries are approved (they become form),
scripts' voided. It prints, per population, the share of entries held (false holds for
people, catches for scripts) and, for the field, the held entries per challenge: the
moderators' load. docs/trust.md keeps the table.

The draws are models, not people: the normal spread around each kind's mean is the
spread the 30 deals of the single-run calibration showed (mean to max over two).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triominos import (  # noqa: E402
    PlayerRecord,
    ReviewThresholds,
    RunFeatures,
    TrustThresholds,
    form_reasons,
    guarded,
    paces_linked,
    review_reasons,
    single_run_waived,
    top_size,
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
EXPERT = next(kind for kind in FIELD if kind.name == "expert")
PRODIGY = next(kind for kind in FIELD if kind.name == "prodigy")
SCRIPT_PACE = (1500.0, 2000.0, 2500.0)
NEW_ACCOUNTS = 0.01
"""The share of a challenge's field that are new accounts (``--new-accounts``)."""


@dataclass
class Player:
    """One account: what it plays, and the record the service keeps of it."""

    population: str
    is_script: bool
    kind: Kind | None
    shares: deque[float] = field(default_factory=lambda: deque(maxlen=200))
    counted: int = 0
    voided: int = 0
    vouched: bool = False
    pace_sum: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    pace_entries: int = 0
    pace_base: tuple[float, float, float] = SCRIPT_PACE
    start: int = 0
    strike: int | None = None
    improve: tuple[float, float, int] | None = None

    def record(self) -> PlayerRecord:
        return PlayerRecord(
            shares=tuple(self.shares), voided=self.voided, vouched=self.vouched, trust="auto"
        )

    def pace(self) -> list[float]:
        return [total / self.pace_entries for total in self.pace_sum]


def person(population: str, kind: Kind, rng: random.Random) -> Player:
    base = kind.gap_ms * math.exp(rng.gauss(0, 0.25))
    shape = 1 + rng.gauss(0, 0.1)
    pace = (base * 0.72 / shape, base, base * 1.4 * shape)
    return Player(population, False, kind, pace_base=pace)


def field_kind(rng: random.Random) -> Kind:
    return rng.choices(FIELD, weights=[kind.weight for kind in FIELD])[0]


@dataclass
class Tally:
    entries: int = 0
    held: int = 0
    top: int = 0
    held_in_top: int = 0
    reasons: dict[str, int] = field(default_factory=dict)


def clip(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def play(player: Player, challenge: int, rng: random.Random) -> tuple[float, float] | None:
    """This challenge's (share of par, solver match), or None when it does not play."""
    if challenge < player.start:
        return None
    age = challenge - player.start
    if player.population == "evasive script":
        if age > 0:
            return None
        share = rng.uniform(0.70, 0.84)
        return share, min(0.94, 1.59 - share)
    if player.population == "patient sybil":
        assert player.strike is not None
        if challenge < player.strike:
            return clip(rng.gauss(0.30, 0.05), 0, 1), clip(rng.gauss(0.6, 0.1), 0, 1)
        if challenge == player.strike:
            share = rng.uniform(0.70, 0.84)
            return share, min(0.94, 1.59 - share)
        return None
    if player.improve is not None:
        low, high, weeks = player.improve
        mean = low + (high - low) * min(1.0, age / weeks)
        return clip(rng.gauss(mean, 0.08), 0, 1), clip(rng.gauss(0.6 + mean / 3, 0.08), 0, 1)
    assert player.kind is not None
    share = clip(rng.gauss(*player.kind.share), 0, 1)
    return share, clip(rng.gauss(*player.kind.match), 0, 1)


def run_gaps(player: Player, rng: random.Random) -> tuple[float, float, float]:
    noise = 0.05 if player.is_script else 0.08
    return tuple(q * (1 + rng.gauss(0, noise)) for q in player.pace_base)  # type: ignore[return-value]


def simulate(args: argparse.Namespace) -> tuple[dict[str, Tally], list[int], list[int]]:
    rng = random.Random(args.seed)
    trust = TrustThresholds(
        top=args.top,
        top_share=args.top_share,
        guard_share=args.guard_share,
        provisional_challenges=args.provisional,
        form_margin=args.margin,
        form_window=args.window,
        trusted_challenges=args.trusted,
    )
    review = ReviewThresholds(
        par_ratio=0.85, solver_match=0.95, solver_match_choices=8, solver_like=1.6,
        median_gap_ms=800, min_gap_ms=0, pace_placements=10,
    )  # fmt: skip
    history = args.challenges // 3
    field_players = []
    for _ in range(args.players):
        player = person("field", field_kind(rng), rng)
        player.start = -rng.randint(0, 200)  # a long record already
        field_players.append(player)
    named: list[Player] = []
    for _ in range(args.instances):
        regular = person("steady regular", EXPERT, rng)
        regular.start = -rng.randint(20, 200)
        improver = person("improver", EXPERT, rng)
        improver.improve = (0.30, 0.80, 126)
        improver.start = rng.randint(0, 10) - 60
        newcomer = person("strong newcomer", PRODIGY, rng)
        newcomer.start = rng.randint(history, args.challenges - 3)
        script = Player("evasive script", True, None, start=rng.randint(0, args.challenges - 1))
        named += [regular, improver, newcomer, script]
    for _ in range(max(1, args.instances // 5)):
        strike = rng.randint(history, args.challenges - 1)
        for _ in range(5):
            sybil = Player("patient sybil", True, None, strike=strike)
            sybil.start = strike - rng.randint(10, 20)
            named.append(sybil)
    # The field's record before the window: their kind's draws, counted.
    for player in [*field_players, *named]:
        for challenge in range(max(player.start, -args.window), 0):
            outcome = play(player, challenge, rng)
            if outcome is not None:
                player.shares.append(outcome[0])
                player.counted += 1
    tallies: dict[str, Tally] = {}
    loads: list[int] = []
    field_loads: list[int] = []
    for challenge in range(args.challenges):
        # New accounts replace some of the field: people with no record yet.
        for index in rng.sample(
            range(len(field_players)), int(args.new_accounts * len(field_players))
        ):
            newcomer = person("field", field_kind(rng), rng)
            newcomer.start = challenge
            field_players[index] = newcomer
        played = []
        for player in [*field_players, *named]:
            outcome = play(player, challenge, rng)
            if outcome is not None:
                played.append((outcome[0], outcome[1], player))
        played.sort(key=lambda item: -item[0])
        size = top_size(trust, entries=len(played))
        top_players = [player for _, _, player in played[:size]]
        held_here = 0
        field_held = 0
        for rank, (share, match, player) in enumerate(played, start=1):
            record = player.record()
            reasons = list(
                form_reasons(record, share=share, rank=rank, entries=len(played), thresholds=trust)
            )
            choices = player.kind.choices if player.kind is not None else CHOICES
            features = RunFeatures(
                score=round(share * PAR), placements=PLACEMENTS, median_gap_ms=2000,
                min_gap_ms=900, choices=choices, solver_matches=round(match * choices),
            )  # fmt: skip
            single = [
                reason
                for reason in review_reasons(features, par=PAR, thresholds=review)
                if reason != "fast_pace"
            ]
            # --top 0: today's single-run review alone (no record, no waiver, no links).
            if (
                single
                and trust.top > 0
                and single_run_waived(record, share=share, thresholds=trust)
            ):
                single = []
            reasons += single
            at_top = guarded(trust, rank=rank, entries=len(played), share=share)
            if 0 < rank <= trust.top and player.pace_entries >= args.pace_entries:
                for other in top_players[: trust.top]:
                    if other is player or other.pace_entries < args.pace_entries:
                        continue
                    if paces_linked(player.pace(), other.pace(), tolerance_ms=args.pace_ms):
                        reasons.append("linked_accounts")
                        break
            names = [player.population]
            if not player.is_script and player.counted >= trust.provisional_challenges:
                names.append(WITH_HISTORY)
            striking = player.population == "patient sybil" and challenge == player.strike
            if player.is_script and player.population == "patient sybil" and not striking:
                names = ["patient sybil, ageing"]
            for name in names:
                tally = tallies.setdefault(name, Tally())
                tally.entries += 1
                tally.top += at_top
                if reasons:
                    tally.held += 1
                    tally.held_in_top += at_top
                    for reason in set(reasons):
                        tally.reasons[reason] = tally.reasons.get(reason, 0) + 1
            if reasons:
                held_here += 1
                field_held += player.population == "field"
            # The moderator: people approved (their form), scripts voided.
            if reasons and player.is_script:
                player.voided += 1
            else:
                player.shares.append(share)
                player.counted += 1
                player.vouched = player.vouched or bool(reasons)
            gaps = run_gaps(player, rng)
            player.pace_sum = [a + b for a, b in zip(player.pace_sum, gaps, strict=True)]
            player.pace_entries += 1
        loads.append(held_here)
        field_loads.append(field_held)
    return tallies, loads, field_loads


WITH_HISTORY = "every person with a history"
ORDER = (
    "steady regular",
    "improver",
    "strong newcomer",
    "field",
    WITH_HISTORY,
    "patient sybil, ageing",
    "patient sybil",
    "evasive script",
)


def report(args: argparse.Namespace) -> None:
    tallies, loads, field_loads = simulate(args)
    print(
        f"{args.players:,} people a challenge, {args.challenges} challenges, "
        f"{args.instances} of each population, {args.new_accounts:.0%} new accounts; "
        f"top {args.top} or {args.top_share:.0%} or {args.guard_share} of par, "
        f"provisional < {args.provisional}, margin {args.margin}, window {args.window}, "
        f"trusted >= {args.trusted}, pace link {args.pace_ms} ms over >= {args.pace_entries}"
    )
    print()
    print("| population | who | entries | at the guarded top | held | held at the top | reasons |")
    print("|---|---|---|---|---|---|---|")
    for name in ORDER:
        tally = tallies.get(name)
        if tally is None:
            continue
        who = "script" if "sybil" in name or "script" in name else "person"
        in_top = f"{tally.held_in_top / tally.top:.1%}" if tally.top else "-"
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(tally.reasons.items())) or "-"
        print(
            f"| {name} | {who} | {tally.entries:,} | {tally.top:,} | "
            f"{tally.held / tally.entries:.2%} | {in_top} | {reasons} |"
        )
    print()
    print(
        f"moderators' load, entries held a challenge: mean {statistics.mean(loads):.1f}, "
        f"max {max(loads)} (the field alone: mean {statistics.mean(field_loads):.1f}, "
        f"max {max(field_loads)})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--challenges", type=int, default=60)
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new-accounts", type=float, default=NEW_ACCOUNTS)
    defaults = TrustThresholds()
    parser.add_argument("--top", type=int, default=defaults.top)
    parser.add_argument("--top-share", type=float, default=defaults.top_share)
    parser.add_argument("--guard-share", type=float, default=defaults.guard_share)
    parser.add_argument("--provisional", type=int, default=defaults.provisional_challenges)
    parser.add_argument("--margin", type=float, default=defaults.form_margin)
    parser.add_argument("--window", type=int, default=defaults.form_window)
    parser.add_argument("--trusted", type=int, default=defaults.trusted_challenges)
    parser.add_argument("--pace-ms", type=float, default=60)
    parser.add_argument("--pace-entries", type=int, default=5)
    report(parser.parse_args(argv))


if __name__ == "__main__":
    main()
