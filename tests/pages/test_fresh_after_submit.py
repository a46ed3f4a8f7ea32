"""No cached read is stale after a submit: every page and API read that shows a board
shows the new entry at once, whatever it had cached a moment before."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db
# A form's CSRF token is masked afresh on each render: not part of what a cache serves.
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _html(text: str) -> str:
    return _CSRF.sub("csrf", text)


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


def test_every_board_read_shows_a_submit_at_once(challenge: Challenge, server_clock: Any) -> None:
    # The clock stands still: a countdown's minute turning between two reads is not staleness.
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
    entry_void(entry_id=cheat.pk, reason="copied log")
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
    return {name: _html(text) for name, text in reads.items()}


def test_the_submitters_own_reads_and_later_pages_are_fresh_at_once(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch, server_clock: Any
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


# --- every page, every language, every change a board sees ---------------------------

LANGUAGE_CODES = [code for code, _ in settings.LANGUAGES]


def _pages(challenge: Challenge, player: Any, language: str, viewer: Any = None) -> dict[str, str]:
    """The board, history and player pages as ``viewer`` (None: not logged in) reads
    them in ``language``, as text."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if viewer is not None:
        client.force_login(viewer)
    read = {
        "board": client.get(f"/challenges/{challenge.pk}/"),
        "history": client.get("/challenges/"),
        "player": client.get(f"/players/{player.username}/"),
    }
    for name, response in read.items():
        assert response.status_code == 200, name
        assert f'lang="{language}"' in response.content.decode(), name
    # The countdown's words change by the minute, whatever the board does.
    return {name: _COUNTDOWN.sub("", _html(r.content.decode())) for name, r in read.items()}


_COUNTDOWN = re.compile(r'<time class="countdown"[^>]*>[^<]*</time>')


def _everyone(
    challenge: Challenge, player: Any, language: str, reader: Any
) -> list[dict[str, str]]:
    """What a reader not logged in and a logged-in reader see, each read twice: the
    second read comes from the caches the first filled."""
    seen = []
    for viewer in (None, reader):
        first = _pages(challenge, player, language, viewer)
        again = _pages(challenge, player, language, viewer)
        for name in first:
            assert again[name] == first[name], _difference(first[name], again[name])
        seen.append(first)
    return seen


def _row(name: str) -> str:
    return f'href="/players/{name}/">{name}</a>'


def _submit(challenge: Challenge, player: Any, **run: Any) -> Any:
    made = RunFactory(player=player, challenge=challenge, finished=True, **run)
    client = APIClient()
    client.force_authenticate(player)
    answer = client.post(f"/api/runs/{made.pk}/submit/")
    assert answer.status_code == 201, answer.content
    return answer.json()


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_submit_shows_on_every_page_in_every_language(
    challenge: Challenge, language: str
) -> None:
    EntryFactory(challenge=challenge, score=50)
    newcomer, reader = UserFactory(username="newcomer"), UserFactory()
    before = _everyone(challenge, newcomer, language, reader)
    _submit(challenge, newcomer)
    for was, now in zip(before, _everyone(challenge, newcomer, language, reader), strict=True):
        assert _row("newcomer") not in was["board"] and _row("newcomer") in now["board"]
        assert now["history"] != was["history"]  # its entries: 2 now
        assert f">#{challenge.number}</a>" not in was["player"]
        assert f">#{challenge.number}</a>" in now["player"]


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_hold_then_an_approval_show_on_every_page_in_every_language(
    challenge: Challenge, language: str
) -> None:
    from challenges.models import Entry
    from challenges.moderation.services import entry_approve

    _submit(challenge, UserFactory(username="first"), variant=7)
    newcomer, reader = UserFactory(username="newcomer"), UserFactory()
    streak = 'data-testid="slot-streak">{}</span>'
    before = _everyone(challenge, newcomer, language, reader)
    assert streak.format(0) in before[0]["player"]

    own_before = _pages(challenge, newcomer, language, newcomer)
    _submit(challenge, newcomer, variant=7)  # the same moves: held for review
    held = _everyone(challenge, newcomer, language, reader)
    own = _pages(challenge, newcomer, language, newcomer)
    # The player sees their held entry (their card, their streak); nobody else does.
    assert 'data-testid="held-card"' in own["board"]
    assert streak.format(0) in own_before["player"] and streak.format(1) in own["player"]
    for was, now in zip(before, held, strict=True):
        assert _row("newcomer") not in now["board"]  # not on the board while held
        assert streak.format(0) in was["player"] and streak.format(0) in now["player"]

    entry_approve(entry_id=Entry.objects.get(player=newcomer).pk, by_id=None)
    for was, now in zip(held, _everyone(challenge, newcomer, language, reader), strict=True):
        assert _row("newcomer") in now["board"]
        assert streak.format(1) in now["player"]
        assert now["history"] != was["history"]
        assert f">#{challenge.number}</a>" not in was["player"]
        assert f">#{challenge.number}</a>" in now["player"]


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_void_shows_on_every_page_in_every_language(challenge: Challenge, language: str) -> None:
    from challenges.moderation.services import entry_void

    EntryFactory(challenge=challenge, score=50)
    cheat = EntryFactory(challenge=challenge, score=999, player=UserFactory(username="cheat"))
    reader = UserFactory()
    before = _everyone(challenge, cheat.player, language, reader)
    entry_void(entry_id=cheat.pk, reason="copied log")
    for was, now in zip(before, _everyone(challenge, cheat.player, language, reader), strict=True):
        assert _row("cheat") in was["board"] and _row("cheat") not in now["board"]
        assert now["history"] != was["history"]
        assert f">#{challenge.number}</a>" in was["player"]
        assert f">#{challenge.number}</a>" not in now["player"]


def _difference(one: str, other: str) -> str:
    import difflib

    return "\n".join(difflib.unified_diff(one.splitlines(), other.splitlines(), lineterm=""))


def _player_page(player: Any) -> tuple[str, int]:
    """A reader not logged in reads ``player``'s page: as text, and the queries it took."""
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(f"/players/{player.username}/")
    assert response.status_code == 200
    return _COUNTDOWN.sub("", _html(response.content.decode())), len(queries)


def test_a_submit_on_a_board_a_player_entered_moves_their_page_at_once(
    challenge: Challenge,
) -> None:
    player = EntryFactory(challenge=challenge, score=50).player
    before, _ = _player_page(player)
    assert _player_page(player)[0] == before  # now cached
    _submit(challenge, UserFactory(username="newcomer"))
    after, _ = _player_page(player)
    # Their row's field grew: its rank is out of two entries now.
    assert '<span class="muted">of 1</span>' in before
    assert '<span class="muted">of 2</span>' in after


def test_a_submit_on_a_board_a_player_never_entered_keeps_their_page(
    challenge: Challenge,
) -> None:
    earlier = ChallengeFactory(number=challenge.number - 2)
    player = EntryFactory(challenge=earlier, score=50).player
    built, building = _player_page(player)
    kept, keeping = _player_page(player)
    assert kept == built and keeping < building
    _submit(challenge, UserFactory(username="newcomer"))
    # Nothing their page shows moved: it is the kept page, read as cheaply.
    assert _player_page(player) == (kept, keeping)
