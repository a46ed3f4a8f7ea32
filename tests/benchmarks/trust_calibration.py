"""Calibration of trust across runs: honest people and patient attackers, boards of 5 to
10,000.

    .venv/bin/python tests/benchmarks/trust_calibration.py [--players 10000]
        [--challenges 60] [--instances 40] [--seed 1] [--new-accounts 0.01] ...

Every challenge, a field of ``--players`` people plays (the kinds of
``tests/engine/humans.py``, mixed as a public board is: many novices, few prodigies;
``--new-accounts`` of the field are new accounts each challenge). Each entry's share of
par and its share of the solver's first choices are drawn around what the single-run
calibration (docs/solver.md) measured for its kind. Beside the field play, each
``--instances`` times:

- honest people with a past: a steady regular (an expert, 0.57 of par), an improver
  (0.30 to 0.80 over six weeks), a strong newcomer (a prodigy from day one);
- **aged sybils**: accounts that age 5-10 challenges inside the people's band
  (0.45-0.64 of par), then strike at the old rule's line less a hair: their best of 20
  plus the margin, less 0.005 (0.79-0.84, the attack that beat the old rules); and the
  **adaptive sybil**, which knows the rules of today and strikes at their line (form +
  margin) less a hair: the issue's aged sybil against these rules;
- **the ratchet**: an aged account that strikes just under its line every challenge for
  ten challenges, then plays 0.99 of par;
- **guest laundering**: an aged account claims a guest's 0.75-0.84 run, played beside a
  second guest on the same device or network (``--cgnat``: the share of them behind a
  carrier's shared address and on two devices, where the network links no one);
- **pace griefing**: a rival plays a leader's pace into the top;
- the evasive script: a fresh account at 0.70-0.84 of par, its solver match kept under
  the single-run thresholds.

Every script plays the solver's moves kept under the single-run thresholds as the
review counts them (whole placements of its 12 choices: match under 0.95, share + match
under 1.6). Half the scripts of each population draw a person's pace from a range
(``PERSON_PACE``), half mimic a person's times (``timing_pools.MIMIC``); each entry's
times are a real simulated run's of its kind or pace (``timing_pools.py``), judged by
``triominos.timing``. Every entry is judged as the service judges it
(``triominos.trust``, ``triominos.review``); a moderator decides at most
``--capacity`` holds a challenge, the would-be first first (people approved: the share
becomes reviewed form; scripts voided); the rest are settled at ``results_at`` by the
policy (kept off the final board).

Copies are measured on real logs, not drawn: ``--deals`` deals, on each the runs of
simulated people of the strong kinds (``tests/engine/humans.py``), and of each a copy
turned by 120 and by 240 degrees and a copy keeping 70 % of its placements. The share
of placements two honest strangers make in common is the near copy's false hold.

Then the honest small boards: a fresh site where everyone is new, boards of 5, 50 and
500 people for 20 challenges: how many of their entries are held.

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

from tests.benchmarks.timing_pools import (  # noqa: E402
    MIMIC,
    PERSON_PACED,
    Pools,
    pools,
)
from tests.benchmarks.timing_pools import table as timing_table  # noqa: E402
from tests.engine.humans import HUMANS, PRODIGY, human_run, log_placements  # noqa: E402
from triominos import (  # noqa: E402
    PlayerRecord,
    ReviewThresholds,
    RunFeatures,
    TimingFeatures,
    TimingThresholds,
    TrustThresholds,
    approval_waives,
    deal_shuffle,
    form_of,
    form_reasons,
    guarded,
    placement_turned,
    placements_shared,
    review_reasons,
    timing_reasons,
)

PAR = 440
CHOICES = 12
PLACEMENTS = 20
NEAR_COPY_SHARE = 0.7
"""``TRUST_NEAR_COPY_SHARE``'s default: the line the copies below are measured against."""


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
TIMING_SPREAD = 0.0
"""``TRUST_TIMING_SPREAD``'s default (0: the rule is off)."""
EPSILON = 0.005
HISTORY = 60


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
    """Guest laundering: another guest's run beside the claimed one, linked to it."""
    pace: str = ""
    """A script's times: a person's pace drawn from a range, or a person's mimicked
    (``timing_pools``); a person's come from their kind."""

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


