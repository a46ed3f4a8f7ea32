"""Calibration of the review of runs no person plays: how often it holds people's
entries (false holds) and how often scripts' (catches), per kind of player.

    .venv/bin/python tests/benchmarks/review_calibration.py [--deals 30] [--first-deal 1000]
        [--budget 360000] [--jobs 2] [--par-ratio 0.75] [--solver-match 0.9] ...

For every deal (``deal_shuffle(first_deal + i)``) it solves par with the service's
budget, then every kind of simulated person (``tests/engine/humans.py``) submits their
best of many runs and every script submits its run. Each entry is measured
(``rules/review.py`` ``run_features``) and judged with the thresholds: the service's
settings (``REVIEW_*``, environment included) unless flags say otherwise. It prints:

1. per kind: entries, mean score, score as a fraction of par (mean, max), the share of
   placements matching the solver's first choice (mean, max), the median time between
   placements (smallest), and the share held, with the reasons;
2. a sweep of the two score thresholds (``par_ratio`` x ``solver_like``; 9 is off):
   the people held (every kind but the prodigy) and the scripts caught (all, and the
   worst kind), so the defaults can be chosen where no person is held and most scripts
   are. ``--dump FILE`` keeps every entry's features as JSON lines, to sweep others.

``make calibrate`` runs it with the defaults; docs/solver.md keeps its table.
``tests/benchmarks/test_review_calibration.py`` runs one deal, small, for its checks.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.engine.humans import (  # noqa: E402
    HUMANS,
    PRODIGY,
    SCRIPTS,
    HumanKind,
    human_entry,
    script_run,
    scripted_runs,
)
from triominos import (  # noqa: E402
    ReviewThresholds,
    RunFeatures,
    deal_shuffle,
    eligibility_check,
    review_reasons,
    run_features,
)

PEOPLE = "person"
PRODIGIES = "prodigy"
SCRIPTED = "script"


@dataclass(frozen=True)
class Entry:
    """One submitted run of one kind of player on one deal, measured."""

    group: str
    kind: str
    deal: int
    par: int
    features: RunFeatures


def deal_entries(
    deal: int, *, budget: int, runs_cap: int | None = None, kinds: Sequence[HumanKind] = ()
) -> list[Entry]:
    """Every kind's entry on ``deal``. ``runs_cap`` limits the runs a person plays (the
    suite's small version); ``kinds`` replaces the people played."""
    tray, well = deal_shuffle(deal)
    solved = scripted_runs(tray, well, max_nodes=budget, seed=deal)
    par = solved.par.score
    entries: list[Entry] = []

    def add(group: str, kind: str, log: dict[str, object]) -> None:
        moves = log["moves"]
        assert isinstance(moves, list)
        # Every entry here is one the server takes: valid, witnessed, paced.
        arrivals = [int(move["t"]) + 250 for move in moves]
        breach = eligibility_check(moves=moves, arrivals=arrivals)
        assert breach is None, (kind, breach)
        features = run_features(tray=tray, well=well, log=log)
        entries.append(Entry(group, kind, deal, par, features))

    people = [(PEOPLE, kind) for kind in kinds or HUMANS] + [(PRODIGIES, PRODIGY)]
    for group, kind in people:
        played = kind if runs_cap is None else replace(kind, runs=min(kind.runs, runs_cap))
        add(group, kind.name, human_entry(tray, well, played, seed=deal))
    for name in SCRIPTS:
        add(SCRIPTED, name, script_run(name, tray, well, solved, seed=deal))
    return entries


