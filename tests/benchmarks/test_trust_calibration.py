"""The trust calibration, small: it runs, and with the defaults it catches every script
population and holds few people with a history (the full run: ``make calibrate``)."""

from __future__ import annotations

import argparse

from tests.benchmarks.trust_calibration import WITH_HISTORY, simulate
from triominos import TrustThresholds


def test_a_small_field_catches_every_script_and_few_people() -> None:
    defaults = TrustThresholds()
    args = argparse.Namespace(
        players=800, challenges=12, instances=10, seed=3, new_accounts=0.01,
        top=defaults.top, top_share=defaults.top_share, guard_share=defaults.guard_share,
        provisional=defaults.provisional_challenges, margin=defaults.form_margin,
        window=defaults.form_window, trusted=defaults.trusted_challenges,
        pace_ms=60, pace_entries=5,
    )  # fmt: skip
    tallies, loads, _field = simulate(args)
    for scripts in ("evasive script", "patient sybil"):
        assert tallies[scripts].held == tallies[scripts].entries > 0
    people = tallies[WITH_HISTORY]
    assert people.entries > 5_000 and people.held / people.entries <= 0.02
    assert len(loads) == 12
