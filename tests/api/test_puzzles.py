"""The puzzles' API (docs/puzzles.md): the series opens one puzzle at a time, stars are
the server's (a forged filling is refused with its code), a guest's progress carries
over on sign-up, and the puzzle of the day keeps a streak."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django.utils.formats import date_format
from rest_framework.test import APIClient

from challenges.engine import PUZZLE_DAILY_GRADES, PUZZLE_GRADES
from challenges.models import Puzzle, PuzzleProgress
from challenges.puzzles.services import puzzle_daily_make, puzzles_series_make
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def series() -> list[Puzzle]:
    puzzles_series_make(upto=3)
    return list(Puzzle.objects.filter(number__isnull=False).order_by("number"))


def _guest() -> APIClient:
    client = APIClient()
    assert client.post("/api/guest/").status_code == 201
    return client


def _joker(piece: dict[str, Any]) -> dict[str, Any]:
    return {"type": "joker", "cell": piece["cell"]}


def _solve(client: APIClient, number: int, pieces: Any, ms: int = 20_000) -> Any:
    return client.post(f"/api/puzzles/{number}/solve/", {"pieces": pieces, "ms": ms}, format="json")


def test_a_visitor_sees_the_first_puzzle_open_and_the_rest_locked(series: list[Puzzle]) -> None:
    client = APIClient()
    cards = client.get("/api/puzzles/").json()["puzzles"]
    assert [(c["number"], c["unlocked"], c["stars"]) for c in cards] == [
        (1, True, 0),
        (2, False, 0),
        (3, False, 0),
    ]
    first = client.get("/api/puzzles/1/").json()
    assert first["size"] == len(first["cells"]) == len(first["tray"]) == 3
    assert "solution" not in first
    locked = client.get("/api/puzzles/2/")
    assert (locked.status_code, locked.json()["code"]) == (403, "puzzle_locked")
    missing = client.get("/api/puzzles/999/")
    assert (missing.status_code, missing.json()["code"]) == (404, "puzzle_not_found")


def test_saving_needs_a_player_or_a_guest(series: list[Puzzle]) -> None:
    refused = _solve(APIClient(), 1, series[0].solution)
    assert refused.status_code in (401, 403)
    assert refused.json()["code"] and refused.json()["detail"]
    assert not PuzzleProgress.objects.exists()


@pytest.mark.parametrize(
    ("forge", "code"),
    [
        (lambda s: [*s[:-1]], "shape_not_filled"),
        (lambda s: [{**p, "rotation": (p["rotation"] + 1) % 3} for p in s], "corner_mismatch"),
        (lambda s: [_joker(p) for p in s], "too_many_jokers"),
        (lambda s: [{**s[0], "tile": "5-5-5" if s[0]["tile"] != "5-5-5" else "0-0-0"}], None),
        (lambda s: [s[0], s[0]], "tile_used_twice"),
        (lambda s: [{**s[0], "cell": [40, 40]}], "cell_outside_shape"),
        (lambda s: [{**s[0], "rotation": True}], "malformed"),
        (lambda s: {"pieces": s}, "malformed"),
        (lambda s: [{**s[0], "tile": "3-2-1"}], "unknown_tile"),
    ],
)
def test_a_forged_filling_is_refused_with_its_code(
    series: list[Puzzle], forge: Any, code: str | None
) -> None:
    client = _guest()
    solution = series[0].solution
    refused = _solve(client, 1, forge(solution))
    body = refused.json()
    assert refused.status_code == 422, body
    if code is None:  # a tile from outside the tray (or its twin in the tray, then used twice)
        assert body["code"] in ("tile_not_in_tray", "tile_used_twice")
    else:
        assert body["code"] == code
    assert isinstance(body["index"], int) and body["detail"]
    assert not PuzzleProgress.objects.exists()
    assert client.get("/api/puzzles/2/").status_code == 403, "nothing opened"


def test_a_body_without_a_time_is_refused_as_json(series: list[Puzzle]) -> None:
    client = _guest()
    refused = client.post("/api/puzzles/1/solve/", {"pieces": []}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] and "ms" in refused.json()["detail"]


def test_solving_opens_the_next_and_replaying_keeps_the_best(series: list[Puzzle]) -> None:
    client = _guest()
    locked = _solve(client, 2, series[1].solution)
    assert (locked.status_code, locked.json()["code"]) == (403, "puzzle_locked")

    solution = series[0].solution
    one_joker = _solve(client, 1, [_joker(solution[0]), *solution[1:]], ms=30_000).json()
    assert one_joker["saved"]["stars"] == 2
    assert one_joker["next_number"] == 2
    assert client.get("/api/puzzles/2/").status_code == 200

    three = _solve(client, 1, solution, ms=50_000).json()["saved"]
    assert (three["stars"], three["best_stars"], three["best_ms"]) == (3, 3, 30_000)
    assert three["improved"]
    two_jokers = [_joker(solution[0]), _joker(solution[1]), *solution[2:]]
    worse = _solve(client, 1, two_jokers, ms=5_000).json()["saved"]
    assert (worse["stars"], worse["best_stars"], worse["best_ms"]) == (1, 3, 5_000)

    cards = client.get("/api/puzzles/").json()["puzzles"]
    assert [(c["stars"], c["unlocked"]) for c in cards] == [(3, True), (0, True), (0, False)]


def test_a_guests_progress_carries_over_on_sign_up(series: list[Puzzle]) -> None:
    client = _guest()
    _solve(client, 1, series[0].solution)
    _solve(client, 2, [_joker(series[1].solution[0]), *series[1].solution[1:]])
    signed_up = client.post(
        "/accounts/signup/",
        {
            "username": "solver",
            "password1": "a long pass phrase 7",
            "password2": "a long pass phrase 7",
        },
    )
    assert signed_up.status_code == 302
    cards = client.get("/api/puzzles/").json()["puzzles"]
    assert [(c["stars"], c["unlocked"]) for c in cards] == [(3, True), (2, True), (0, True)]
    assert set(PuzzleProgress.objects.values_list("player__username", flat=True)) == {"solver"}


def test_logging_in_keeps_the_better_of_the_account_and_the_guest(series: list[Puzzle]) -> None:
    player = UserFactory(username="known")
    player.set_password("another pass phrase 9")
    player.save()
    at_home = APIClient()
    at_home.force_authenticate(player)
    solution = series[0].solution
    _solve(at_home, 1, [_joker(solution[0]), *solution[1:]], ms=9_000)

    client = _guest()
    _solve(client, 1, solution, ms=15_000)
    logged_in = client.post(
        "/accounts/login/", {"username": "known", "password": "another pass phrase 9"}
    )
    assert logged_in.status_code == 302
    mine = PuzzleProgress.objects.get(player=player, puzzle=series[0])
    assert (mine.stars, mine.best_ms, mine.solves) == (3, 9_000, 2)


def test_the_puzzle_of_the_day_is_the_same_for_everyone_and_keeps_a_streak() -> None:
    first = _guest().get("/api/puzzles/today/").json()
    second = APIClient().get("/api/puzzles/today/").json()
    assert first["puzzle"]["cells"] == second["puzzle"]["cells"]
    assert first["puzzle"]["tray"] == second["puzzle"]["tray"]
    assert first["streak"] == 0

    client = _guest()
    today = Puzzle.objects.get(day=timezone.now().date())
    yesterday = puzzle_daily_make(day=today.day - timedelta(days=1))
    player_id = PuzzleProgress.player.field.related_model.objects.latest("pk").pk
    PuzzleProgress.objects.create(
        player_id=player_id,
        puzzle=yesterday,
        stars=3,
        best_ms=1000,
        pieces=yesterday.solution,
        first_solved_at=timezone.now(),
        last_solved_at=timezone.now(),
    )
    solved = client.post(
        "/api/puzzles/today/solve/",
        {"pieces": [_joker(today.solution[0]), *today.solution[1:]], "ms": 83_400},
        format="json",
    ).json()
    assert solved["saved"]["stars"] == 2
    assert solved["streak"] == 2
    lines = solved["share_text"].splitlines()
    assert date_format(today.day, "DATE_FORMAT") in lines[0]
    assert lines[1].startswith("★★☆ · 1:23")
    assert lines[2].endswith("/puzzles/today/")
    assert not any(tile in solved["share_text"] for tile in today.tray), "no tile told"
    assert client.get("/api/puzzles/today/").json()["streak"] == 2


def test_a_forged_daily_filling_is_refused() -> None:
    client = _guest()
    client.get("/api/puzzles/today/")
    refused = client.post("/api/puzzles/today/solve/", {"pieces": [], "ms": 1}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (422, "shape_not_filled")


def test_no_number_is_too_big_for_a_json_answer(series: list[Puzzle]) -> None:
    client = _guest()
    huge = "9" * 30
    assert client.get(f"/api/puzzles/{huge}/").json()["code"] == "puzzle_not_found"
    absurd = _solve(client, 1, series[0].solution, ms=10**30)
    assert absurd.status_code == 400 and absurd.json()["code"]
    two_days = _solve(client, 1, series[0].solution, ms=2 * 24 * 60 * 60 * 1000)
    assert two_days.status_code == 200, "a time beyond a day is kept as a day"
    assert two_days.json()["saved"]["best_ms"] == 24 * 60 * 60 * 1000


def test_the_series_climbs_the_grades_and_says_each(series: list[Puzzle]) -> None:
    cards = APIClient().get("/api/puzzles/").json()["puzzles"]
    grades = [card["difficulty"] for card in cards]
    assert set(grades) <= set(PUZZLE_GRADES)
    assert grades == sorted(grades, key=PUZZLE_GRADES.index)
    assert grades[0] == "easy"
    assert [card["difficulty"] for card in cards] == [p.difficulty for p in series]
    today = APIClient().get("/api/puzzles/today/").json()["puzzle"]
    weekday = timezone.now().date().weekday()
    assert today["difficulty"] == PUZZLE_DAILY_GRADES[weekday]
