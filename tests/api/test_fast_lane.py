"""The current challenge and cached board pages answered before the middleware they do
not use (challenges/lanes.py): the same status, body and headers as through the
whole chain, but the language's (their bodies say nothing in a language); everything
else, a database fault included, goes down the whole chain as before. And a run's
writes with a token and no cookie, down a chain without the browser's middleware: the
same answers, in the reader's language."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone

from accounts.services import api_token_create
from challenges import lanes
from challenges.models import Challenge, Run
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.playing import run_played

pytestmark = pytest.mark.django_db

LANE = "challenges.lanes.FastLane"
# What only the skipped middleware says: the reader's language.
_LANGUAGE_HEADERS = ("Content-Language", "Vary")


def _whole(response: Any) -> tuple[int, bytes, dict[str, str]]:
    headers = {k: v for k, v in response.headers.items() if k not in _LANGUAGE_HEADERS}
    return response.status_code, response.content, headers


def _chain_only(settings: Any) -> None:
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != LANE]


def _reads(challenge: Challenge, closed: Challenge) -> list[tuple[str, dict[str, str]]]:
    return [
        ("/api/challenges/current/", {}),
        (f"/api/challenges/{challenge.pk}/leaderboard/", {}),
        (f"/api/challenges/{challenge.pk}/leaderboard/", {"size": "2", "page": "2"}),
        (f"/api/challenges/{closed.pk}/leaderboard/", {}),
    ]


@pytest.fixture
def boards(challenge: Challenge) -> tuple[Challenge, Challenge]:
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 2)
    for board in (challenge, closed):
        for score in (40, 90, 90, 120):
            EntryFactory(challenge=board, score=score)
    return challenge, closed


def test_the_lane_answers_as_the_whole_chain_but_for_the_language(
    boards: tuple[Challenge, Challenge], settings: Any
) -> None:
    reads = _reads(*boards)
    for path, query in reads:  # the board pages rendered and cached by DRF
        Client().get(path, query, HTTP_ACCEPT_LANGUAGE="fr")
    lane = [Client().get(path, query, HTTP_ACCEPT_LANGUAGE="fr") for path, query in reads]
    _chain_only(settings)
    chain = [Client().get(path, query, HTTP_ACCEPT_LANGUAGE="fr") for path, query in reads]
    assert [_whole(answer) for answer in lane] == [_whole(answer) for answer in chain]
    for answer in lane:
        assert answer.status_code == 200
        assert "Content-Language" not in answer  # the lane answered, not the chain
        # The security headers and the policy wrap the lane as before.
        assert answer["X-Frame-Options"] == "DENY"
        assert answer["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'self'" in answer["Content-Security-Policy"]
        assert int(answer["Content-Length"]) == len(answer.content)
    assert all(answer["Content-Language"] == "fr" for answer in chain)


def test_a_closed_boards_revalidation_is_a_304_from_the_lane(
    boards: tuple[Challenge, Challenge],
) -> None:
    path = f"/api/challenges/{boards[1].pk}/leaderboard/"
    etag = Client().get(path)["ETag"]
    again = Client().get(path, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert "Content-Language" not in again


def test_a_miss_a_token_or_another_read_go_down_the_whole_chain(
    boards: tuple[Challenge, Challenge], player: Any
) -> None:
    challenge = boards[0]
    board = f"/api/challenges/{challenge.pk}/leaderboard/"
    miss = Client().get(board, {"size": "3"})
    assert miss.status_code == 200 and miss["Content-Language"] == "en"  # DRF rendered it
    hit = Client().get(board, {"size": "3"})
    assert hit.content == miss.content and "Content-Language" not in hit
    token = Client().get(board, {"size": "3"}, HTTP_AUTHORIZATION="Token not-a-token")
    assert token.status_code == 401 and token.json()["code"] == "authentication_failed"
    assert Client().get(f"/api/challenges/{challenge.pk}/")["Content-Language"] == "en"
    assert Client().get("/api/no-such-read/").status_code == 404


def _lost_connection(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


def test_with_the_database_away_the_chain_answers_in_the_readers_language(
    boards: tuple[Challenge, Challenge],
) -> None:
    fresh = Client().get("/api/challenges/current/")
    assert fresh.status_code == 200
    board = f"/api/challenges/{boards[0].pk}/leaderboard/"
    with connection.execute_wrapper(_lost_connection):
        copy = Client().get("/api/challenges/current/", HTTP_ACCEPT_LANGUAGE="fr")
        away = Client().get(board, {"size": "7"}, HTTP_ACCEPT_LANGUAGE="fr")
    # The lane kept the current challenge's copy, and the chain serves it.
    assert copy.status_code == 200 and copy["X-Served-From"] == "copy"
    assert copy.content == fresh.content
    assert away.status_code == 503 and away.json()["code"] == "database_unavailable"
    assert away["Content-Language"] == "fr" and "base de données" in away.json()["detail"]


# --- a run's writes with a token and no cookie -----------------------------------------


def _writes(client: Client, challenge: Challenge, player: Any, language: str) -> list[Any]:
    """A run's start, a batch of moves, its finish and the submit of another run, as
    a script plays them with its token; and a start refused (404)."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language, "content_type": "application/json"}
    started = client.post(f"/api/challenges/{challenge.pk}/runs/", **headers)
    log = challenge_log(challenge, moves=9, start_ms=0, step_ms=300)
    run = Run.objects.create(
        player=player, challenge=challenge, started_at=timezone.now() - timedelta(seconds=5)
    )
    moves = log["moves"]
    batch = client.post(f"/api/runs/{run.pk}/moves/", {"from": 0, "moves": moves[:3]}, **headers)
    finish = client.post(f"/api/runs/{run.pk}/finish/", {"from": 3, "moves": moves[3:]}, **headers)
    played = challenge_log(challenge, moves=12, start_ms=300, step_ms=900)
    span = timedelta(milliseconds=played["moves"][-1]["t"] + 5_000)
    eligible = Run.objects.create(
        player=player, challenge=challenge, started_at=timezone.now() - span
    )
    assert run_played(eligible, played).is_eligible
    submit = client.post(f"/api/runs/{eligible.pk}/submit/", **headers)
    refused = client.post(f"/api/challenges/{challenge.pk + 1000}/runs/", **headers)
    return [started, batch, finish, submit, refused]


