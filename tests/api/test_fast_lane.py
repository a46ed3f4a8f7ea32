"""The current challenge and cached board pages answered before the middleware they do
not use (challenges/lanes.py): the same status, body and headers as through the
whole chain, but the language's (their bodies say nothing in a language); everything
else, a database fault included, goes down the whole chain as before."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory

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