def ageing(rng: random.Random) -> tuple[float, float]:
    """An attacker's ageing run: inside the people's band, a person's match."""
    return rng.uniform(0.45, 0.64), clip(rng.gauss(0.7, 0.08), 0, 1)


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
    if population in ("aged sybil", "adaptive sybil", "guest laundering"):
        assert player.strike is not None
        if challenge < player.strike:
            return (*ageing(rng), False)
        if challenge > player.strike:
            return None
        if population == "aged sybil":
            return (*scripted(min(0.84, old_line(player) - EPSILON)), True)
        if population == "adaptive sybil":
            return (*scripted(new_line(player, trust) - EPSILON), True)
        return (*scripted(rng.uniform(0.75, 0.84)), True)
    if population == "ratchet":
        assert player.strike is not None
        if challenge < player.strike:
            return (*ageing(rng), False)
        if player.struck < 10:
            return (*scripted(min(0.99, new_line(player, trust) - EPSILON)), True)
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
    timing_rule: TimingThresholds = TimingThresholds(),
    timing_waives: bool = False,
) -> list[str]:
    """The reasons the service holds this entry for. ``timing_waives``: the question the
    service does not ask, what if a person's times waived the score's measures as an
    approval does (``--timing-waives``)."""
    record = player.record()
    reasons = list(form_reasons(record, share=share, rank=rank, entries=entries, thresholds=trust))
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
    at_top = guarded(trust, rank=rank, entries=entries, share=share)
    if at_top or trust.top <= 0:
        reasons += single
    if player.overlapped and at_top:
        reasons.append("overlapping_runs")
    if timing is not None and (at_top or trust.top <= 0):
        reasons += timing_reasons(timing, thresholds=timing_rule)
    return reasons


@dataclass
class Tally:
    entries: int = 0
    held: int = 0
    strikes: int = 0
    caught: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    ranks: list[int] = field(default_factory=list)
    """Where the strikes that went live ranked."""


def simulate(
    args: argparse.Namespace, measured: Pools
) -> tuple[dict[str, Tally], list[int], list[int], list[int]]:
    """The big board: the tallies by population, the holds a challenge (all, and the
    field's alone), and those left undecided at ``results_at`` (beyond the moderators'
    capacity)."""
    rng = random.Random(args.seed)
    timing_rng = random.Random(args.seed + 1)
    trust = thresholds_of(args)
    timing_rule = timing_of(args)
    field_players = []
    for _ in range(args.players):
        player = person("field", field_kind(rng))
        player.start = -rng.randint(0, 200)  # a long record already
        field_players.append(player)
    named: list[Player] = []
    history = args.challenges // 3
    for _ in range(args.instances):
        regular = person("steady regular", EXPERT)
        regular.start = -rng.randint(20, 200)
        improver = person("improver", EXPERT)
        improver.improve = (0.30, 0.80, 126)
        improver.start = rng.randint(0, 10) - 60
        newcomer = person("strong newcomer", PRODIGY_KIND)
        newcomer.start = rng.randint(history, args.challenges - 3)
        script = Player("evasive script", True, None, start=rng.randint(0, args.challenges - 1))
        script.pace = SCRIPT_PACES[len(named) % len(SCRIPT_PACES)]
        named += [regular, improver, newcomer, script]
        for population in ("aged sybil", "adaptive sybil", "guest laundering", "ratchet"):
            last = args.challenges - (12 if population == "ratchet" else 1)
            strike = rng.randint(10, last)
            attacker = Player(population, True, None, strike=strike)
            attacker.start = strike - rng.randint(5, 10)
            attacker.overlapped = population == "guest laundering" and rng.random() >= args.cgnat
            attacker.pace = SCRIPT_PACES[len(named) % len(SCRIPT_PACES)]
            named.append(attacker)
    for player in [*field_players, *named]:
        for challenge in range(max(player.start, -20), 0):
            outcome = play(player, challenge, rng, trust)
            if outcome is not None:
                player.count(outcome[0], reviewed=False)
    tallies: dict[str, Tally] = {}
    loads: list[int] = []
    field_loads: list[int] = []
    undecided: list[int] = []
    for challenge in range(args.challenges):
        for index in rng.sample(range(len(field_players)), int(args.new_accounts * args.players)):
            newcomer = person("field newcomer", field_kind(rng))
            newcomer.start = challenge
            field_players[index] = newcomer
        played = []
        for player in [*field_players, *named]:
            outcome = play(player, challenge, rng, trust)
            if outcome is not None:
                played.append((outcome[0], outcome[1], outcome[2], player))
        played.sort(key=lambda item: -item[0])
        held: list[tuple[int, Player, float]] = []
        for rank, (share, match, strike, player) in enumerate(played, start=1):
            timing = timed(player, timing_rng, measured)
            reasons = judged(
                player, share, match, rank, len(played), trust, timing, timing_rule,
                args.timing_waives,
            )  # fmt: skip
            names = [player.population]
            if player.population == "ratchet" and player.struck == 10:
                names = [RATCHET_END]
            if player.is_script:
                names.append(f"{names[0]} ({player.pace})")
            if not player.is_script and len(player.shares) >= trust.provisional_challenges:
                names.append(WITH_HISTORY)
            if not player.is_script:
                names.append(EVERY_PERSON)
            for name in names:
                tally = tallies.setdefault(name, Tally())
                tally.entries += 1
                tally.held += bool(reasons)
                tally.strikes += strike
                tally.caught += strike and bool(reasons)
                if strike and not reasons:
                    tally.ranks.append(rank)
                for reason in set(reasons):
                    tally.reasons[reason] = tally.reasons.get(reason, 0) + 1
            if player.population == "ratchet" and strike:
                player.struck += 1
            if reasons:
                held.append((rank, player, share))
            else:
                player.count(share, reviewed=False)
        # The moderators: the would-be first first, up to their capacity; people
        # approved, scripts voided. The rest: settled by the policy, off the board.
        held.sort(key=lambda item: item[0])
        for _rank, player, share in held[: args.capacity]:
            if player.is_script:
                player.voided += 1
            else:
                player.count(share, reviewed=True)
                player.vouched = True
        loads.append(len(held))
        field_loads.append(sum(p.population.startswith("field") for _, p, _ in held))
        undecided.append(max(0, len(held) - args.capacity))
    return tallies, loads, field_loads, undecided