def held(entry: Entry, thresholds: ReviewThresholds) -> tuple[str, ...]:
    return review_reasons(entry.features, par=entry.par, thresholds=thresholds)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def kinds_table(entries: Iterable[Entry], thresholds: ReviewThresholds) -> list[str]:
    """The markdown table of every kind: what it scores, what is measured, held %."""
    by_kind: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in entries:
        by_kind[(entry.group, entry.kind)].append(entry)
    lines = [
        "| player | kind | entries | score (mean) | score / par mean (max) "
        "| solver's first choice mean (max) | median gap, smallest (ms) | held | reasons |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for (group, kind), items in by_kind.items():
        ratios = [e.features.score / e.par for e in items]
        shares = [e.features.solver_match for e in items if e.features.solver_match is not None]
        gaps = [e.features.median_gap_ms for e in items if e.features.median_gap_ms is not None]
        verdicts = [held(e, thresholds) for e in items]
        reasons = Counter(reason for verdict in verdicts for reason in verdict)
        lines.append(
            f"| {group} | {kind} | {len(items)} "
            f"| {statistics.mean(e.features.score for e in items):.0f} "
            f"| {statistics.mean(ratios):.2f} ({max(ratios):.2f}) "
            f"| {statistics.mean(shares):.2f} ({max(shares):.2f}) "
            f"| {min(gaps) if gaps else '-'} "
            f"| {_pct(sum(1 for v in verdicts if v), len(items))} "
            f"| {', '.join(f'{r} {n}' for r, n in sorted(reasons.items())) or '-'} |"
        )
    return lines


def sweep_table(
    entries: Sequence[Entry],
    thresholds: ReviewThresholds,
    par_ratios: Sequence[float],
    solver_likes: Sequence[float],
) -> list[str]:
    """People held and scripts caught for each pair of the score thresholds: ``par_ratio``
    alone and ``solver_like`` (score / par + the solver's share); the others as given."""
    people = [e for e in entries if e.group == PEOPLE]
    scripts = [e for e in entries if e.group == SCRIPTED]
    script_kinds = sorted({e.kind for e in scripts})
    lines = [
        "| par_ratio | solver_like | people held | prodigy held | scripts caught "
        "| worst script kind caught |",
        "|---|---|---|---|---|---|",
    ]
    prodigies = [e for e in entries if e.group == PRODIGIES]
    for ratio in par_ratios:
        for like in solver_likes:
            trial = replace(thresholds, par_ratio=ratio, solver_like=like)
            worst = min(
                (
                    sum(1 for e in scripts if e.kind == kind and held(e, trial))
                    / sum(1 for e in scripts if e.kind == kind),
                    kind,
                )
                for kind in script_kinds
            )
            lines.append(
                f"| {ratio:.2f} | {like:.2f} "
                f"| {_pct(sum(1 for e in people if held(e, trial)), len(people))} "
                f"| {_pct(sum(1 for e in prodigies if held(e, trial)), len(prodigies))} "
                f"| {_pct(sum(1 for e in scripts if held(e, trial)), len(scripts))} "
                f"| {100 * worst[0]:.0f} % ({worst[1]}) |"
            )
    return lines


def service_thresholds() -> ReviewThresholds:
    """The service's thresholds: its settings, environment included."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from challenges.moderation.review import review_thresholds

    return review_thresholds()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--first-deal", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=None, help="solver nodes (PAR_SOLVER_NODES)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--par-ratio", type=float)
    parser.add_argument("--solver-match", type=float)
    parser.add_argument("--solver-match-choices", type=int)
    parser.add_argument("--solver-like", type=float)
    parser.add_argument("--median-gap-ms", type=int)
    parser.add_argument("--min-gap-ms", type=int)
    parser.add_argument("--pace-placements", type=int)
    parser.add_argument("--dump", type=Path, help="write every entry's features here (JSON lines)")
    args = parser.parse_args(argv)

    thresholds = service_thresholds()
    for name in (
        "par_ratio", "solver_match", "solver_match_choices", "solver_like", "median_gap_ms",
        "min_gap_ms", "pace_placements",
    ):  # fmt: skip
        if getattr(args, name) is not None:
            thresholds = replace(thresholds, **{name: getattr(args, name)})
    from django.conf import settings

    budget = args.budget if args.budget is not None else settings.PAR_SOLVER_NODES
    deals = range(args.first_deal, args.first_deal + args.deals)
    started = time.perf_counter()
    entries: list[Entry] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for found in pool.map(_deal_entries, deals, [budget] * len(deals)):
            entries.extend(found)
            print(".", end="", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    pars = sorted({(e.deal, e.par) for e in entries})
    print(
        f"\n{len(deals)} deals ({deals.start}-{deals.stop - 1}), solver budget {budget:,} "
        f"nodes, par mean {statistics.mean(p for _, p in pars):.0f} "
        f"(min {min(p for _, p in pars)}, max {max(p for _, p in pars)}); {seconds:.0f} s\n"
        f"thresholds: {thresholds}\n",
        file=sys.stderr,
    )
    if args.dump is not None:
        with args.dump.open("w") as out:
            for entry in entries:
                line = {"group": entry.group, "kind": entry.kind, "deal": entry.deal}
                out.write(json.dumps({**line, **entry.features.to_json(par=entry.par)}) + "\n")
    print("\n".join(kinds_table(entries, thresholds)))
    print()
    print(
        "\n".join(
            sweep_table(
                entries, thresholds, (0.75, 0.8, 0.85, 0.9), (1.5, 1.55, 1.6, 1.65, 1.7, 9.0)
            )
        )
    )
    return 0


def _deal_entries(deal: int, budget: int) -> list[Entry]:
    return deal_entries(deal, budget=budget)


if __name__ == "__main__":
    sys.exit(main())
