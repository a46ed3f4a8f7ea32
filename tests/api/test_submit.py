from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry, Run
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory


def _submit(api: APIClient, run: Run) -> Any:
    return api.post(f"/api/runs/{run.pk}/submit/")


@pytest.mark.django_db
def test_submit_answers_the_entry_and_its_rank(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    EntryFactory(challenge=challenge, score=10_000)
    EntryFactory(challenge=challenge, score=-10_000)
    run = RunFactory(player=player, challenge=challenge, finished=True)
    response = _submit(player_client, run)
    assert response.status_code == 201
    body = response.json()
    entry = Entry.objects.get(player=player, challenge=challenge)
    assert body["id"] == entry.pk
    assert (body["run"], body["challenge"], body["player"]) == (
        str(run.pk),
        challenge.pk,
        player.username,
    )
    assert body["score"] == run.score
    assert (body["rank"], body["count"], body["page"]) == (2, 3, 1)
    assert body["percentile"] == pytest.approx(66.7)
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    assert [row["player"] for row in board["results"]].index(player.username) == 1


@pytest.mark.django_db
def test_a_second_submit_is_a_conflict_whichever_run(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    first, second = (
        RunFactory(player=player, challenge=challenge, finished=True) for _ in range(2)
    )
    assert _submit(player_client, first).status_code == 201
    response = _submit(player_client, second)
    assert response.status_code == 409
    assert response.json() == {
        "detail": "You have already submitted a run for this challenge.",
        "code": "already_submitted",
    }
    assert _submit(player_client, first).status_code == 409


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Run.Status.STARTED, Run.Status.REJECTED])
def test_only_a_finished_valid_run_can_be_submitted(
    player_client: APIClient, player: Any, challenge: Challenge, status: str
) -> None:
    run = RunFactory(player=player, challenge=challenge, status=status)
    response = _submit(player_client, run)
    assert response.status_code == 400
    assert response.json()["code"] == "run_not_valid"
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_entries_close_with_the_challenge_plus_grace(
    player_client: APIClient, player: Any, challenge: Challenge
) -> None:
    long_ago = ChallengeFactory(number=challenge.number - 2)
    run = RunFactory(player=player, challenge=long_ago, finished=True, started_at=long_ago.opens_at)
    response = _submit(player_client, run)
    assert response.status_code == 409
    assert response.json()["code"] == "entries_closed"
    assert "stopped taking entries" in response.json()["detail"]


@pytest.mark.django_db
def test_just_closed_challenge_still_takes_entries_within_grace(
    player_client: APIClient, player: Any, challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = RunFactory(player=player, challenge=challenge, finished=True)
    just_after = challenge.results_at - timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: just_after)
    assert _submit(player_client, run).status_code == 201


@pytest.mark.django_db
def test_someone_elses_run_cannot_be_submitted(
    player_client: APIClient, challenge: Challenge
) -> None:
    run = RunFactory(challenge=challenge, finished=True)
    assert _submit(player_client, run).status_code == 404
    assert not Entry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_submits_make_exactly_one_entry(postgres: None) -> None:
    challenge = ChallengeFactory()
    player = UserFactory()
    runs = [RunFactory(player=player, challenge=challenge, finished=True) for _ in range(5)]
    threads_count = 50
    barrier = threading.Barrier(threads_count)
    statuses: list[int] = []
    bodies: list[Any] = []
    failures: list[BaseException] = []

    def submit(index: int) -> None:
        api = APIClient()
        api.force_authenticate(player)
        try:
            barrier.wait(timeout=30)
            response = _submit(api, runs[index % len(runs)])
            statuses.append(response.status_code)
            bodies.append(response.json())
        except BaseException as error:
            failures.append(error)
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert Counter(statuses) == {201: 1, 409: threads_count - 1}
    assert all(body["code"] == "already_submitted" for body in bodies if "code" in body)
    assert Entry.objects.filter(challenge=challenge, player=player).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ahead", "behind", "placed", "row"),
    [
        # 60 ties before it, one score below: the 64th row, on page 2.
        (60, 0, (4, 65, 2), (2, -2)),
        # Ties behind it too (stamped later: a clock ahead, or a submit a moment later
        # that committed first): the 49th row, on page 1.
        (45, 5, (4, 54, 1), (1, 48)),
    ],
)
def test_the_submits_standing_is_the_one_the_board_then_gives(
    player_client: APIClient,
    player: Any,
    challenge: Challenge,
    ahead: int,
    behind: int,
    placed: tuple[int, int, int],
    row: tuple[int, int],
) -> None:
    # The run joins a tie group behind 3 higher scores: the answer's rank, count and
    # page are those "me" reads from the cached board afterwards, and the board's own.
    from datetime import timedelta

    from django.utils import timezone

    run = RunFactory(player=player, challenge=challenge, finished=True)
    for score in (run.score + 5, run.score + 1, run.score + 1):
        EntryFactory(challenge=challenge, score=score)
    for _ in range(ahead):
        EntryFactory(challenge=challenge, score=run.score)
    later = timezone.now() + timedelta(minutes=5)
    for n in range(behind):
        EntryFactory(
            challenge=challenge, score=run.score, submitted_at=later + timedelta(seconds=n)
        )
    if not behind:
        EntryFactory(challenge=challenge, score=run.score - 1)
    body = _submit(player_client, run).json()
    assert (body["rank"], body["count"], body["page"]) == placed
    me = player_client.get(f"/api/challenges/{challenge.pk}/leaderboard/me/").json()
    assert (me["rank"], me["count"], me["page"], me["percentile"]) == (
        body["rank"],
        body["count"],
        body["page"],
        body["percentile"],
    )
    page, index = row
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/?page={page}").json()
    assert board["results"][index]["player"] == player.username
