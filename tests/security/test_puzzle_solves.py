"""Saving a solved puzzle is throttled like the other writes, and a time no person
fills the puzzle in (each piece at least the pace floor of a run's placements after the
one before) is refused: a stored best of "0:00" was a script's."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from challenges.engine import RULESET, puzzle_time_floor_ms
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles.services import puzzles_series_make
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def first() -> Puzzle:
    caches["limits"].clear()
    puzzles_series_make(upto=1)
    return Puzzle.objects.get(number=1)


def _player() -> tuple[APIClient, Any]:
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    return client, user


def _solve(client: APIClient, puzzle: Puzzle, ms: int, **headers: Any) -> Any:
    return client.post(
        f"/api/puzzles/{puzzle.number}/solve/",
        {"pieces": puzzle.solution, "ms": ms},
        format="json",
        **headers,
    )


def test_the_floor_is_a_pieces_worth_of_placements_at_the_pace_floor(first: Puzzle) -> None:
    assert puzzle_time_floor_ms(cells=first.cells) == len(first.cells) * RULESET.pace_floor_ms
    assert RULESET.pace_floor_ms == 200


@pytest.mark.parametrize("ms", [0, 1, 599])
def test_a_time_under_the_floor_is_refused_and_nothing_is_kept(first: Puzzle, ms: int) -> None:
    client, user = _player()
    assert len(first.cells) * RULESET.pace_floor_ms == 600
    refused = _solve(client, first, ms, HTTP_ACCEPT_LANGUAGE="nl")
    assert refused.status_code == 422
    body = refused.json()
    assert body["code"] == "too_fast"
    assert "600" in body["detail"] and "No one" not in body["detail"]
    assert not PuzzleProgress.objects.filter(player=user).exists()


def test_the_floor_itself_is_a_person_s_time(first: Puzzle) -> None:
    client, user = _player()
    saved = _solve(client, first, 600)
    assert saved.status_code == 200, saved.content
    assert PuzzleProgress.objects.get(player=user).best_ms == 600


def test_the_puzzle_of_the_day_refuses_a_time_under_its_floor() -> None:
    client = APIClient()
    assert client.post("/api/guest/").status_code == 201
    client.get("/api/puzzles/today/")
    today = Puzzle.objects.get(day__isnull=False)
    body = {"pieces": today.solution, "ms": 0}
    refused = client.post("/api/puzzles/today/solve/", body, format="json")
    assert (refused.status_code, refused.json()["code"]) == (422, "too_fast")
    floor = puzzle_time_floor_ms(cells=today.cells)
    body["ms"] = floor
    assert client.post("/api/puzzles/today/solve/", body, format="json").status_code == 200


def test_solves_are_throttled_per_player(first: Puzzle, throttle_window_held: None) -> None:
    client, _ = _player()
    statuses = [_solve(client, first, 20_000).status_code for _ in range(22)]
    assert statuses == [200] * 20 + [429] * 2
    refused = _solve(client, first, 20_000)
    assert refused.json()["code"] == "throttled"
    # The daily puzzle's save counts in the same limit.
    today = client.post("/api/puzzles/today/solve/", {"pieces": [], "ms": 20_000}, format="json")
    assert today.status_code == 429
    # Another player is not slowed by it.
    other, _ = _player()
    assert _solve(other, first, 20_000).status_code == 200
