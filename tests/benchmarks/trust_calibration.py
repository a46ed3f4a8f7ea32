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
- **aged sybils**: accounts that age just past the provisional record (5-10
  challenges at the default) inside the people's band (0.45-0.64 of par), then strike
  at the old rule's line less a hair: their best of 20 plus the margin, less 0.005
  (0.79-0.84, the attack that beat the old rules); and the **adaptive sybil**, which
  knows the rules of today and strikes at their line (form + margin) less a hair: the
  issue's aged sybil against these rules; and the **sybil aged under the guard**, which
  ages live just under the guard share (where nothing judges a run) and strikes at its
  line less a hair, under ``near_par``;
- **the ratchet**: an aged account that strikes just under its line every challenge for
  ten challenges, then plays 0.99 of par;
- **guest laundering**: an aged account claims a guest's 0.75-0.84 run, played beside a
  second guest on the same device or network (``--cgnat``: the share of them behind a
  carrier's shared address and on two devices, where only the network each run was
  started from meets them; ``--no-run-network``: what if it were not kept, as before);
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

``--under-near-par``: the adaptive sybils and the ratchet's ten strikes aim under
``near_par`` too, as the sybil aged under the guard does (the ratchet's 0.99 stays).

``--secret-draw``: what if each account's line were lowered by a secret draw of up to
this (not the rule): the adaptive attackers aim under its lowest, as one who reads the
code would.

Copies are measured on real logs, not drawn: ``--deals`` deals, on each the runs of
simulated people of the strong kinds (``tests/engine/humans.py``), and of each a copy
turned by 120 and by 240 degrees and a copy keeping 70 % of its placements. The share
of placements two honest strangers make in common is the near copy's false hold.

A person's guarded entry meets a stranger's run on its network too (a household, a
café, a carrier's shared address): each entry of a person has ``--network-beside`` of a
chance of another player's run on the same challenge, from the same network, in play
meanwhile, and is held for it at the guarded top. It is a guess; real runs' networks
would set it.

Then the honest small boards: a fresh site where everyone is new, boards of 5, 50 and
500 people for 20 challenges: how many of their entries are held.

The draws are models, not people: the normal spread around each kind's mean is the
spread the 30 deals of the single-run calibration showed (mean to max over two).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.copies_measured import copies  # noqa: E402
from tests.benchmarks.timing_pools import (  # noqa: E402
    MIMIC,
    PERSON_PACED,
    Pools,
    pools,
)
from tests.benchmarks.timing_pools import table as timing_table  # noqa: E402
from tests.benchmarks.trust_people import (  # noqa: E402
    EXPERT,
    NEW_ACCOUNTS,
    PRODIGY_KIND,
    REVIEW,
    TIMING_SPREAD,
    UNDER_THE_GUARD,
    Player,
    ageing_challenges,
    clip,
    field_kind,
    judged,
    person,
    play,
    timed,
)
from tests.engine.humans import HUMANS  # noqa: E402
from triominos import TimingThresholds, TrustThresholds  # noqa: E402


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
    # The populations added later, and the secret draws, have streams of their own: the
    # others' draws stay as they were.
    later_rng = random.Random(args.seed + 2)
    draws = random.Random(args.seed + 3)
    networks = random.Random(args.seed + 4)
    trust = thresholds_of(args)
    timing_rule = timing_of(args)
    field_players = []
    for _ in range(args.players):
        player = person("field", field_kind(rng))
        player.start = -rng.randint(0, 200)  # a long record already
        field_players.append(player)
    named: list[Player] = []
    later: list[Player] = []
    history = args.challenges // 3
    for instance in range(args.instances):
        regular = person("steady regular", EXPERT)
        regular.start = -rng.randint(20, 200)
        improver = person("improver", EXPERT)
        improver.improve = (0.30, 0.80, 126)
        improver.start = rng.randint(0, 10) - 60
        newcomer = person("strong newcomer", PRODIGY_KIND)
        newcomer.start = rng.randint(history, args.challenges - 3)
        script = Player("evasive script", True, None, start=rng.randint(0, args.challenges - 1))
        script.pace = SCRIPT_PACES[instance % len(SCRIPT_PACES)]
        named += [regular, improver, newcomer, script]
        for population in ("aged sybil", "adaptive sybil", "guest laundering", "ratchet"):
            last = args.challenges - (12 if population == "ratchet" else 1)
            strike = rng.randint(10, last)
            attacker = Player(population, True, None, strike=strike)
            attacker.start = strike - ageing_challenges(rng, trust)
            if population == "guest laundering":
                behind_a_carrier = rng.random() < args.cgnat
                attacker.overlapped = args.run_network or not behind_a_carrier
            attacker.pace = SCRIPT_PACES[instance % len(SCRIPT_PACES)]
            named.append(attacker)
        strike = later_rng.randint(10, args.challenges - 1)
        attacker = Player(UNDER_THE_GUARD, True, None, strike=strike)
        attacker.start = strike - ageing_challenges(later_rng, trust)
        attacker.pace = SCRIPT_PACES[instance % len(SCRIPT_PACES)]
        later.append(attacker)
    for player in [*field_players, *named, *later]:
        player.draw = draws.random()
        if player.population in ("adaptive sybil", UNDER_THE_GUARD, "ratchet"):
            player.aim_below = args.secret_draw
        if args.under_near_par and player.population in ("adaptive sybil", "ratchet"):
            player.ceiling = REVIEW.par_ratio
    # A record before the first challenge, as far back as the rules read it.
    before = max(trust.form_window, trust.provisional_challenges)
    for player in [*field_players, *named, *later]:
        for challenge in range(max(player.start, -before), 0):
            outcome = play(player, challenge, later_rng if player in later else rng, trust)
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
            newcomer.draw = draws.random()
            field_players[index] = newcomer
        played = []
        for player in [*field_players, *named]:
            outcome = play(player, challenge, rng, trust)
            if outcome is not None:
                played.append((outcome[0], outcome[1], outcome[2], player))
        for player in later:
            outcome = play(player, challenge, later_rng, trust)
            if outcome is not None:
                played.append((outcome[0], outcome[1], outcome[2], player))
        played.sort(key=lambda item: -item[0])
        held: list[tuple[int, Player, float]] = []
        for rank, (share, match, strike, player) in enumerate(played, start=1):
            timing = timed(player, later_rng if player in later else timing_rng, measured)
            if not player.is_script:
                player.overlapped = _stranger_beside(args, networks)
            reasons = judged(
                player, share, match, rank, len(played), trust, timing, timing_rule,
                args.timing_waives, args.secret_draw,
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


def _stranger_beside(args: argparse.Namespace, rng: random.Random) -> bool:
    """Whether a person's entry had another player's run from its network beside it,
    which the overlap check meets (only when the run's network is kept)."""
    return rng.random() < args.network_beside and args.run_network


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
        draws = random.Random(args.seed * 1000 + size + 3)
        networks = random.Random(args.seed * 1000 + size + 4)
        for player in people:
            player.draw = draws.random()
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
                player.overlapped = _stranger_beside(args, networks)
                reasons = judged(
                    player, share, match, rank, len(played), trust, timing, timing_rule,
                    args.timing_waives, args.secret_draw,
                )  # fmt: skip
                tally.entries += 1
                tally.held += bool(reasons)
                for reason in set(reasons):
                    tally.reasons[reason] = tally.reasons.get(reason, 0) + 1
                if not reasons:
                    player.count(share, reviewed=False)
        tallies[size] = tally
    return tallies


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
    UNDER_THE_GUARD,
    RATCHET_END,
    "ratchet",
    "guest laundering",
    "evasive script",
)
NETWORK_BESIDE = 0.02
"""A guess at how often a person's entry has another player's run on the same challenge
from the same network in play beside it: two in a household, friends at a café, strangers
behind a carrier's address (docs/trust.md)."""
SCRIPT_PACES = (PERSON_PACED, MIMIC)
"""Half the scripts draw a person's pace from a range; half mimic a person's times."""


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} ({os.cpu_count()} cores)"


def report(args: argparse.Namespace) -> None:
    print(f"started at {_load()}")
    started = time.perf_counter()
    measured = pools(deals=args.timing_deals, seeds=args.timing_seeds)
    print(
        f"timing: {args.timing_deals} deals x {args.timing_seeds} entries of each kind "
        f"(tests/benchmarks/timing_pools.py); the rule: think spread under "
        f"{args.timing_spread} over {args.timing_placements}+ placements (5th / 50th / "
        f"95th percentiles)"
    )
    print()
    print(
        "\n".join(
            timing_table(measured, floor=args.timing_spread, placements=args.timing_placements)
        )
    )
    print()
    tallies, loads, field_loads, undecided = simulate(args, measured)
    print(
        f"{args.players:,} people a challenge, {args.challenges} challenges, "
        f"{args.instances} of each population, {args.new_accounts:.0%} new accounts a "
        f"challenge, {args.cgnat:.0%} of laundering guests behind a shared address, "
        + (
            f"each run's network kept ({args.network_beside:.0%} of people's entries with a "
            "stranger's run beside them on it); "
            if args.run_network
            else "NO RUN'S NETWORK KEPT (not the rule); "
        )
        + f"guard {args.guard_share} of par, provisional < {args.provisional}, margin "
        f"{args.margin}-{args.margin_cap} (z {args.spread_z}), window {args.window}, step "
        f"{args.step}, moderators decide {args.capacity} a challenge"
        + (
            "; TIMES WITHIN PEOPLE'S WAIVE near_par AND solver_like (not the rule)"
            if args.timing_waives
            else ""
        )
        + (
            f"; A SECRET DRAW LOWERS EACH LINE BY UP TO {args.secret_draw} (not the rule)"
            if args.secret_draw
            else ""
        )
        + ("; the adaptive attackers aim under near_par" if args.under_near_par else "")
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
    for name in [
        f"{a}{pace}" for a in ATTACKERS for pace in ("", *(f" ({p})" for p in SCRIPT_PACES))
    ]:
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
        copied = copies(args)
        shares = sorted(copied.shares)
        print()
        print(
            f"copies, on {args.deals} deals, {copied.honest_entries} honest runs "
            f"(regular to prodigy): turned copies held {copied.turned_caught} of "
            f"{copied.turned}, 70 % copies held {copied.partial_caught} of "
            f"{copied.partial}; honest strangers' shared placements: median "
            f"{statistics.median(shares):.2f}, 99th percentile "
            f"{shares[int(0.99 * len(shares))]:.2f}, max {shares[-1]:.2f}; pairs at the line "
            f"{_percent(copied.honest_over_line, copied.honest_pairs)}, runs with one "
            f"stranger at the line among {len(HUMANS[2:]) + 1} x {args.runs_per_kind - 1} "
            f"others {_percent(copied.honest_entries_held, copied.honest_entries)}"
        )
    print()
    print(f"done in {time.perf_counter() - started:.0f} s, at {_load()}")


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    made.add_argument("--players", type=int, default=10_000)
    made.add_argument("--challenges", type=int, default=60)
    made.add_argument("--instances", type=int, default=40)
    made.add_argument("--seed", type=int, default=1)
    made.add_argument("--new-accounts", type=float, default=NEW_ACCOUNTS)
    made.add_argument("--capacity", type=int, default=15)
    made.add_argument("--cgnat", type=float, default=0.3)
    made.add_argument(
        "--run-network",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="each run keeps the network it was started from (the rule)",
    )
    made.add_argument(
        "--network-beside",
        type=float,
        default=NETWORK_BESIDE,
        help="a person's chance of a stranger's run on their network beside an entry",
    )
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
    made.add_argument(
        "--secret-draw",
        type=float,
        default=0.0,
        help=(
            "what if each account's line were lowered by a secret draw of up to this "
            "(the attackers aim under its lowest; not the rule)"
        ),
    )
    made.add_argument(
        "--under-near-par",
        action="store_true",
        help="the adaptive sybils and the ratchet's ten strikes aim under near_par too",
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
