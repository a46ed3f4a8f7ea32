"""Timing as evidence through the API (challenges/moderation/timing.py): every entry
keeps its witnessed times' measures; a guarded entry whose think times are as regular
as a machine's is held, and its player reads the one sentence every hold says.

The single-run measures are set out of reach, so only timing can hold here; a regular's
record (0.5-0.6 of par) keeps ``provisional`` and ``above_form`` away from an entry at
0.72 of par."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry
from tests.factories import UserFactory, challenge_log, challenge_log_score, player_history
from tests.playing import ServerClock, api_played

pytestmark = [pytest.mark.django_db, pytest.mark.trust]

REGULAR = [0.5, 0.55, 0.6, 0.52, 0.58, 0.5, 0.55, 0.6, 0.57, 0.53, 0.56, 0.59]


@pytest.fixture(autouse=True)
def timing_on(settings: Any) -> None:
    settings.TRUST_TOP, settings.TRUST_PROVISIONAL_CHALLENGES = 10, 5
    settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 0.01, 0.70
    settings.TRUST_FORM_MARGIN, settings.TRUST_FORM_WINDOW = 0.20, 20
    settings.TRUST_FORM_MARGIN_CAP, settings.TRUST_FORM_SPREAD_Z = 0.35, 2.5
    settings.TRUST_FORM_STEP, settings.TRUST_NEAR_COPY_SHARE = 0.05, 0.7
    settings.TRUST_OVERLAPPING_RUNS, settings.TRUST_LINK_NETWORK_ACCOUNTS = True, 3
    settings.TRUST_TIMING_SPREAD, settings.TRUST_TIMING_PLACEMENTS = 0.2, 15
    settings.REVIEW_PAR_RATIO, settings.REVIEW_SOLVER_LIKE = 99.0, 99.0
    settings.REVIEW_SOLVER_MATCH, settings.REVIEW_SOLVER_MATCH_CHOICES = 99.0, 0


def _log(challenge: Challenge, variant: int, *, person: bool) -> dict[str, Any]:
    """A valid run of at least 16 placements: 1.1 s between moves like a metronome, or
    (``person``) after log-normal looks (median 1.5 s, sigma 0.45) as people take."""
    log = challenge_log(challenge, moves=40, start_ms=2600, step_ms=1100, variant=variant)
    moves = log["moves"]
    assert sum(move["type"] == "place" for move in moves) >= 16
    if person:
        rng = random.Random(variant)
        t = moves[0]["t"]
        for move in moves[1:]:
            t += max(450, round(1500 * math.exp(rng.gauss(0, 0.45))))
            move["t"] = t
    return log


def _submitted(challenge: Challenge, log: dict[str, Any], clock: ServerClock) -> Any:
    api = APIClient()
    player = UserFactory()
    player_history(player, REGULAR)
    api.force_authenticate(player)
    run_id = api.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    finished = api_played(api, run_id, log, clock)
    assert (finished.json()["valid"], finished.json()["eligible"]) == (True, True)
    submitted = api.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201, submitted.json()
    return submitted.json()


def _par_at(challenge: Challenge, log: dict[str, Any], share: float) -> None:
    par = math.ceil(challenge_log_score(challenge, log) / share)
    Challenge.objects.filter(pk=challenge.pk).update(par=par)
    challenge.refresh_from_db()


def test_a_machines_pace_at_the_guarded_top_is_held_and_told_one_sentence(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    log = _log(challenge, 1, person=False)
    _par_at(challenge, log, 0.72)
    body = _submitted(challenge, log, server_clock)
    entry = Entry.objects.get(pk=body["id"])
    assert entry.hold_reasons == ["mechanical_pace"]
    assert (body["status"], body["reasons"]) == ("held", ["checked_by_a_person"])
    assert body["review"]["code"] == "checked_by_a_person"
    assert (body["rank"], body["percentile"]) == (None, None)
    # Nothing in the answer carries a measure of the times.
    assert "timing" not in str(body) and "spread" not in str(body)
    timing = entry.features["timing"]
    assert timing["think_spread"] == 0.0 and timing["think_median_ms"] == 1100
    assert timing["first_read_ms"] == 2600 and timing["placements"] >= 15


def test_a_persons_looks_at_the_same_place_go_live(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    log = _log(challenge, 2, person=True)
    _par_at(challenge, log, 0.72)
    body = _submitted(challenge, log, server_clock)
    entry = Entry.objects.get(pk=body["id"])
    assert (entry.status, entry.hold_reasons) == ("live", [])
    assert entry.features["timing"]["think_spread"] >= 0.2


def test_below_the_guard_a_machines_pace_is_no_threat_to_the_top(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    log = _log(challenge, 3, person=False)
    _par_at(challenge, log, 0.5)
    body = _submitted(challenge, log, server_clock)
    entry = Entry.objects.get(pk=body["id"])
    assert (entry.status, entry.hold_reasons) == ("live", [])
    assert entry.features["timing"]["think_spread"] == 0.0


def test_the_rule_off_holds_no_pace(
    challenge: Challenge, server_clock: ServerClock, settings: Any
) -> None:
    settings.TRUST_TIMING_SPREAD = 0
    log = _log(challenge, 4, person=False)
    _par_at(challenge, log, 0.72)
    body = _submitted(challenge, log, server_clock)
    assert Entry.objects.get(pk=body["id"]).hold_reasons == []
