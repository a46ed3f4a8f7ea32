"""The replay of the 103-move run beside the hand-inlined loop it replaced (the engine
of commit f977722), in one process, alternating; and, where valgrind is installed,
both counted in instructions, which the machine's other processes do not move. Then
the legal placements of ``make bench``'s eight positions, listed by both engines.

    .venv/bin/python tests/benchmarks/replay_against_old_loop.py [--rounds 20] [--no-count]
        [--against COMMIT]

``--against`` measures against another commit's engine instead (say, main before a
change that must not slow the replay).

The old engine is taken from git (``git archive``) into a temporary directory, as a
package of its own name. Prints figures; asserts only that both engines agree on the
run and on the placements.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OLD_LOOP_COMMIT = "f977722"
OLD_PACKAGE = "old_rules"
PER_ROUND = 300


# Where the engine lived: its own package since the house got rooms, inside the app before.
ENGINE_PATHS = ("triominos", "challenges/rules")


def old_engine_extract(into: Path, commit: str = OLD_LOOP_COMMIT) -> None:
    """The engine of ``commit`` as the package ``old_rules`` under ``into``."""
    errors = []
    for path in ENGINE_PATHS:
        taken = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, path], capture_output=True
        )
        if taken.returncode == 0:
            break
        errors.append(taken.stderr.decode().strip())
    else:
        raise SystemExit(
            f"the engine to compare with is commit {commit} of this repository's history,"
            f" which git could not give: {errors}"
        )
    subprocess.run(["tar", "-x", "-C", str(into)], input=taken.stdout, check=True)
    package = into / OLD_PACKAGE
    (into / path).rename(package)
    module = path.replace("/", ".")
    for source in package.rglob("*.py"):
        text = source.read_text()
        source.write_text(re.sub(rf"\b{re.escape(module)}\b", OLD_PACKAGE, text))


def engines_importable(old_root: Path) -> None:
    """Both engines importable: today's from the repository, the old one from ``old_root``."""
    sys.path[:0] = [str(old_root), str(ROOT)]


def replays() -> dict[str, Callable[[], Any]]:
    from old_rules.replay import replay_challenge as old_replay_challenge  # type: ignore[import-not-found]

    from tests.benchmarks.test_rules_speed import long_run
    from triominos import replay_challenge

    run = long_run()
    log = run.log()
    engines = {"old loop": old_replay_challenge, "today": replay_challenge}
    for engine in engines.values():
        result = engine(tray=run.tray, well=run.well, log=log)
        assert result.valid and result.score == run.score
    return {
        name: (lambda engine=engine: engine(tray=run.tray, well=run.well, log=log))
        for name, engine in engines.items()
    }


def legal_listings() -> dict[str, Callable[[], Any]]:
    """Both engines listing the legal placements of the same eight positions."""
    from old_rules import TILES as OLD_TILES  # type: ignore[import-not-found]
    from old_rules import Board as OldBoard
    from old_rules import Cell as OldCell
    from old_rules import Placement as OldPlacement

    from tests.benchmarks.test_rules_speed import POSITION_SEEDS, position

    today = [position(seed) for seed in POSITION_SEEDS]
    old = [
        (
            OldBoard.from_placements(
                OldPlacement(OLD_TILES[p.tile.index], OldCell(*p.cell), p.rotation)
                for p in board.placements
            ),
            [OLD_TILES[tile.index] for tile in tray],
        )
        for board, tray in today
    ]
    for (board, tray), (old_board, old_tray) in zip(today, old, strict=True):
        assert [str(p) for p in board.legal_placements(tray)] == [
            str(p) for p in old_board.legal_placements(old_tray)
        ]
    return {
        "old loop": lambda: [board.legal_placements(tray) for board, tray in old],
        "today": lambda: [board.legal_placements(tray) for board, tray in today],
    }


def timed(what: str, calls: dict[str, Callable[[], Any]], rounds: int) -> None:
    seen: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            began = time.perf_counter()
            for _ in range(PER_ROUND):
                call()
            seen[name].append((time.perf_counter() - began) / PER_ROUND * 1e6)
    best = {name: min(figures) for name, figures in seen.items()}
    for name, figures in seen.items():
        median = statistics.median(figures)
        print(f"{what}, {name:9} min {best[name]:6.1f} µs  median {median:6.1f} µs")
    # Each round times the two one after the other, so a round's ratio is the least
    # moved by the neighbours' load, which drifts over seconds.
    paired = statistics.median(
        today / old for old, today in zip(seen["old loop"], seen["today"], strict=True)
    )
    print(
        f"{what}, time: today / old loop = {best['today'] / best['old loop']:.3f} (minimums),"
        f" {paired:.3f} (median of the rounds' ratios)"
    )


def counted(old_root: Path) -> None:
    """Instructions per replay: a process making 200 replays less one making none."""
    figures = {}
    for name in ("old loop", "today"):
        totals = []
        for count in (0, 200):
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                 sys.executable, __file__, "--child", name, str(count), str(old_root)],
                capture_output=True, text=True, check=True,
            ).stderr  # fmt: skip
            totals.append(int(re.search(r"Collected : (\d+)", out).group(1)))  # type: ignore[union-attr]
        figures[name] = (totals[1] - totals[0]) / 200
        print(f"replay, {name:9} {figures[name] / 1e6:.3f} million instructions a replay")
    ratio = figures["today"] / figures["old loop"]
    print(f"replay, instructions: today / old loop = {ratio:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--no-count", action="store_true")
    parser.add_argument("--against", default=OLD_LOOP_COMMIT, help="the commit to compare with")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, count, old_root = args.child
        engines_importable(Path(old_root))
        call = replays()[name]
        for _ in range(int(count)):
            call()
        return
    with tempfile.TemporaryDirectory() as directory:
        old_root = Path(directory)
        old_engine_extract(old_root, args.against)
        print(f"today's engine against the engine of {args.against}")
        engines_importable(old_root)
        timed("replay", replays(), args.rounds)
        timed("legal placements", legal_listings(), args.rounds)
        if args.no_count:
            return
        if shutil.which("valgrind") is None:
            print("instructions: not counted (valgrind is not installed)")
            return
        counted(old_root)


if __name__ == "__main__":
    main()
