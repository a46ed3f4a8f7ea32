"""No cached read is stale after a submit: every page and API read that shows a board
shows the new entry at once, whatever it had cached a moment before."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.factories import EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


# Every page's footer has the language switcher's form, whose CSRF token is masked
# afresh on each render: not part of what a cache serves.
_CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _html(text: str) -> str:
    return _CSRF_TOKEN.sub('name="csrfmiddlewaretoken" value=""', text)


def _reads(challenge: Challenge, newcomer: Any) -> dict[str, str]:
    """Every read that shows this board, as text."""
    api, page = APIClient(), Client()
    return {
        "api board": api.get(f"/api/challenges/{challenge.pk}/leaderboard/").content.decode(),
        "api histogram": api.get(f"/api/challenges/{challenge.pk}/histogram/").content.decode(),
        "api challenge": api.get(f"/api/challenges/{challenge.pk}/").content.decode(),
        "api list": api.get("/api/challenges/").content.decode(),
        "html board": _html(page.get(f"/challenges/{challenge.pk}/").content.decode()),
        "html history": _html(page.get("/challenges/").content.decode()),
        "html player": _html(page.get(f"/players/{newcomer.username}/").content.decode()),
    }


def test_every_board_read_shows_a_submit_at_once(challenge: Challenge) -> None:
    for score in (70, 50):
        EntryFactory(challenge=challenge, score=score)
    newcomer = UserFactory(username="newcomer")
    before = _reads(challenge, newcomer)  # fills every cache
    assert before == _reads(challenge, newcomer)  # and they are served from it
    assert "newcomer" not in before["api board"]

    run = RunFactory(player=newcomer, challenge=challenge, finished=True)
    client = APIClient()
    client.force_authenticate(newcomer)
    assert client.post(f"/api/runs/{run.pk}/submit/").status_code == 201

    after = _reads(challenge, newcomer)
    assert "newcomer" in after["api board"]
    assert 'href="/players/newcomer/">newcomer</a>' in after["html board"]
    assert '"count":3' in after["api board"].replace(" ", "")
    assert '"entries":3' in after["api challenge"].replace(" ", "")
    assert after["api histogram"] != before["api histogram"]
    assert after["html history"] != before["html history"]
    assert f"#{challenge.number}" in after["html player"]
    assert f"#{challenge.number}" not in before["html player"]


def test_a_void_leaves_every_board_read_at_once(challenge: Challenge) -> None:
    from challenges.moderation.entries import entry_void

    cheat = EntryFactory(challenge=challenge, score=999, player=UserFactory(username="cheat"))
    EntryFactory(challenge=challenge, score=10)
    row = 'href="/players/cheat/">cheat</a>'
    before = _reads(challenge, cheat.player)
    assert row in before["html board"]
    entry_void(entry=cheat, reason="copied log")
    after = _reads(challenge, cheat.player)
    assert '"cheat"' not in after["api board"]
    assert row not in after["html board"]


def _own_reads(challenge: Challenge, viewer: Any) -> dict[str, str]:
    """The reads a logged-in player makes of the board, as text: their rank, and the
    pages whose cached pieces (rows, histogram) are kept per page and per viewer."""
    api, page = APIClient(), Client()
    api.force_authenticate(viewer)
    page.force_login(viewer)
    board = f"/challenges/{challenge.pk}/"
    reads = {
        "api me": f"{api.get(f'/api/challenges/{challenge.pk}/leaderboard/me/').status_code}",
        "api current": api.get("/api/challenges/current/").content.decode(),
        "api page 2": api.get(
            f"/api/challenges/{challenge.pk}/leaderboard/?page=2&size=2"
        ).content.decode(),
        "html board": page.get(board).content.decode(),
        "html page 2": page.get(f"{board}?page=2").content.decode(),
        "html page 2, logged out": Client().get(f"{board}?page=2").content.decode(),
    }
    # A logged-in page's forms carry a CSRF token masked anew on every request.
    return {name: _CSRF.sub("csrf", text) for name, text in reads.items()}


def test_the_submitters_own_reads_and_later_pages_are_fresh_at_once(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("challenges.views.leaderboards.PAGE_SIZE", 2)
    for score in (900, 800, 700):
        EntryFactory(challenge=challenge, score=score)
    newcomer = UserFactory(username="newcomer")
    before = _own_reads(challenge, newcomer)  # fills every cache, the pieces included
    assert before == _own_reads(challenge, newcomer)
    assert before["api me"] == "404"
    row = 'href="/players/newcomer/">newcomer</a>'
    assert row not in before["html page 2"] and row not in before["html page 2, logged out"]

    run = RunFactory(player=newcomer, challenge=challenge, finished=True)
    client = APIClient()
    client.force_authenticate(newcomer)
    assert client.post(f"/api/runs/{run.pk}/submit/").status_code == 201

    after = _own_reads(challenge, newcomer)
    assert after["api me"] == "200"
    assert '"entries":4' in after["api current"].replace(" ", "")
    assert "newcomer" in after["api page 2"]
    assert 'data-testid="you-card"' in after["html board"]
    assert 'class="bar is-you"' in after["html board"]  # the cached histogram, redrawn
    assert row in after["html page 2"] and 'class="is-you"' in after["html page 2"]
    assert row in after["html page 2, logged out"]
    assert 'class="is-you"' not in after["html page 2, logged out"]
