"""The social API: a player's record, following, the following board, the day and
week boards, and a run's standing with its share card. Every answer is also checked
against the schema (tests/schema_check.py)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Follow, Run
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_players_record_has_streaks_calendar_and_best_ranks(
    api_client: APIClient, challenge: Challenge
) -> None:
    player = UserFactory()
    EntryFactory(challenge=challenge, player=player, score=50)
    EntryFactory(challenge=challenge, score=80)
    response = api_client.get(f"/api/players/{player.username}/?tz=Asia/Tokyo")
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == player.username
    assert body["time_zone"] == "Asia/Tokyo"
    assert body["streaks"]["slots"] == {"current": 1, "longest": 1}
    assert body["streaks"]["days"]["current"] == 1
    assert sum(day["entries"] for day in body["calendar"]["days"]) == 1
    assert body["best_ranks"] == [{"challenge": challenge.pk, "rank": 2, "entries": 2, "score": 50}]
    assert body["followed_by_you"] is False
    assert api_client.get(f"/api/players/{player.username}/?tz=Not/AZone").json()["time_zone"] == (
        "UTC"
    )
    assert api_client.get("/api/players/nobody-at-all/").status_code == 404


def test_follow_and_unfollow(player_client: APIClient, player: Any) -> None:
    friend = UserFactory()
    followed = player_client.post(f"/api/players/{friend.username}/follow/")
    assert followed.status_code == 200
    assert followed.json() == {"player": friend.username, "followed_by_you": True, "followers": 1}
    assert player_client.post(f"/api/players/{friend.username}/follow/").json()["followers"] == 1
    record = player_client.get(f"/api/players/{friend.username}/").json()
    assert record["followed_by_you"] is True
    left = player_client.delete(f"/api/players/{friend.username}/follow/")
    assert left.json()["followed_by_you"] is False
    assert not Follow.objects.exists()
    myself = player_client.post(f"/api/players/{player.username}/follow/")
    assert myself.status_code == 400
    assert myself.json()["code"] == "follow_self"
    assert APIClient().post(f"/api/players/{friend.username}/follow/").status_code in (401, 403)


def test_the_following_board_and_the_period_boards(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    friend, stranger = UserFactory(), UserFactory()
    player_client.post(f"/api/players/{friend.username}/follow/")
    EntryFactory(challenge=challenge, player=stranger, score=90)
    EntryFactory(challenge=challenge, player=friend, score=70)
    EntryFactory(challenge=challenge, player=player, score=60)
    board = player_client.get(f"/api/challenges/{challenge.pk}/leaderboard/following/").json()
    assert board["following"] == 1
    assert [
        (row["player"], row["rank"], row["board_rank"], row["is_you"]) for row in board["results"]
    ] == [
        (friend.username, 1, 2, False),
        (player.username, 2, 3, True),
    ]
    day = APIClient().get("/api/boards/day/").json()
    assert day["best_of"] == 3
    assert [row["player"] for row in day["results"]] == [
        stranger.username,
        friend.username,
        player.username,
    ]
    week_following = player_client.get("/api/boards/week/?following=1").json()
    assert [row["player"] for row in week_following["results"]] == [
        friend.username,
        player.username,
    ]
    assert APIClient().get("/api/boards/week/?following=1").status_code in (401, 403)
    assert APIClient().get("/api/boards/year/").status_code == 404


def test_the_month_board_and_the_boards_of_the_past(challenge: Challenge) -> None:
    old = ChallengeFactory(number=challenge.number - 3 * 40)
    EntryFactory(challenge=challenge, score=70)
    EntryFactory(challenge=old, score=55)
    month = APIClient().get("/api/boards/month/").json()
    assert month["period"] == "month" and month["starts_at"].endswith("-01T00:00:00Z")
    assert [row["score"] for row in month["results"]] == [70]
    day = old.opens_at.date().isoformat()
    then = APIClient().get(f"/api/boards/month/?at={day}").json()
    assert then["starts_at"].startswith(old.opens_at.strftime("%Y-%m-01"))
    assert [row["score"] for row in then["results"]] == [55]
    for bad in ("2026-13-45", "yesterday", "2026-1-1"):
        refused = APIClient().get(f"/api/boards/month/?at={bad}")
        assert refused.status_code == 400 and refused.json()["code"] == "invalid"
    unknown = APIClient().get("/api/boards/year/").json()
    assert "'day', 'week' and 'month'" in unknown["detail"]


def test_a_runs_standing_bests_place_runs_and_share_card(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    EntryFactory(challenge=challenge, score=10_000)
    low = RunFactory(player=player, challenge=challenge, finished=True, score=5)
    high = RunFactory(player=player, challenge=challenge, finished=True, score=50)
    response = player_client.get(f"/api/runs/{high.pk}/standing/?tz=Europe/Paris")
    assert response.status_code == 200
    body = response.json()
    assert body["score"] == 50
    assert body["bests_before"]["all_time"] == 5
    assert "all_time" in body["new_bests"]
    assert body["submittable"] is True
    assert body["would_be"] == {"rank": 2, "count": 2}
    assert body["entry"] is None
    assert [run["id"] for run in body["runs"]] == [str(high.pk), str(low.pk)]
    assert [run["best"] for run in body["runs"]] == [True, False]
    share = body["share"]
    assert share["url"].endswith(f"/share/{high.pk}/")
    assert share["image"].endswith(f"/share/{high.pk}/card.png")
    lines = share["text"].splitlines()
    assert lines[:2] == [f"Tri-Ominos Daily #{challenge.number}", "50 points"]
    assert lines[-1] == share["url"]
    assert "·" not in lines, "a run with no bonus has no line of bonus symbols"
    player_client.post(f"/api/runs/{high.pk}/submit/")
    after = player_client.get(f"/api/runs/{high.pk}/standing/").json()
    assert after["entry"] == {"rank": 2, "count": 2}
    assert "rank 2 of 2" in after["share"]["text"]


def test_no_standing_for_a_rejected_run_or_someone_elses(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    rejected = RunFactory(player=player, challenge=challenge, status=Run.Status.REJECTED, score=0)
    assert player_client.get(f"/api/runs/{rejected.pk}/standing/").status_code == 404
    theirs = RunFactory(challenge=challenge, finished=True)
    assert player_client.get(f"/api/runs/{theirs.pk}/standing/").status_code == 404


def test_a_run_finished_without_a_move_scores_0_and_has_a_standing(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = player_client.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    finished = player_client.post(f"/api/runs/{run_id}/finish/", {"moves": []}, format="json")
    assert finished.json()["valid"] is True
    stored = Run.objects.get(pk=run_id)
    assert (stored.status, stored.score, stored.log) == (Run.Status.FINISHED, 0, {"moves": []})
    standing = player_client.get(f"/api/runs/{run_id}/standing/").json()
    assert standing["score"] == 0
    assert standing["new_bests"] == [], "a first run at 0 is no best to celebrate"
