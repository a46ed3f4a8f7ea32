"""Timing at submit and at the desk (``moderation/timing.py``): the rule's settings, and
how far an entry's think time lies from the player's own earlier entries."""

from __future__ import annotations

import itertools
from datetime import timedelta
from typing import Any

import pytest

from challenges import engine
from challenges.models import Challenge, Entry
from challenges.moderation.review import run_placements_seen
from challenges.moderation.timing import entry_timing_distance, run_timing_check
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
)

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")
_NUMBERS = itertools.count(1000)  # a challenge of its own for each entry


def _made(**fields: Any) -> Entry:
    entry: Entry = EntryFactory(challenge=ChallengeFactory(number=next(_NUMBERS)), **fields)
    return entry


def _timing(think_median_ms: int | None) -> dict[str, object]:
    measured = engine.TimingFeatures(
        placements=30,
        first_read_ms=4000,
        think_median_ms=think_median_ms,
        think_spread=0.4,
        effort=0.0,
    )
    return {"timing": measured.to_json()}


def _entry(player: Any, think_median_ms: int | None, *, when: Any) -> Entry:
    features = {} if think_median_ms is None else _timing(think_median_ms)
    return _made(player=player, submitted_at=when, features=features)


def _history(player: Any, medians: list[int]) -> None:
    """Earlier entries of ``player``, the last of ``medians`` the newest."""
    for back, median in enumerate(reversed(medians), start=1):
        _entry(player, median, when=NOON - timedelta(hours=8 * back))


def test_the_distance_is_in_the_players_own_spread_across_runs() -> None:
    player = UserFactory()
    _history(player, [1000, 1100, 1210])
    entry = _entry(player, 2000, when=NOON)
    # ln 1100 is the centre; the deviations' median ln 1.1 (0.0953) times 1.4826 is the
    # spread (0.1413); ln(2000 / 1100) / 0.1413 = 4.2307, to two places.
    assert entry_timing_distance(entry=entry) == 4.23


def test_only_the_players_earlier_measured_entries_count() -> None:
    player = UserFactory()
    _history(player, [1000, 1100, 1210])
    _entry(player, None, when=NOON - timedelta(minutes=5))  # no times kept
    _entry(player, 9000, when=NOON + timedelta(hours=8))  # a later one
    _made(submitted_at=NOON - timedelta(hours=1), features=_timing(9000))  # another's
    entry = _entry(player, 2000, when=NOON)

    assert entry_timing_distance(entry=entry) == 4.23


def test_twenty_earlier_entries_count_the_newest_first() -> None:
    player = UserFactory()
    # Of the twenty newest, ten at 1 s and ten at 1.5 s: the centre lies between them.
    _history(player, [1000, 1500] * 10)
    _entry(player, 1000, when=NOON - timedelta(days=30))  # the 21st, made last: left out
    entry = _entry(player, 1500, when=NOON)
    # The centre is ln sqrt(1000 * 1500), every deviation ln sqrt(1.5) (0.2027); the
    # spread 0.3006; ln sqrt(1.5) / 0.3006 = 0.6744. With the 21st in (eleven at 1 s),
    # 1 s would be the centre, the spread its floor 0.1, and the distance 4.05.
    assert entry_timing_distance(entry=entry) == 0.67


def test_at_the_twentieth_a_later_made_entry_of_the_same_moment_counts_first() -> None:
    player = UserFactory()
    _history(player, [1000] * 9 + [1500] * 10)
    cut = NOON - timedelta(days=10)
    _entry(player, 1500, when=cut)  # made first: left out at the cut
    _entry(player, 1000, when=cut)  # the twentieth
    entry = _entry(player, 1500, when=NOON)

    assert entry_timing_distance(entry=entry) == 0.67


@pytest.mark.parametrize("features", [{}, [], {"timing": None}, {"timing": [1, 2]}])
def test_an_entry_without_its_times_has_no_distance(features: Any) -> None:
    player = UserFactory()
    _history(player, [1000, 1100, 1210])
    entry = _made(player=player, submitted_at=NOON, features=features)

    assert entry_timing_distance(entry=entry) is None


def test_two_earlier_entries_give_no_distance() -> None:
    player = UserFactory()
    _history(player, [1000, 1100])
    assert entry_timing_distance(entry=_entry(player, 2000, when=NOON)) is None


def _metronome(challenge: Challenge) -> Any:
    log = challenge_log(challenge, moves=40, start_ms=2600, step_ms=1100, variant=1)
    return RunFactory(challenge=challenge, finished=True, log=log)


def test_the_placements_the_rule_needs_are_the_settings(
    challenge: Challenge, settings: Any
) -> None:
    run = _metronome(challenge)
    seen = run_placements_seen(run=run)
    settings.TRUST_TIMING_SPREAD = 0.25
    measured = run_timing_check(run=run, guarded=False, seen=seen).features["timing"]
    timed = engine.TimingFeatures.from_json(measured).placements  # type: ignore[arg-type]

    settings.TRUST_TIMING_PLACEMENTS = timed
    assert run_timing_check(run=run, guarded=True, seen=seen).reasons == ("mechanical_pace",)
    settings.TRUST_TIMING_PLACEMENTS = timed + 1
    assert run_timing_check(run=run, guarded=True, seen=seen).reasons == ()


def test_below_the_guard_the_times_are_kept_and_hold_nothing(
    challenge: Challenge, settings: Any
) -> None:
    settings.TRUST_TIMING_SPREAD, settings.TRUST_TIMING_PLACEMENTS = 0.25, 15
    run = _metronome(challenge)

    check = run_timing_check(run=run, guarded=False, seen=run_placements_seen(run=run))

    assert check.reasons == ()
    measured = engine.TimingFeatures.from_json(check.features["timing"])  # type: ignore[arg-type]
    assert measured.think_spread == 0.0 and measured.think_median_ms == 1100
