"""The untimed practice page and its domain rule: a finished challenge's deal only
(never the open one's), and nothing a practice run could send."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.models import Challenge
from challenges.schedule import practice
from challenges.slots import slot_number
from challenges.views.practice import PRACTICE_SCRIPTS
from config.page_scripts import module_graph
from tests.factories import ChallengeFactory

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "challenges/static"


def _slot(offset: int) -> Challenge:
    number = slot_number(at=timezone.now()) + offset
    return ChallengeFactory(number=number)


def test_the_latest_challenge_with_its_results_out_is_practised() -> None:
    now = timezone.now()
    older, closed, open_now = _slot(-2), _slot(-1), _slot(0)
    assert practice.practice_challenge_get(now=now) in {closed, older}
    chosen = practice.practice_challenge_get(now=now)
    assert chosen is not None and chosen.results_out(now)
    assert chosen != open_now
    assert practice.practice_challenge_get(now=now, number=open_now.number) is None
    assert practice.practice_challenge_get(now=now, number=older.number) == older


def test_a_challenge_just_closed_waits_for_its_results() -> None:
    closed = _slot(-1)
    just_after = closed.closes_at + timedelta(seconds=1)
    assert not closed.results_out(just_after)
    assert practice.practice_challenge_get(now=just_after, number=closed.number) is None
    assert practice.practice_challenge_get(now=closed.results_at, number=closed.number) == closed


def test_before_any_challenge_closed_practice_deals_its_own_tiles() -> None:
    open_now = _slot(0)
    response = Client().get("/practice/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="practice-own"' in page and "challenges/pages/practice.js" in page
    deal = response.context["practice_config"]
    assert (len(deal["tray"]), len(deal["tray"]) + len(deal["well"])) == (9, 56)
    assert sorted(deal["tray"] + deal["well"]) == sorted(open_now.tray + open_now.well)
    assert deal["tray"] != open_now.tray, "never the open challenge's deal"
    assert Client().get("/practice/").context["practice_config"] == deal, "the same each time"


def test_the_page_hands_the_browser_the_deal_and_no_way_to_send_it() -> None:
    closed = _slot(-1)
    response = Client().get("/practice/")
    page = response.content.decode()
    assert response.status_code == 200
    assert response.context["practice_config"] == {
        "challengeId": closed.number,
        "tray": closed.tray,
        "well": closed.well,
    }
    assert "challenges/pages/practice.js" in page
    # The Draw button's cost and the full well come from the rules.
    assert '<span class="hud__cost">\N{MINUS SIGN}5</span>' in page
    assert '<span class="num" id="well-count">47</span>' in page
    # No API address in the page, no submit, and a script that talks to no server.
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    assert "/api/" not in main
    assert "submit-button" not in main
    modules = [module for module in module_graph(*PRACTICE_SCRIPTS) if module.endswith(".js")]
    assert "challenges/lib/boot.js" in modules  # the graph is read
    assert "challenges/lib/api.js" not in modules
    for module in modules:
        script = (STATIC / module).read_text()
        assert "fetch(" not in script and "XMLHttpRequest" not in script, module


def test_the_open_challenge_cannot_be_practised_by_its_number() -> None:
    open_now = _slot(0)
    assert Client().get(f"/practice/{open_now.number}/").status_code == 404
    assert Client().get("/practice/999999/").status_code == 404


def test_a_closed_leaderboard_and_the_play_page_offer_practice() -> None:
    closed, open_now = _slot(-1), _slot(0)
    board = Client().get(f"/challenges/{closed.number}/").content.decode()
    assert f'href="/practice/{closed.number}/"' in board
    assert (
        'data-testid="practice-link"'
        not in Client().get(f"/challenges/{open_now.number}/").content.decode()
    )
    assert 'href="/practice/"' in Client().get(reverse("challenges:play")).content.decode()


def test_every_id_on_the_practice_page_is_unique() -> None:
    _slot(-1)
    page = Client().get("/practice/").content.decode()
    ids = Counter(re.findall(r"""\sid=["']([^"']+)["']""", page))
    assert ids
    assert [name for name, count in ids.items() if count > 1] == []
