"""The home page: the game, the countdown, the last finished top three, a player's day."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from challenges.models import Challenge
from challenges.moderation.entries import entry_submit
from challenges.play.services import run_start
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.playing import run_played

pytestmark = pytest.mark.django_db


def _json_script(html: str, element_id: str) -> Any:
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html)
    assert match, f"the page carries #{element_id}"
    return json.loads(match.group(1))


def test_a_visitor_sees_the_game_the_countdown_and_the_big_button(challenge: Challenge) -> None:
    html = Client().get("/").content.decode()
    assert 'id="home-play" href="/play/"' in html
    assert "data-countdown" in html and challenge.closes_at.isoformat()[:19] in html
    assert 'data-testid="players-today">0<' in html
    assert 'data-testid="home-me"' not in html
    sample = _json_script(html, "sample-run")
    assert sample["player"] is None and len(sample["placements"]) > 5
    assert 'href="/how-to-play/"' in html


def test_the_home_page_shows_the_last_finished_top_three_and_its_best_board(
    challenge: Challenge,
) -> None:
    finished = ChallengeFactory(number=challenge.number - 2)
    ada = UserFactory(username="ada")
    run = run_start(player_id=ada.pk, challenge_id=finished.pk, now=finished.opens_at)
    run = run_played(run, challenge_log(finished, moves=8))
    entry_submit(run_id=run.pk, player_id=run.player_id, now=run.finished_at)
    for name, score in [("bo", 3), ("cy", 2), ("di", 1)]:
        EntryFactory(challenge=finished, score=score, player=UserFactory(username=name))
    html = Client().get("/").content.decode()
    top = re.findall(r'<a href="/players/(\w+)/">', html.split('data-testid="home-top"')[1])
    assert top[:3] == ["ada", "bo", "cy"] and "di" not in top
    assert f"Top 3 of challenge #{finished.number}" in html
    assert _json_script(html, "sample-run")["player"] == "ada"


def test_a_player_sees_their_day(challenge: Challenge) -> None:
    player = UserFactory()
    client = Client()
    client.force_login(player)
    assert "You haven't played today's challenge yet." in client.get("/").content.decode()
    run = run_played(
        run_start(player_id=player.pk, challenge_id=challenge.pk), challenge_log(challenge, moves=4)
    )
    html = client.get("/").content.decode()
    assert f'your best run so far is <strong class="num">{run.score}</strong>' in html
    assert 'data-testid="players-today">1<' in html, "a first run counts at once"
    entry_submit(run_id=run.pk, player_id=run.player_id)
    html = client.get("/").content.decode()
    assert f'Submitted: <strong class="num">{run.score}</strong> points, rank' in html


@pytest.mark.parametrize(
    ("status", "says", "never"),
    [
        ("held", "waiting for a moderator's review", "rank"),
        ("void", "was voided by a moderator", "waiting for a moderator"),
    ],
)
def test_your_day_tells_a_held_or_voided_entry_as_it_is(
    challenge: Challenge, status: str, says: str, never: str
) -> None:
    player = UserFactory()
    EntryFactory(challenge=challenge, score=328)  # someone else, on the board
    EntryFactory(challenge=challenge, player=player, score=328, status=status)
    client = Client()
    client.force_login(player)
    card = client.get("/").content.decode().split('data-testid="home-me"', 1)[1].split("</div>")[0]
    assert '<strong class="num">328</strong>' in card
    assert says in card
    assert never not in card
