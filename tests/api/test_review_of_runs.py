"""The review of runs no person plays, through the API: a
human-paced solver run of the current challenge, sent in batches as a browser sends
them, is held and stays off the public board; a middling human-like run goes live.

Every run here is played on the server's clock (``tests.playing.api_played``): the
moves arrive while the run is played, so both runs are witnessed and paced, eligible
for the board. Only the comparison with the solver tells them apart.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry
from challenges.schedule.outbox import outbox_drain
from challenges.schedule.par import challenge_par_solve
from tests.engine.humans import HUMANS, human_run
from tests.factories import UserFactory
from tests.playing import ServerClock, api_played
from triominos import run_features

pytestmark = pytest.mark.django_db

BUDGET = 20_000


@pytest.fixture(autouse=True)
def thresholds(settings: Any) -> None:
    """The calibrated defaults (docs/solver.md), whatever the environment says."""
    settings.REVIEW_PAR_RATIO, settings.REVIEW_SOLVER_LIKE = 0.85, 1.6
    settings.REVIEW_SOLVER_MATCH, settings.REVIEW_SOLVER_MATCH_CHOICES = 0.95, 8
    settings.REVIEW_MEDIAN_GAP_MS, settings.REVIEW_MIN_GAP_MS = 800, 0
    settings.REVIEW_PACE_PLACEMENTS = 10


def _client() -> APIClient:
    api = APIClient()
    api.force_authenticate(UserFactory())
    return api


def _play_and_submit(api: APIClient, challenge: Challenge, log: Any, clock: ServerClock) -> Any:
    started = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert started.status_code == 201, started.json()
    run_id = started.json()["id"]
    finished = api_played(api, run_id, log, clock)
    assert finished.status_code == 200, finished.json()
    assert (finished.json()["valid"], finished.json()["eligible"]) == (True, True)
    submitted = api.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201, submitted.json()
    return submitted.json()


@pytest.fixture
def solved(challenge: Challenge) -> Challenge:
    """The current challenge with its par solved."""
    made = challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert made is not None and made.par is not None
    return made


def test_a_human_paced_solver_run_is_held_off_the_board_and_a_middling_human_goes_live(
    solved: Challenge, server_clock: ServerClock
) -> None:
    # The script: the solver's run (1.0-1.4 s a placement), sent every 3 s.
    script = _play_and_submit(_client(), solved, solved.par_log, server_clock)
    assert script["status"] == "held"
    # The player is told one plain class, never the measures (the desk sees those).
    assert script["reasons"] == ["checked_by_a_person"] and script["rank"] is None
    assert {"near_par", "solver_moves"} <= set(Entry.objects.get(pk=script["id"]).hold_reasons)

    regular = next(kind for kind in HUMANS if kind.name == "regular")
    human_log = human_run(solved.tray, solved.well, regular, seed=7)
    assert run_features(tray=solved.tray, well=solved.well, log=human_log).placements >= 10
    person = _play_and_submit(_client(), solved, human_log, server_clock)
    assert (person["status"], person["reasons"]) == ("live", [])

    board = APIClient().get(f"/api/challenges/{solved.pk}/leaderboard/").json()
    assert [row["player"] for row in board["results"]] == [person["player"]]
    assert board["count"] == 1
    assert APIClient().get(f"/api/challenges/{solved.pk}/").json()["entries"] == 1

    held = Entry.objects.get(pk=script["id"])
    features = held.features
    assert features["par"] == solved.par and features["par_ratio"] == 1.0
    assert features["solver_match"] >= 0.95 and features["choices"] >= 8
    # A person's pace: a second or more between placements, no metronome.
    assert 1_000 <= features["min_gap_ms"] < features["median_gap_ms"] < 2_500
    live = Entry.objects.get(pk=person["id"])
    assert live.features["par_ratio"] < 0.5


def test_the_held_player_is_told_one_plain_class_of_why(
    solved: Challenge, server_clock: ServerClock
) -> None:
    api = _client()
    submitted = _play_and_submit(api, solved, solved.par_log, server_clock)
    me = api.get(f"/api/challenges/{solved.pk}/leaderboard/me/").json()
    assert me["status"] == "held"
    assert me["reasons"] == submitted["reasons"] == ["checked_by_a_person"]
    assert me["review"]["code"] == "checked_by_a_person" and me["review"]["detail"]
    assert (me["rank"], me["percentile"], me["page"]) == (None, None, None)


def test_without_a_par_yet_the_score_waits_for_it(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    """Submitted before the par is known: not compared, and judged when it arrives."""
    from triominos import solver_solve

    solver = solver_solve(tray=challenge.tray, well=challenge.well, max_nodes=BUDGET)
    submitted = _play_and_submit(_client(), challenge, solver.log, server_clock)
    # Its moves are the solver's, so it is held already; the par adds its reason.
    assert submitted["reasons"] == ["checked_by_a_person"]
    assert Entry.objects.get(pk=submitted["id"]).hold_reasons == ["solver_moves"]
    assert Entry.objects.get(pk=submitted["id"]).features["par"] is None
    challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert outbox_drain() == 1  # the work after par: the review of the entries before it
    entry = Entry.objects.get(pk=submitted["id"])
    assert entry.hold_reasons == ["solver_moves", "near_par", "solver_like"]
    assert entry.features["par_ratio"] == 1.0