def _shape(response: Any) -> tuple[int, list[str], dict[str, str]]:
    """What two equal writes of two runs share: the status, the body's fields, the
    headers but for the length."""
    headers = {k: v for k, v in response.headers.items() if k != "Content-Length"}
    return response.status_code, sorted(response.json()), headers


def _short_chain_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    whole = lanes._ShortChain.get_response

    def counted(chain: Any, request: Any) -> Any:
        calls.append(request.path)
        return whole(chain, request)

    monkeypatch.setattr(lanes._ShortChain, "get_response", counted)
    return calls


def test_a_token_write_answers_as_the_whole_chain(
    challenge: Challenge, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _short_chain_calls(monkeypatch)
    token_player, chain_player = UserFactory(), UserFactory()
    lane = _writes(_token_client(token_player), challenge, token_player, "fr")
    assert len(calls) == 5  # each write went down the short chain
    _chain_only(settings)
    chain = _writes(_token_client(chain_player), challenge, chain_player, "fr")
    assert len(calls) == 5
    assert [_shape(answer) for answer in lane] == [_shape(answer) for answer in chain]
    assert [answer.status_code for answer in lane] == [201, 200, 200, 201, 404]
    for answer in lane:
        # The language, the frame and the security headers, as the whole chain says them.
        assert answer["Content-Language"] == "fr"
        assert answer["X-Frame-Options"] == "DENY"
        assert answer["X-Content-Type-Options"] == "nosniff"
        assert int(answer["Content-Length"]) == len(answer.content)
    assert "pas de défi" in lane[-1].json()["detail"]


def test_a_write_with_a_cookie_or_without_a_token_takes_the_whole_chain(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _short_chain_calls(monkeypatch)
    player = UserFactory()
    client = _token_client(player)
    client.cookies["tod_lang"] = "de"
    assert client.post(f"/api/challenges/{challenge.pk}/runs/").status_code == 201
    anonymous = Client().post(f"/api/challenges/{challenge.pk}/runs/")
    assert anonymous.status_code in (401, 403)
    assert calls == []


def test_a_token_write_with_the_database_away_is_the_outage_answer(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _short_chain_calls(monkeypatch)
    client = _token_client(UserFactory())
    with connection.execute_wrapper(_lost_connection):
        away = client.post(f"/api/challenges/{challenge.pk}/runs/", HTTP_ACCEPT_LANGUAGE="fr")
    assert len(calls) == 1
    assert away.status_code == 503 and away.json()["code"] == "database_unavailable"
    assert away["Content-Language"] == "fr" and "base de données" in away.json()["detail"]


def _token_client(player: Any) -> Client:
    secret = api_token_create(user=player).secret
    return Client(HTTP_AUTHORIZATION=f"Token {secret}")


def test_the_middleware_the_short_chain_leaves_out_are_the_sites(settings: Any) -> None:
    # A name that no longer matches would stay in the short chain unnoticed.
    assert set(settings.MIDDLEWARE) >= lanes.BROWSER_ONLY
