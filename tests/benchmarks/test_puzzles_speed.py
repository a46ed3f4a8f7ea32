"""How long puzzles take to make and to check (docs/puzzles.md).

Run with ``make bench``. The series is made once (``manage.py puzzles_make``) and
stored, so its time is a deploy's, not a request's; a puzzle of the day is made by the
beat a day ahead, or by the first request that finds none, so its time is a request's
at worst. Each benchmark checks that what it timed is right and prints its figures;
none asserts a speed.
"""

from __future__ import annotations

import time
from datetime import date, timedelta
from typing import Any

from triominos.puzzles import (
    DAILY_PLAN,
    SERIES_SIZES,
    daily_generate,
    puzzle_check,
    series_generate,
)

# The suite runs each benchmark once for its checks; `make bench` makes the whole series.
SERIES_IN_THE_SUITE = 20


def test_making_the_whole_series(benchmark: Any) -> None:
    last = SERIES_IN_THE_SUITE if benchmark.disabled else len(SERIES_SIZES)
    times: list[tuple[float, int]] = []

    def make_series() -> int:
        times.clear()
        for number in range(1, last + 1):
            started = time.perf_counter()
            generated = series_generate(number)
            times.append((time.perf_counter() - started, number))
            pieces = [piece.to_json() for piece in generated.solution]
            assert puzzle_check(generated.puzzle, pieces).stars == 3
        return last

    assert benchmark.pedantic(make_series, rounds=1, iterations=1) == last
    if not benchmark.disabled:
        total = sum(seconds for seconds, _ in times)
        slowest = sorted(times, reverse=True)[:3]
        print(
            f"\nthe series ({last} puzzles, 3 to {max(SERIES_SIZES)} tiles): {total:.1f} s; "
            "slowest "
            + ", ".join(f"#{n} ({SERIES_SIZES[n - 1]} tiles) {s:.2f} s" for s, n in slowest)
        )


def test_making_one_puzzle_of_the_day(benchmark: Any) -> None:
    monday = date(2026, 11, 23)
    days = [monday + timedelta(days=offset) for offset in range(7)]

    def make_week() -> list[tuple[int, str]]:
        made = [daily_generate(day.weekday(), f"bench:{day}") for day in days]
        return [(puzzle.puzzle.size, puzzle.grade) for puzzle in made]

    week = benchmark.pedantic(make_week, rounds=3, iterations=1)
    assert week == [(plan.size, plan.grade) for plan in DAILY_PLAN]
    if not benchmark.disabled:
        stats = benchmark.stats.stats
        print(
            "\na week of puzzles of the day (6 to 20 tiles, each of its grade): "
            f"min {stats.min * 1000:.0f} ms, "
            f"median {stats.median * 1000:.0f} ms; one puzzle {stats.min * 1000 / 7:.0f} ms "
            "on average"
        )


def test_checking_the_largest_puzzle(benchmark: Any) -> None:
    generated = series_generate(SERIES_SIZES.index(max(SERIES_SIZES)) + 1)
    pieces = [piece.to_json() for piece in generated.solution]

    assert benchmark(lambda: puzzle_check(generated.puzzle, pieces)).stars == 3
    if not benchmark.disabled:
        stats = benchmark.stats.stats
        print(
            f"\nchecking a filling of {generated.puzzle.size} tiles: "
            f"min {stats.min * 1e6:.0f} µs, median {stats.median * 1e6:.0f} µs"
        )
