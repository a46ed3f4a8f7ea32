"""Board and history pages kept whole for readers not logged in are answered before the
middleware they do not use (challenges/lanes.py), exactly as the whole chain answers
them: the same status, body and headers, the language and ``Vary`` included. A reader
with a session, a message waiting or a page not kept goes down the whole chain."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

LANE = "challenges.lanes.FastLane"


def _whole(response: Any) -> tuple[int, bytes, dict[str, str]]:
    return response.status_code, response.content, dict(response.headers.items())


def _laned(response: Any) -> bool:
    # SessionMiddleware gives every request it sees a session: the lane's never reach it.
    return not hasattr(response.wsgi_request, "session")


@pytest.fixture
def boards(challenge: Challenge) -> tuple[Challenge, Challenge]:
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 2)
    for board in (challenge, closed):
        for score in (40, 90, 120):
            EntryFactory(challenge=board, score=score)
    return challenge, closed


def _readers() -> list[Client]:
    by_cookie = Client()
    by_cookie.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "de"
    return [Client(HTTP_ACCEPT_LANGUAGE="fr"), by_cookie, Client()]


def test_kept_pages_are_answered_by_the_lane_as_the_chain_answers_them(
    boards: tuple[Challenge, Challenge], settings: Any, server_clock: Any
) -> None:
    # The clock stands still: the open board's countdown (part of its key) keeps its words.
    challenge, closed = boards
    paths = [f"/challenges/{challenge.pk}/", f"/challenges/{closed.pk}/", "/challenges/"]
    lane, chain = [], []
    for reader in _readers():
        for path in paths:
            reader.get(path)  # rendered by the chain, kept
            lane.append(reader.get(path))
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != LANE]
    for reader in _readers():
        chain.extend(reader.get(path) for path in paths)
    assert [_whole(answer) for answer in lane] == [_whole(answer) for answer in chain]
    assert all(_laned(answer) for answer in lane)
    assert not any(_laned(answer) for answer in chain)
    assert [answer["Content-Language"] for answer in lane] == ["fr"] * 3 + ["de"] * 3 + ["en"] * 3
    assert {answer["Vary"] for answer in lane} == {"Accept-Language, Cookie"}
    assert '<html lang="de">' in lane[3].content.decode()


def test_a_closed_boards_revalidation_is_a_304_from_the_lane(
    boards: tuple[Challenge, Challenge],
) -> None:
    path = f"/challenges/{boards[1].pk}/"
    etag = Client().get(path)["ETag"]
    again = Client().get(path, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and _laned(again)
    assert again["ETag"] == etag and again["Content-Language"] == "en"


def test_a_session_a_message_or_a_page_not_kept_goes_down_the_chain(
    boards: tuple[Challenge, Challenge],
) -> None:
    path = f"/challenges/{boards[0].pk}/"
    first = Client().get(path)
    assert first.status_code == 200 and not _laned(first)  # rendered, then kept
    assert _laned(Client().get(path))
    reader = Client()
    reader.force_login(UserFactory(username="has-a-session"))
    mine = reader.get(path)
    assert not _laned(mine) and "has-a-session" in mine.content.decode()
    waiting = Client()
    waiting.cookies["messages"] = "anything"
    assert not _laned(waiting.get(path))
    assert not _laned(Client().get(path, {"board": "friends"}))
    missing = Client().get("/challenges/999999/")
    assert missing.status_code == 404 and not _laned(missing)
