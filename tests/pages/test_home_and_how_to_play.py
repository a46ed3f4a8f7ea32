"""The home page and the how-to-play page (issue 12)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from challenges import services
from challenges.engine import RULESET
from challenges.models import Challenge
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
    run = services.run_start(player=ada, challenge=finished, now=finished.opens_at)
    run = run_played(run, challenge_log(finished, moves=8))
    services.entry_submit(run=run, now=run.finished_at)
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
        services.run_start(player=player, challenge=challenge), challenge_log(challenge, moves=4)
    )
    html = client.get("/").content.decode()
    assert f'your best run so far is <strong class="num">{run.score}</strong>' in html
    assert 'data-testid="players-today">1<' in html, "a first run counts at once"
    services.entry_submit(run=run)
    html = client.get("/").content.decode()
    assert f'Submitted: <strong class="num">{run.score}</strong> points, rank' in html


def test_the_how_to_play_page_says_every_value_of_the_ruleset() -> None:
    html = Client().get("/how-to-play/").content.decode()
    for name, value in [
        ("bridge", RULESET.bridge_bonus),
        ("hexagon", RULESET.hexagon_bonus),
        ("double_hexagon", RULESET.double_hexagon_bonus),
        ("triple_hexagon", RULESET.triple_hexagon_bonus),
        ("clear", RULESET.clear_bonus),
    ]:
        assert f'data-testid="bonus-{name}">+{value}<' in html
    assert f'data-testid="bonus-draw">{RULESET.draw_points}<' in html
    assert f"{RULESET.time_limit_ms // 1000} seconds" in html
    pictures = _json_script(html, "how-pictures")
    assert pictures["hexagon"]["bonus"] == "hexagon"
    assert pictures["bridge"]["bonus"] == "bridge"


def test_the_values_come_from_the_ruleset_not_the_template(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from challenges.views import how_to_play

    changed = dataclasses.replace(RULESET, bridge_bonus=41, hexagon_bonus=51)
    monkeypatch.setattr(how_to_play, "RULESET", changed)
    html = Client().get("/how-to-play/").content.decode()
    assert 'data-testid="bonus-bridge">+41<' in html
    assert 'data-testid="bonus-hexagon">+51<' in html


def test_guests_have_no_player_page(challenge: Challenge) -> None:
    guest = services.guest_create()
    assert Client().get(f"/players/{guest.user.username}/").status_code == 404


def test_after_signing_up_the_play_page_offers_the_guests_run(challenge: Challenge) -> None:
    guest = services.guest_create()
    run = run_played(
        services.run_start(player=guest.user, challenge=challenge),
        challenge_log(challenge, moves=4),
    )
    player = UserFactory()
    services.guest_runs_claim(guest=guest, player=player)
    client = Client()
    client.force_login(player)
    html = client.get(f"/play/?run={run.pk}").content.decode()
    assert 'data-testid="keep-run"' in html
    response = client.post(f"/play/keep/{run.pk}/")
    assert response.status_code == 302
    assert response["Location"] == f"/challenges/{challenge.pk}/?page=mine#you"
    assert challenge.entries.get().run_id == run.pk
    assert 'data-testid="keep-run"' not in client.get(f"/play/?run={run.pk}").content.decode()


def test_the_keep_offer_is_only_for_ones_own_run(challenge: Challenge) -> None:
    someone = UserFactory()
    run = run_played(
        services.run_start(player=someone, challenge=challenge), challenge_log(challenge, moves=4)
    )
    client = Client()
    client.force_login(UserFactory())
    assert 'data-testid="keep-run"' not in client.get(f"/play/?run={run.pk}").content.decode()
    assert client.post(f"/play/keep/{run.pk}/").status_code == 404
    assert 'data-testid="keep-run"' not in client.get("/play/?run=nonsense").content.decode()


def test_a_visitor_who_played_as_a_guest_is_offered_to_keep_their_best_run(
    challenge: Challenge,
) -> None:
    from challenges.models import Guest

    client = Client()
    assert client.post("/api/guest/").status_code == 201
    guest = Guest.objects.select_related("user").get()
    assert 'data-testid="home-guest-run"' not in client.get("/").content.decode()
    runs = [
        run_played(
            services.run_start(player=guest.user, challenge=challenge),
            challenge_log(challenge, moves=moves),
        )
        for moves in (3, 6)
    ]
    best = max(runs, key=lambda run: run.score or 0)
    html = client.get("/").content.decode()
    assert 'data-testid="home-guest-run"' in html
    assert f'href="/accounts/signup/?next=/play/%3Frun%3D{best.pk}"' in html
    assert f'<strong class="num">{best.score}</strong>' in html


def test_a_guest_watches_the_replay_of_its_own_run_and_nobody_else_does(
    challenge: Challenge,
) -> None:
    from challenges.models import Guest

    client = Client()
    assert client.post("/api/guest/").status_code == 201
    guest = Guest.objects.select_related("user").get()
    run = run_played(
        services.run_start(player=guest.user, challenge=challenge),
        challenge_log(challenge, moves=4),
    )
    response = client.get(f"/runs/{run.pk}/replay/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your run" in html
    assert guest.user.username not in html, "a guest's stand-in name shows nowhere"
    assert Client().get(f"/runs/{run.pk}/replay/").status_code == 404
