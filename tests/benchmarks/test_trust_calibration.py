"""The trust calibration, small: it runs, and with the defaults it holds every strike of
the attackers the rules are built against and few honest people (the full run:
``make calibrate``)."""

from __future__ import annotations

import random

import pytest

from tests.benchmarks.copies_measured import copies
from tests.benchmarks.timing_pools import MIMIC, PERSON_PACED, Pools, pools
from tests.benchmarks.trust_calibration import (
    EVERY_PERSON,
    RATCHET_END,
    parser,
    simulate,
    small_boards,
)
from tests.benchmarks.trust_people import (
    CHOICES,
    EPSILON,
    REVIEW,
    TIMING_SPREAD,
    UNDER_THE_GUARD,
    Player,
    ageing_challenges,
    judged,
    new_line,
    play,
    scripted,
)
from tests.engine.humans import HUMANS, PRODIGY
from triominos import TimingThresholds, TrustThresholds, timing_reasons


@pytest.fixture(scope="module")
def measured() -> Pools:
    """Timing measured on one deal: one entry of each kind and of each script."""
    return pools(deals=1, seeds=1)


def test_a_small_field_holds_every_attackers_strike_and_few_people(measured: Pools) -> None:
    small = ["--players", "800", "--challenges", "24", "--instances", "10", "--seed", "3"]
    args = parser().parse_args([*small, "--cgnat", "0"])
    tallies, loads, field_loads, undecided = simulate(args, measured)
    # Guests beside each other on a household's network: the overlap holds every one.
    for attacker in ("evasive script", RATCHET_END, "guest laundering"):
        assert tallies[attacker].caught == tallies[attacker].strikes > 0, attacker
    # Ten here: one may escape (the full run's figures are in docs/trust.md).
    sybils = tallies["aged sybil"]
    assert sybils.caught >= 0.9 * sybils.strikes > 0
    # Aged under the guard: its drawn pace is held; its mimics are what the model leaves
    # out (docs/trust.md), so only that they strike is asserted of them.
    drawn = tallies[f"{UNDER_THE_GUARD} ({PERSON_PACED})"]
    assert drawn.caught == drawn.strikes > 0
    assert tallies[f"{UNDER_THE_GUARD} ({MIMIC})"].strikes > 0
    people = tallies[EVERY_PERSON]
    assert people.entries > 15_000 and people.held / people.entries <= 0.02
    assert len(loads) == len(field_loads) == len(undecided) == 24
    assert all(field <= load for field, load in zip(field_loads, loads, strict=True))


def test_laundering_behind_a_carriers_address_is_met_by_each_runs_network(
    measured: Pools,
) -> None:
    """Every laundering guest behind a shared address: each run's network meets the two
    guests; without it, no overlap is seen. A person's entry is held for a stranger's
    run on their network only when one is drawn beside it."""
    small = ["--players", "400", "--challenges", "24", "--instances", "10", "--cgnat", "1"]
    kept, _, _, _ = simulate(parser().parse_args(small), measured)
    laundering = kept["guest laundering"]
    assert laundering.reasons["overlapping_runs"] == laundering.strikes > 0
    assert laundering.caught == laundering.strikes
    lost, _, _, _ = simulate(parser().parse_args([*small, "--no-run-network"]), measured)
    assert "overlapping_runs" not in lost["guest laundering"].reasons
    assert "overlapping_runs" not in lost[EVERY_PERSON].reasons
    assert kept[EVERY_PERSON].reasons["overlapping_runs"] > 0
    alone, _, _, _ = simulate(parser().parse_args([*small, "--network-beside", "0"]), measured)
    assert "overlapping_runs" not in alone[EVERY_PERSON].reasons


def test_a_fresh_sites_small_boards_hold_few_newcomers(measured: Pools) -> None:
    args = parser().parse_args(["--seed", "2"])
    boards = small_boards(args, (5, 50), measured)
    assert boards[5].entries == 100 and boards[50].entries == 1_000
    for board in boards.values():
        assert board.held / board.entries <= 0.02


def test_turned_and_partial_copies_of_real_logs_are_held() -> None:
    args = parser().parse_args(["--deals", "1", "--runs-per-kind", "2"])
    measured = copies(args)
    assert measured.turned == 2 * measured.honest_entries > 0
    assert measured.turned_caught == measured.turned
    assert measured.partial_caught == measured.partial == measured.honest_entries


def test_a_scripts_match_stays_under_the_lines_as_the_review_counts_it() -> None:
    """Whole placements of its choices: a match that rounds up over ``solver_like`` would
    be a script that did not count, and a catch the rules did not earn."""
    for hundredths in range(40, 100):
        share, match = scripted(hundredths / 100)
        counted = round(match * CHOICES) / CHOICES
        assert counted == match and counted < REVIEW.solver_match
        assert share + counted < REVIEW.solver_like
        assert share + (round(match * CHOICES) + 1) / CHOICES >= REVIEW.solver_like or (
            counted + 1 / CHOICES >= REVIEW.solver_match
        )


