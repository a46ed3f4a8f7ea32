from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from rest_framework.test import APIClient
from rest_framework.utils.encoders import JSONEncoder

from challenges.api.data import player_rank_data
from challenges.api.serializers import PlayerRankSerializer
from challenges.boards.selectors import leaderboard_rank
from challenges.models import Challenge, Entry
from challenges.moderation.entries import entry_void
from tests.factories import EntryFactory, UserFactory, at

pytestmark = pytest.mark.django_db

T0 = at("2026-11-21T08:30:00")


def _fill(challenge: Challenge, scores: list[int]) -> list[Any]:
    return [
        EntryFactory(challenge=challenge, score=score, submitted_at=T0 + timedelta(seconds=i))
        for i, score in enumerate(scores)
    ]


def test_leaderboard_shape_ranks_and_order(api_client: APIClient, challenge: Challenge) -> None:
    entries = _fill(challenge, [120, 402, 120, 7])
    body = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert (body["challenge"], body["count"], body["page"], body["num_pages"]) == (
        challenge.pk,
        4,
        1,
        1,
    )
    assert [(r["rank"], r["score"]) for r in body["results"]] == [
        (1, 402),
        (2, 120),
        (2, 120),
        (4, 7),
    ]
    assert [r["player"] for r in body["results"]][1:3] == [
        entries[0].player.username,
        entries[2].player.username,
    ]
    assert body["results"][0]["run"] == str(entries[1].run_id)
    assert body["results"][0]["submitted_at"] == "2026-11-21T08:30:01Z"
    assert (body["next"], body["previous"]) == (None, None)


def test_pages_and_links(api_client: APIClient, challenge: Challenge) -> None:
    _fill(challenge, list(range(7)))
    first = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/?size=3").json()
    assert [r["score"] for r in first["results"]] == [6, 5, 4]
    assert first["num_pages"] == 3
    query = parse_qs(urlparse(first["next"]).query)
    assert query["size"] == ["3"] and query["cursor"] == [first["next_cursor"]]
    second = api_client.get(first["next"]).json()
    assert [r["score"] for r in second["results"]] == [3, 2, 1]
    assert second["page"] == 2
    back = api_client.get(second["previous"]).json()
    assert back["results"] == first["results"]
    third = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/?size=3&page=3").json()
    assert [r["score"] for r in third["results"]] == [0]
    assert third["next"] is None


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("page=0", 400, "invalid"),
        ("page=two", 400, "invalid"),
        ("size=101", 400, "invalid"),
        ("size=0", 400, "invalid"),
        ("page=5", 404, "page_not_found"),
        ("cursor=bogus", 400, "invalid_cursor"),
    ],
)
def test_bad_paging_is_answered_in_json(
    api_client: APIClient, challenge: Challenge, query: str, status: int, code: str
) -> None:
    _fill(challenge, [1, 2, 3])
    response = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/?{query}")
    assert response.status_code == status
    assert response.json()["code"] == code
    assert response.json()["detail"]


def test_leaderboard_of_unknown_challenge_is_404(api_client: APIClient) -> None:
    assert api_client.get("/api/challenges/55555/leaderboard/").status_code == 404


def test_me_gives_the_players_entry_rank_and_percentile(
    api_client: APIClient, challenge: Challenge
) -> None:
    entries = _fill(challenge, [50, 40, 30, 20])
    api_client.force_authenticate(entries[1].player)
    body = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/me/").json()
    assert (body["rank"], body["score"], body["count"], body["page"]) == (2, 40, 4, 1)
    assert body["percentile"] == 75.0
    assert body["run"] == str(entries[1].run_id)
    assert body["player"] == entries[1].player.username


def test_me_without_an_entry_is_404_and_needs_a_login(
    api_client: APIClient, challenge: Challenge
) -> None:
    url = f"/api/challenges/{challenge.pk}/leaderboard/me/"
    response = api_client.get(url)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    api_client.force_authenticate(UserFactory())
    response = api_client.get(url)
    assert response.status_code == 404
    assert response.json()["detail"] == f"You have no entry for challenge #{challenge.number}."


def test_me_explains_a_voided_entry(api_client: APIClient, challenge: Challenge) -> None:
    entry = EntryFactory(challenge=challenge)
    entry_void(entry_id=entry.pk, reason="Replay did not match")
    api_client.force_authenticate(entry.player)
    response = api_client.get(f"/api/challenges/{challenge.pk}/leaderboard/me/")
    assert response.status_code == 404
    # The moderator's words are a field of their own, never glued into our sentence.
    assert response.json() == {
        "detail": f"Your entry for challenge #{challenge.number} was voided.",
        "code": "entry_voided",
        "void_reason": "Replay did not match",
    }


def test_histogram_endpoint(api_client: APIClient, challenge: Challenge) -> None:
    entries = _fill(challenge, [0, 10, 20, 30, 40])
    api_client.force_authenticate(entries[2].player)
    body = api_client.get(f"/api/challenges/{challenge.pk}/histogram/?bins=5").json()
    assert sum(body["counts"]) == 5
    assert body["player_score"] == 20
    assert body["edges"][body["player_bin"]] <= 20 < body["edges"][body["player_bin"] + 1]


@pytest.mark.parametrize("held", [False, True], ids=["live", "held"])
def test_me_answers_what_its_serializer_documents(challenge: Challenge, held: bool) -> None:
    entries = _fill(challenge, [50, 40, 30])
    if held:
        entries[1].status = Entry.Status.HELD
        entries[1].hold_reasons = [Entry.HoldReason.NEAR_PAR.value]
        entries[1].save(update_fields=["status", "hold_reasons"])
    standing = leaderboard_rank(challenge=challenge, player=entries[1].player)
    assert standing is not None
    plain = player_rank_data(standing)
    assert json.loads(json.dumps(plain)) == json.loads(
        json.dumps(PlayerRankSerializer(standing).data, cls=JSONEncoder)
    )
    assert (plain["rank"] is None) is held and bool(plain["reasons"]) is held