def timing_of(args: argparse.Namespace) -> TimingThresholds:
    return TimingThresholds(spread_floor=args.timing_spread, placements=args.timing_placements)


def thresholds_of(args: argparse.Namespace) -> TrustThresholds:
    return TrustThresholds(
        top=args.top,
        guard_share=args.guard_share,
        provisional_challenges=args.provisional,
        form_margin=args.margin,
        form_margin_cap=args.margin_cap,
        form_spread_z=args.spread_z,
        form_window=args.window,
        form_step=args.step,
    )


def small_boards(
    args: argparse.Namespace, sizes: tuple[int, ...], measured: Pools
) -> dict[int, Tally]:
    """A fresh site: boards of ``sizes`` people, all new on the first challenge, for 20
    challenges; the held entries of these honest people (no moderator: what is held
    waits, as on a site nobody moderates yet)."""
    trust = thresholds_of(args)
    timing_rule = timing_of(args)
    tallies = {}
    for size in sizes:
        rng = random.Random(args.seed * 1000 + size)
        timing_rng = random.Random(args.seed * 1000 + size + 1)
        people = [person("newcomer", field_kind(rng)) for _ in range(size)]
        tally = Tally()
        for _challenge in range(20):
            played = []
            for player in people:
                share = clip(rng.gauss(*player.kind.share), 0, 1)  # type: ignore[union-attr]
                match = clip(rng.gauss(*player.kind.match), 0, 1)  # type: ignore[union-attr]
                played.append((share, match, player))
            played.sort(key=lambda item: -item[0])
            for rank, (share, match, player) in enumerate(played, start=1):
                timing = timed(player, timing_rng, measured)
                reasons = judged(
                    player, share, match, rank, len(played), trust, timing, timing_rule,
                    args.timing_waives,
                )  # fmt: skip
                tally.entries += 1
                tally.held += bool(reasons)
                for reason in set(reasons):
                    tally.reasons[reason] = tally.reasons.get(reason, 0) + 1
                if not reasons:
                    player.count(share, reviewed=False)
        tallies[size] = tally
    return tallies


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