def test_the_timing_rule_holds_a_drawn_pace_and_no_person_or_mimic(measured: Pools) -> None:
    rule = TimingThresholds(spread_floor=TIMING_SPREAD)
    for group, runs in measured.by_group.items():
        held = [bool(timing_reasons(run, thresholds=rule)) for run in runs]
        if group == PERSON_PACED:
            assert all(held), group
        elif group in (MIMIC, *(kind.name for kind in (*HUMANS, PRODIGY))):
            assert not any(held), group


def test_a_sybil_aged_under_the_guard_strikes_under_its_line_and_near_par() -> None:
    """It ages live just under the guard, where nothing judges a run, then strikes at
    the highest share nothing holds: its line less a hair, and under ``near_par``."""
    trust = TrustThresholds()
    rng = random.Random(5)
    sybil = Player(UNDER_THE_GUARD, True, None, strike=8, start=0)
    for challenge in range(8):
        outcome = play(sybil, challenge, rng, trust)
        assert outcome is not None
        share, _match, strike = outcome
        assert trust.guard_share - 0.04 <= share < trust.guard_share and not strike
        assert judged(sybil, share, 0.7, 1, 10_000, trust) == []
        sybil.count(share, reviewed=False)
    line = new_line(sybil, trust)
    outcome = play(sybil, 8, rng, trust)
    assert outcome is not None
    share, match, strike = outcome
    assert strike and share == pytest.approx(min(line, REVIEW.par_ratio) - EPSILON)
    assert share > trust.guard_share
    assert judged(sybil, share, match, 1, 10_000, trust) == []
    assert play(sybil, 9, rng, trust) is None


def test_a_secret_draw_holds_people_and_the_sybils_aim_under_it(measured: Pools) -> None:
    """The what-if of a line lowered by a secret per-account draw: the adaptive sybils
    aim under its lowest and none is held for its form; people are held more."""
    small = ["--players", "800", "--challenges", "24", "--instances", "10", "--seed", "3"]
    plain, *_ = simulate(parser().parse_args(small), measured)
    drawn, *_ = simulate(parser().parse_args([*small, "--secret-draw", "0.1"]), measured)
    for tallies in (plain, drawn):
        assert "above_form" not in tallies["adaptive sybil"].reasons
    people = EVERY_PERSON
    assert drawn[people].reasons["above_form"] > plain[people].reasons["above_form"]
    assert drawn[people].held > plain[people].held


def test_a_ratchet_under_near_par_aims_at_its_line_and_no_higher() -> None:
    """``--under-near-par``: the ratchet's ten strikes stay under ``near_par`` however
    high its line; without it they follow the line above it."""
    trust = TrustThresholds()
    rng = random.Random(7)
    aims = []
    for ceiling in (1.0, REVIEW.par_ratio):
        ratchet = Player("ratchet", True, None, strike=0, start=0, ceiling=ceiling)
        for share in (0.78, 0.8, 0.82) * 4:
            ratchet.count(share, reviewed=True)
        assert new_line(ratchet, trust) > REVIEW.par_ratio
        outcome = play(ratchet, 0, rng, trust)
        assert outcome is not None and outcome[2]
        aims.append(outcome[0])
    assert aims[0] == pytest.approx(min(0.99, new_line(ratchet, trust) - EPSILON))
    assert aims[1] == pytest.approx(REVIEW.par_ratio - EPSILON)


def test_an_aged_attacker_waits_out_a_longer_provisional_record(measured: Pools) -> None:
    """The attackers age just past the provisional record, however long it is: a longer
    one holds none of their strikes as ``provisional``, it only makes them wait."""
    for provisional in (5, 21):
        trust = TrustThresholds(provisional_challenges=provisional)
        rng = random.Random(provisional)
        ages = {ageing_challenges(rng, trust) for _ in range(200)}
        assert ages == set(range(provisional, provisional + 6))
    small = ["--players", "400", "--challenges", "24", "--instances", "10", "--seed", "3"]
    tallies, *_ = simulate(parser().parse_args([*small, "--provisional", "8"]), measured)
    for attacker in ("aged sybil", "adaptive sybil", UNDER_THE_GUARD, "ratchet"):
        assert tallies[attacker].strikes > 0, attacker
        assert "provisional" not in tallies[attacker].reasons, attacker
    assert tallies["evasive script"].reasons["provisional"] == tallies["evasive script"].strikes
