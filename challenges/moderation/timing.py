"""Timing as evidence at submit: what a run's witnessed times say (the measures:
``triominos/timing.py``; what they separate: docs/trust.md, "Timing as evidence").

Every entry keeps its times' measures, so the desk sets them beside the player's own
earlier entries (:func:`entry_timing_distance`), and real logs can set the line. A
guarded entry whose think times are as regular as a machine's is held
(``mechanical_pace``); a pace never links accounts.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from challenges import engine
from challenges.models import Entry, Run
from challenges.play.selectors import run_valid_log

# The player's earlier entries the fingerprint across runs is set against.
_PAST_RUNS = 20


def timing_thresholds() -> engine.TimingThresholds:
    return engine.TimingThresholds(
        spread_floor=settings.TRUST_TIMING_SPREAD, placements=settings.TRUST_TIMING_PLACEMENTS
    )


@dataclass(frozen=True)
class TimingCheck:
    """A run's timing measures (stored on its entry) and the reasons they hold it for."""

    features: dict[str, object]
    reasons: tuple[str, ...]


def run_timing_check(*, run: Run, guarded: bool, seen: list[engine.PlacementSeen]) -> TimingCheck:
    """Measure ``run``'s times (its ``run_placements_seen``: ``seen``) and hold it when
    it is ``guarded`` and its times are a machine's. No read: the submit's statements
    stay as they were."""
    challenge = run.challenge
    timing = engine.log_timing(
        tray=challenge.tray,
        well=challenge.well,
        log=run_valid_log(run=run),
        rules_version=challenge.rules_version,
        seen=seen,
    )
    reasons: tuple[str, ...] = ()
    if guarded:
        found = engine.timing_reasons(timing, thresholds=timing_thresholds())
        reasons = tuple(Entry.HoldReason(reason).value for reason in found)
    return TimingCheck(features={"timing": timing.to_json()}, reasons=reasons)


def entry_timing_distance(*, entry: Entry) -> float | None:
    """How far ``entry``'s median think time lies from its player's earlier entries', in
    their own spread across runs (the desk's; ``None`` without three measured)."""
    ours = entry.features.get("timing") if isinstance(entry.features, dict) else None
    if not isinstance(ours, dict):
        return None
    earlier = (
        Entry.objects.filter(player_id=entry.player_id, submitted_at__lt=entry.submitted_at)
        .order_by("-submitted_at", "-id")
        .values_list("features", flat=True)[:_PAST_RUNS]
    )
    past = [
        engine.TimingFeatures.from_json(features["timing"])
        for features in earlier
        if isinstance(features, dict) and isinstance(features.get("timing"), dict)
    ]
    distance = engine.timing_distance(engine.TimingFeatures.from_json(ours), past)
    return None if distance is None else round(distance, 2)
