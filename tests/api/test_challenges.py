from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge
from challenges.schedule.services import challenge_ensure
from challenges.slots import slot_number, slot_opens_at
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def _current_number() -> int:
    return slot_number(at=timezone.now())


def test_current_is_made_on_the_spot_when_the_scheduler_has_not(api_client: APIClient) -> None:
    assert not Challenge.objects.exists()
    response = api_client.get("/api/challenges/current/")
    assert response.status_code == 200
    body = response.json()
    number = _current_number()
    assert body["id"] == body["number"] == number
    assert body["opens_at"] == slot_opens_at(number=number).isoformat().replace("+00:00", "Z")
    assert (body["tray_size"], body["well_size"], body["time_limit_ms"]) == (9, 47, 120_000)
    assert (body["ruleset"], body["entries"], body["is_open"]) == ("challenge", 0, True)
    assert body["tray"] is None and body["well"] is None
    assert Challenge.objects.filter(number=number).count() == 1
    assert api_client.get("/api/challenges/current/").json()["id"] == number


def test_current_counts_entries(api_client: APIClient, challenge: Challenge) -> None:
    EntryFactory(challenge=challenge, score=10)
    EntryFactory(challenge=challenge, score=30)
    body = api_client.get("/api/challenges/current/").json()
    assert (body["entries"], body["top_score"]) == (2, 30)


def test_detail_reveals_tiles_only_once_closed(api_client: APIClient, challenge: Challenge) -> None:
    open_body = api_client.get(f"/api/challenges/{challenge.pk}/").json()
    assert open_body["tray"] is None and open_body["well"] is None
    past = ChallengeFactory(number=challenge.number - 1)
    closed_body = api_client.get(f"/api/challenges/{past.pk}/").json()
    assert closed_body["tray"] == past.tray
    assert closed_body["well"] == past.well
    assert closed_body["is_open"] is False


def test_detail_of_an_unknown_challenge_is_a_json_404(api_client: APIClient) -> None:
    response = api_client.get("/api/challenges/424242/")
    assert response.status_code == 404
    assert response.json() == {"detail": "There is no challenge #424242.", "code": "not_found"}


def test_list_is_newest_first_with_the_players_own_score_and_rank(api_client: APIClient) -> None:
    number = _current_number()
    older = ChallengeFactory(number=number - 1)
    me = UserFactory()
    EntryFactory(challenge=older, score=90)
    EntryFactory(challenge=older, player=me, score=40)
    challenge_ensure(number=number + 1)  # made ahead by the beat: not listed yet
    anonymous = api_client.get("/api/challenges/").json()
    assert [row["number"] for row in anonymous["results"]] == [number, number - 1]
    assert anonymous["results"][1]["entries"] == 2
    assert anonymous["results"][1]["top_score"] == 90
    assert anonymous["results"][1]["own_score"] is None
    api_client.force_authenticate(me)
    mine = api_client.get("/api/challenges/").json()["results"][1]
    assert (mine["own_score"], mine["own_rank"]) == (40, 2)
    assert mine["own_run"] is not None


def test_list_pages_with_links(api_client: APIClient) -> None:
    number = _current_number()
    for n in range(number - 40, number):
        ChallengeFactory(number=n)
    first = api_client.get("/api/challenges/").json()
    assert (first["count"], first["num_pages"], len(first["results"])) == (41, 2, 30)
    assert first["previous"] is None
    assert first["next"].endswith("/api/challenges/?page=2")
    second = api_client.get(first["next"]).json()
    assert len(second["results"]) == 11
    assert second["results"][-1]["number"] == number - 40
    assert second["next"] is None


@pytest.mark.parametrize(
    ("query", "status"), [("page=0", 400), ("page=x", 400), ("page=-1", 400), ("page=9", 404)]
)
def test_list_refuses_bad_pages_with_json(api_client: APIClient, query: str, status: int) -> None:
    response = api_client.get(f"/api/challenges/?{query}")
    assert response.status_code == status
    assert "page" in response.json()["detail"].lower()


def test_closed_challenge_has_its_closing_time(api_client: APIClient) -> None:
    past = ChallengeFactory(number=_current_number() - 3)
    body = api_client.get(f"/api/challenges/{past.pk}/").json()
    assert body["closes_at"] == (past.opens_at + timedelta(hours=8)).isoformat().replace(
        "+00:00", "Z"
    )
