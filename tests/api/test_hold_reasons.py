"""One run per reason to hold an entry, played and submitted through the API: each
reason alone, stored exactly (``Entry.hold_reasons``); the player is answered only
that a person will look.

The thresholds are set so that only the reason under test can fire; a threshold read
from the wrong setting, a reason stored under another name, or a minimum of choices
not read at all changes the stored list.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry
from tests.factories import UserFactory, challenge_log
from tests.playing import ServerClock, api_played
from triominos import run_features

pytestmark = pytest.mark.django_db

# Nothing fires: ratios and shares never reach 99, and the time rules are off.
NOTHING = {
    "REVIEW_PAR_RATIO": 99.0,
    "REVIEW_SOLVER_MATCH": 99.0,
    "REVIEW_SOLVER_MATCH_CHOICES": 0,
    "REVIEW_SOLVER_LIKE": 99.0,
    "REVIEW_MEDIAN_GAP_MS": 0,
    "REVIEW_MIN_GAP_MS": 0,
    "REVIEW_PACE_PLACEMENTS": 0,
}


def _submitted(challenge: Challenge, log: dict[str, Any], clock: ServerClock) -> dict[str, Any]:
    api = APIClient()
    api.force_authenticate(UserFactory())
    run_id = api.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    finished = api_played(api, run_id, log, clock)
    assert (finished.json()["valid"], finished.json()["eligible"]) == (True, True)
    submitted = api.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201, submitted.json()
    answer: dict[str, Any] = submitted.json()
    stored = Entry.objects.get(pk=answer["id"])
    # The player is told a person will look, never which rule fired.
    held = bool(stored.hold_reasons)
    assert answer["reasons"] == (["checked_by_a_person"] if held else [])
    assert (stored.status, answer["status"]) == (
        (Entry.Status.HELD, "held") if held else (Entry.Status.LIVE, "live")
    )
    return {**answer, "reasons": stored.hold_reasons}


@pytest.fixture
def log(challenge: Challenge) -> dict[str, Any]:
    """A valid run at a person's pace: 30 moves, 1.3 s apart, 29 points."""
    made = challenge_log(challenge, moves=30, start_ms=800, step_ms=1_300)
    assert _features(challenge, made).score > 0
    return made


def _features(challenge: Challenge, log: dict[str, Any]) -> Any:
    return run_features(tray=challenge.tray, well=challenge.well, log=log)


def _par(challenge: Challenge, par: int) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(par=par)


def test_nothing_fires_with_every_threshold_out_of_reach(
    challenge: Challenge, log: dict[str, Any], server_clock: ServerClock, settings: Any
) -> None:
    for name, value in NOTHING.items():
        setattr(settings, name, value)
    _par(challenge, _features(challenge, log).score)
    assert _submitted(challenge, log, server_clock)["reasons"] == []


def test_near_par(
    challenge: Challenge, log: dict[str, Any], server_clock: ServerClock, settings: Any
) -> None:
    for name, value in {**NOTHING, "REVIEW_PAR_RATIO": 1.0}.items():
        setattr(settings, name, value)
    _par(challenge, _features(challenge, log).score)  # the score is par: a ratio of 1.0
    assert _submitted(challenge, log, server_clock)["reasons"] == ["near_par"]


@pytest.mark.parametrize("short_of_choices", [False, True])
def test_solver_moves(
    challenge: Challenge,
    log: dict[str, Any],
    server_clock: ServerClock,
    settings: Any,
    short_of_choices: bool,
) -> None:
    """Held at the share of matching choices; not with one choice fewer than the
    minimum asks."""
    features = _features(challenge, log)
    assert features.choices > 1 and features.solver_match is not None
    for name, value in NOTHING.items():
        setattr(settings, name, value)
    settings.REVIEW_SOLVER_MATCH = features.solver_match
    settings.REVIEW_SOLVER_MATCH_CHOICES = features.choices + (1 if short_of_choices else 0)
    reasons = _submitted(challenge, log, server_clock)["reasons"]
    assert reasons == ([] if short_of_choices else ["solver_moves"])


def test_solver_like(
    challenge: Challenge, log: dict[str, Any], server_clock: ServerClock, settings: Any
) -> None:
    features = _features(challenge, log)
    par = features.score * 2
    assert features.solver_match is not None
    for name, value in NOTHING.items():
        setattr(settings, name, value)
    settings.REVIEW_SOLVER_LIKE = 0.5 + features.solver_match
    _par(challenge, par)
    assert _submitted(challenge, log, server_clock)["reasons"] == ["solver_like"]


@pytest.mark.parametrize("rule", ["median", "smallest"])
def test_fast_pace(
    challenge: Challenge,
    log: dict[str, Any],
    server_clock: ServerClock,
    settings: Any,
    rule: str,
) -> None:
    """1.3 s between placements: quicker than a median of 1.4 s, or than a smallest
    gap of 1.4 s, once the run has as many placements as the rule asks."""
    features = _features(challenge, log)
    for name, value in NOTHING.items():
        setattr(settings, name, value)
    settings.REVIEW_PACE_PLACEMENTS = features.placements
    if rule == "median":
        settings.REVIEW_MEDIAN_GAP_MS = features.median_gap_ms + 100
    else:
        settings.REVIEW_MIN_GAP_MS = features.min_gap_ms + 100
    assert _submitted(challenge, log, server_clock)["reasons"] == ["fast_pace"]


def test_duplicate_log(
    challenge: Challenge, log: dict[str, Any], server_clock: ServerClock, settings: Any
) -> None:
    """The same places and draws as an earlier entry, however timed: held."""
    for name, value in NOTHING.items():
        setattr(settings, name, value)
    assert _submitted(challenge, log, server_clock)["reasons"] == []
    later = {"moves": [{**move, "t": move["t"] + 400} for move in log["moves"]]}
    assert _submitted(challenge, later, server_clock)["reasons"] == ["duplicate_log"]