WITH_HISTORY = "people with a history (5+ counted)"
EVERY_PERSON = "every honest person"
PEOPLE = (
    "steady regular",
    "improver",
    "strong newcomer",
    "field",
    "field newcomer",
    WITH_HISTORY,
    EVERY_PERSON,
)
RATCHET_END = "ratchet, its 0.99 after ten"
ATTACKERS = (
    "aged sybil",
    "adaptive sybil",
    RATCHET_END,
    "ratchet",
    "guest laundering",
    "evasive script",
)
SCRIPT_PACES = (PERSON_PACED, MIMIC)
"""Half the scripts draw a person's pace from a range; half mimic a person's times."""


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def report(args: argparse.Namespace) -> None:
    measured = pools(deals=args.timing_deals, seeds=args.timing_seeds)
    print(
        f"timing: {args.timing_deals} deals x {args.timing_seeds} entries of each kind "
        f"(tests/benchmarks/timing_pools.py); the rule: think spread under "
        f"{args.timing_spread} over {args.timing_placements}+ placements (5th / 50th / "
        f"95th percentiles)"
    )
    print()
    print("\n".join(timing_table(measured, floor=args.timing_spread, placements=args.timing_placements)))
    print()
    tallies, loads, field_loads, undecided = simulate(args, measured)
    print(
        f"{args.players:,} people a challenge, {args.challenges} challenges, "
        f"{args.instances} of each population, {args.new_accounts:.0%} new accounts a "
        f"challenge, {args.cgnat:.0%} of laundering guests behind a shared address; "
        f"guard {args.guard_share} of par, provisional < {args.provisional}, margin "
        f"{args.margin}-{args.margin_cap} (z {args.spread_z}), window {args.window}, step "
        f"{args.step}, moderators decide {args.capacity} a challenge"
        + (
            "; TIMES WITHIN PEOPLE'S WAIVE near_par AND solver_like (not the rule)"
            if args.timing_waives
            else ""
        )
    )
    print()
    print("| honest people | entries | held | reasons |")
    print("|---|---|---|---|")
    for name in PEOPLE:
        tally = tallies.get(name)
        if tally is None:
            continue
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(tally.reasons.items())) or "-"
        print(f"| {name} | {tally.entries:,} | {_percent(tally.held, tally.entries)} | {reasons} |")
    print()
    print("| attacker | strikes | held | the live ones' median rank | reasons |")
    print("|---|---|---|---|---|")
    for name in [f"{a}{pace}" for a in ATTACKERS for pace in ("", *(f" ({p})" for p in SCRIPT_PACES))]:
        tally = tallies.get(name)
        if tally is None:
            continue
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(tally.reasons.items())) or "-"
        ranks = f"{statistics.median(tally.ranks):,.0f}" if tally.ranks else "-"
        print(
            f"| {name} | {tally.strikes} | {_percent(tally.caught, tally.strikes)} | "
            f"{ranks} | {reasons} |"
        )
    print()
    print(
        f"moderators' load at {args.players:,}: held a challenge mean "
        f"{statistics.mean(loads):.1f}, max {max(loads)} (the field alone: mean "
        f"{statistics.mean(field_loads):.1f}, max {max(field_loads)}); left to the policy at "
        f"results_at (beyond {args.capacity} decided): mean {statistics.mean(undecided):.2f}, "
        f"max {max(undecided)}, {sum(undecided)} in {args.challenges} challenges"
    )
    print()
    print("| fresh site, board of | entries | held | reasons |")
    print("|---|---|---|---|")
    for size, tally in small_boards(args, (5, 50, 500), measured).items():
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(tally.reasons.items())) or "-"
        print(f"| {size} | {tally.entries:,} | {_percent(tally.held, tally.entries)} | {reasons} |")
    if args.deals:
        measured = copies(args)
        shares = sorted(measured.shares)
        print()
        print(
            f"copies, on {args.deals} deals, {measured.honest_entries} honest runs "
            f"(regular to prodigy): turned copies held {measured.turned_caught} of "
            f"{measured.turned}, 70 % copies held {measured.partial_caught} of "
            f"{measured.partial}; honest strangers' shared placements: median "
            f"{statistics.median(shares):.2f}, 99th percentile "
            f"{shares[int(0.99 * len(shares))]:.2f}, max {shares[-1]:.2f}; pairs at the line "
            f"{_percent(measured.honest_over_line, measured.honest_pairs)}, runs with one "
            f"stranger at the line among {len(HUMANS[2:]) + 1} x {args.runs_per_kind - 1} "
            f"others {_percent(measured.honest_entries_held, measured.honest_entries)}"
        )


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    made.add_argument("--players", type=int, default=10_000)
    made.add_argument("--challenges", type=int, default=60)
    made.add_argument("--instances", type=int, default=40)
    made.add_argument("--seed", type=int, default=1)
    made.add_argument("--new-accounts", type=float, default=NEW_ACCOUNTS)
    made.add_argument("--capacity", type=int, default=15)
    made.add_argument("--cgnat", type=float, default=0.3)
    made.add_argument("--deals", type=int, default=4)
    made.add_argument("--runs-per-kind", type=int, default=6)
    made.add_argument("--timing-deals", type=int, default=6)
    made.add_argument("--timing-seeds", type=int, default=4)
    timing = TimingThresholds()
    made.add_argument("--timing-spread", type=float, default=TIMING_SPREAD)
    made.add_argument("--timing-placements", type=int, default=timing.placements)
    made.add_argument(
        "--timing-waives",
        action="store_true",
        help="what if times within people's waived near_par and solver_like (not the rule)",
    )
    defaults = TrustThresholds()
    made.add_argument("--top", type=int, default=defaults.top)
    made.add_argument("--guard-share", type=float, default=defaults.guard_share)
    made.add_argument("--provisional", type=int, default=defaults.provisional_challenges)
    made.add_argument("--margin", type=float, default=defaults.form_margin)
    made.add_argument("--margin-cap", type=float, default=defaults.form_margin_cap)
    made.add_argument("--spread-z", type=float, default=defaults.form_spread_z)
    made.add_argument("--window", type=int, default=defaults.form_window)
    made.add_argument("--step", type=float, default=defaults.form_step)
    return made


def main(argv: list[str] | None = None) -> None:
    report(parser().parse_args(argv))


if __name__ == "__main__":
    main()
