"""Par on the pages (play, leaderboard with its histogram line, history), the solver's
run in the replay viewer once the results are out, and the chart's par line."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.charts import histogram_chart
from challenges.models import Challenge
from challenges.schedule.par import challenge_par_solve
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory
from triominos import replay_challenge

pytestmark = pytest.mark.django_db

BUDGET = 3_000


def _solved(challenge: Challenge) -> Challenge:
    solved = challenge_par_solve(challenge_id=challenge.pk, max_nodes=BUDGET)
    assert solved is not None and solved.par is not None
    return solved


def _results_out() -> Challenge:
    return ChallengeFactory(number=slot_number(at=timezone.now()) - 2)


def _replay_data(body: str) -> dict[str, Any]:
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', body, re.S
    )
    assert found, "the page carries no replay data"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_play_page_says_par_soon_then_the_par(challenge: Challenge) -> None:
    browser = Client()
    assert "par: soon" in browser.get("/play/").content.decode()
    solved = _solved(challenge)
    body = browser.get("/play/").content.decode()
    assert f'par <strong class="num">{solved.par}</strong>' in body
    assert "par: soon" not in body


def test_the_leaderboard_shows_par_and_its_line_in_the_histogram(challenge: Challenge) -> None:
    EntryFactory(challenge=challenge, score=120)
    EntryFactory(challenge=challenge, score=180)
    url = reverse("challenges:leaderboard", args=[challenge.pk])
    body = Client().get(url).content.decode()
    assert re.search(r'data-testid="par">\s*<span class="muted">soon</span>', body)
    assert 'data-testid="histogram-par"' not in body
    solved = _solved(challenge)
    body = Client().get(url).content.decode()
    assert f'data-testid="par">{solved.par}<' in body
    assert 'data-testid="histogram-par"' in body
    assert f"par {solved.par} →" in body  # above every score: at the right edge
    # While the challenge is open, the solver's run stays hidden.
    assert 'data-testid="par-run"' not in body


def test_after_the_results_the_leaderboard_links_the_solvers_run() -> None:
    challenge = _solved(_results_out())
    EntryFactory(challenge=challenge, score=150)
    body = Client().get(reverse("challenges:leaderboard", args=[challenge.pk])).content.decode()
    assert 'data-testid="par-run"' in body
    assert reverse("challenges:par_replay", args=[challenge.pk]) in body


def test_the_history_lists_each_challenges_par() -> None:
    current = slot_number(at=timezone.now())
    older = _solved(ChallengeFactory(number=current - 1))
    ChallengeFactory(number=current)
    body = Client().get(reverse("challenges:history")).content.decode()
    pars = re.findall(r'data-testid="history-par">(.*?)</td>', body)
    assert pars == ['<span class="muted">soon</span>', str(older.par)]


def test_the_api_says_par_null_until_it_is_known(challenge: Challenge) -> None:
    browser = Client()
    assert browser.get("/api/challenges/current/").json()["par"] is None
    solved = _solved(challenge)
    assert browser.get(f"/api/challenges/{challenge.pk}/").json()["par"] == solved.par
    rows = browser.get("/api/challenges/").json()["results"]
    assert rows[0]["par"] == solved.par


def test_the_solvers_run_plays_in_the_replay_viewer_once_the_results_are_out() -> None:
    challenge = _solved(_results_out())
    url = reverse("challenges:par_replay", args=[challenge.pk])
    response = Client().get(url)
    assert response.status_code == 200
    data = _replay_data(response.content.decode())
    assert data["moves"] == challenge.par_log["moves"]
    assert data["score"] == challenge.par == sum(r["points"] for r in data["results"])
    assert data["player"] == "the solver" and data["analysis"] is None
    replayed = replay_challenge(tray=challenge.tray, well=challenge.well, log=challenge.par_log)
    assert data["results"] == [{"points": p, "bonus": b} for p, b in replayed.moves]


def test_the_solvers_run_is_hidden_before_the_results_and_without_a_par(
    challenge: Challenge,
) -> None:
    solved = _solved(challenge)
    hidden = Client().get(reverse("challenges:par_replay", args=[solved.pk]))
    assert hidden.status_code == 404
    assert solved.par_log["moves"][0]["tile"] not in hidden.content.decode()
    unsolved = _results_out()
    assert Client().get(reverse("challenges:par_replay", args=[unsolved.pk])).status_code == 404
    # Just before the results: still hidden; at results_at: shown.
    Challenge.objects.filter(pk=solved.pk).update(
        closes_at=timezone.now() - timedelta(seconds=60),
        opens_at=timezone.now() - timedelta(hours=8),
    )
    assert Client().get(reverse("challenges:par_replay", args=[solved.pk])).status_code == 404
    Challenge.objects.filter(pk=solved.pk).update(closes_at=timezone.now() - timedelta(seconds=131))
    assert Client().get(reverse("challenges:par_replay", args=[solved.pk])).status_code == 200


def test_the_held_player_reads_under_review_and_no_measure(challenge: Challenge) -> None:
    player = UserFactory()
    EntryFactory(
        challenge=challenge, player=player, score=400, status="held", hold_reasons=["near_par"]
    )
    browser = Client()
    browser.force_login(player)
    body = browser.get(reverse("challenges:leaderboard", args=[challenge.pk])).content.decode()
    assert "Your entry is under review" in body
    assert "Some entries are checked by a person before they go on the board." in body
    # Which measure held it is the desk's, not the player's.
    assert "par, the best the solver found" not in body and "near_par" not in body


# --- the chart --------------------------------------------------------------------------


def test_a_par_inside_the_scores_stands_where_it_lies() -> None:
    chart = histogram_chart(
        edges=[0, 10, 20, 30], counts=[4, 2, 1], player_bin=None, you_score=None, par=15
    )
    assert chart is not None and chart.par_x is not None
    assert chart.left < chart.par_x < chart.right
    assert chart.par_x == round(chart.left + (15 + 0.5) / 30 * (chart.right - chart.left), 2)
    assert chart.par_beyond is False


def test_a_par_above_every_score_stands_at_the_right_edge() -> None:
    chart = histogram_chart(
        edges=[0, 10, 20, 30], counts=[4, 2, 1], player_bin=None, you_score=None, par=412
    )
    assert chart is not None
    assert chart.par_x == chart.right and chart.par_beyond is True
    assert chart.par_label_anchor == "end"
    none = histogram_chart(edges=[0, 10], counts=[1], player_bin=None, you_score=None)
    assert none is not None and none.par_x is None
