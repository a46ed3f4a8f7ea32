"""Hard mode: chosen with the start, kept on the run, carried to the entry, marked "*"
next to it on the board (API and page) and on the share text. The same board as
everyone else: a hard entry ranks among the others."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry, Run
from tests.factories import EntryFactory, RunFactory

pytestmark = pytest.mark.django_db


def _start(api: APIClient, challenge: Challenge, body: Any = None) -> Any:
    url = f"/api/challenges/{challenge.pk}/runs/"
    return api.post(url, body, format="json") if body is not None else api.post(url)


def test_a_start_chooses_hard_mode_and_the_run_keeps_it(
    player_client: APIClient, challenge: Challenge
) -> None:
    plain = _start(player_client, challenge)
    assert plain.status_code == 201 and plain.json()["hard"] is False
    assert _start(player_client, challenge, {}).json()["hard"] is False
    hard = _start(player_client, challenge, {"hard": True})
    assert hard.status_code == 201 and hard.json()["hard"] is True
    assert Run.objects.get(pk=hard.json()["id"]).hard is True
    assert player_client.get(f"/api/runs/{hard.json()['id']}/").json()["hard"] is True


@pytest.mark.parametrize("body", [{"hard": "yes"}, {"hard": 1}, {"hard": None}, [True], "hard"])
def test_a_start_with_a_bad_choice_is_refused(
    player_client: APIClient, challenge: Challenge, body: Any
) -> None:
    response = _start(player_client, challenge, body)
    assert response.status_code == 400
    assert {"detail", "code"} <= set(response.json())
    assert not Run.objects.exists()


def test_a_hard_entry_is_marked_on_the_board_and_the_share(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    EntryFactory(challenge=challenge, score=10_000)
    run = RunFactory(player=player, challenge=challenge, finished=True, hard=True)
    response = player_client.post(f"/api/runs/{run.pk}/submit/")
    assert response.status_code == 201, response.json()
    entry = Entry.objects.get(run=run)
    assert entry.hard is True and entry.status == Entry.Status.LIVE
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert [(row["rank"], row["hard"]) for row in board["results"]] == [(1, False), (2, True)]
    page = APIClient().get(f"/challenges/{challenge.pk}/").content.decode()
    assert page.count('class="hard-mark"') == 1
    standing = player_client.get(f"/api/runs/{run.pk}/standing/").json()
    headline = standing["share"]["text"].splitlines()[0]
    assert headline == f"Tri-Ominos Daily #{challenge.number}*"
    # The card's page says the same to everyone who opens the link, and its picture draws it.
    card_page = APIClient().get(f"/share/{run.pk}/").content.decode()
    assert f"<h1>Tri-Ominos Daily #{challenge.number}*</h1>" in card_page
    picture = APIClient().get(f"/share/{run.pk}/card.png")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"


def test_an_ordinary_entry_has_no_mark(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    run = RunFactory(player=player, challenge=challenge, finished=True)
    assert player_client.post(f"/api/runs/{run.pk}/submit/").status_code == 201
    standing = player_client.get(f"/api/runs/{run.pk}/standing/").json()
    assert standing["share"]["text"].splitlines()[0] == f"Tri-Ominos Daily #{challenge.number}"
    page = APIClient().get(f"/challenges/{challenge.pk}/").content.decode()
    assert 'class="hard-mark"' not in page
