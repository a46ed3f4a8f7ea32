"""The archive: the calendar of every closed challenge, one of them played again, and
where an archive run would have ranked (worked out by the server, never stored)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry, PlayerRecord, Run
from challenges.schedule.archive import archive_month
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.factories import challenge_log_score as score_of

pytestmark = pytest.mark.django_db


def _slot(offset: int) -> Challenge:
    return ChallengeFactory(number=slot_number(at=timezone.now()) + offset)


# --- the calendar ----------------------------------------------------------------------


def test_the_calendar_holds_every_challenge_whose_results_are_out() -> None:
    now = timezone.now()
    old, closed, open_now = _slot(-4), _slot(-1), _slot(0)
    month = archive_month(now=now, month=closed.opens_at.date())
    assert month is not None
    listed = {slot.number for week in month.weeks for day in week if day for slot in day.slots}
    assert closed.number in listed
    assert open_now.number not in listed
    if old.opens_at.month == closed.opens_at.month:
        assert old.number in listed
    # Whole weeks, Monday first; each day of the month once.
    assert all(len(week) == 7 for week in month.weeks)
    days = [day.day for week in month.weeks for day in week if day]
    assert days[0].day == 1 and days[0].weekday() == sum(1 for d in month.weeks[0] if d is None)
    assert len(days) == len(set(days))


def test_a_challenge_just_closed_joins_the_calendar_at_its_results() -> None:
    closed = _slot(-1)
    ChallengeFactory(number=closed.number - 1)

    def listed(now: datetime) -> set[int]:
        month = archive_month(now=now, month=closed.opens_at.date())
        assert month is not None
        return {s.number for w in month.weeks for d in w if d for s in d.slots}

    assert closed.number not in listed(closed.results_at - timedelta(seconds=1))
    assert closed.number in listed(closed.results_at)


def test_months_page_back_and_forth_within_the_archive() -> None:
    now = datetime(2026, 3, 10, 12, tzinfo=UTC)
    for number in (10, 100, 150):  # January, early February, mid-February
        ChallengeFactory(number=number)
    latest = archive_month(now=now)
    assert latest is not None and latest.month == date(2026, 2, 1)
    assert latest.earlier == date(2026, 1, 1) and latest.later is None
    january = archive_month(now=now, month=date(2025, 6, 1))
    assert january is not None and january.month == date(2026, 1, 1), "brought within the span"
    assert january.earlier is None and january.later == date(2026, 2, 1)
    assert archive_month(now=datetime(2025, 12, 1, tzinfo=UTC)) is None


def test_the_archive_page_links_each_closed_challenge() -> None:
    closed, open_now = _slot(-1), _slot(0)
    response = Client().get(f"/archive/?month={closed.opens_at:%Y-%m}")
    assert response.status_code == 200
    page = response.content.decode()
    assert f'href="/archive/{closed.number}/"' in page
    assert f'href="/archive/{open_now.number}/"' not in page
    for bad in ("2026-13", "x", "2026-1", "\uff19\uff19\uff19\uff19-01", "0000-01"):
        assert Client().get(f"/archive/?month={bad}").status_code == 200


def test_an_empty_archive_says_so() -> None:
    _slot(0)
    response = Client().get("/archive/")
    assert 'data-testid="archive-empty"' in response.content.decode()


# --- one challenge played again --------------------------------------------------------


def test_the_play_page_hands_the_deal_and_the_ghosts_of_a_closed_challenge() -> None:
    closed, open_now = _slot(-1), _slot(0)
    leader = EntryFactory(challenge=closed, score=300)
    response = Client().get(f"/archive/{closed.number}/")
    assert response.status_code == 200
    config = response.context["archive_config"]
    assert (config["tray"], config["well"]) == (closed.tray, closed.well)
    assert config["ghosts"]["other"]["player"] == leader.player.username
    assert config["urls"]["rank"] == f"/api/challenges/{closed.pk}/archive-rank/"
    assert Client().get(f"/archive/{open_now.number}/").status_code == 404


# --- where it would have ranked --------------------------------------------------------


def _rank(challenge: Challenge, body: Any) -> Any:
    return APIClient().post(f"/api/challenges/{challenge.pk}/archive-rank/", body, format="json")


def test_the_rank_is_worked_out_from_the_board_and_nothing_is_stored() -> None:
    closed = _slot(-1)
    log = challenge_log(closed, moves=10)
    score = score_of(closed, log)
    for entry_score in (score + 50, score + 10, score, score - 30):
        EntryFactory(challenge=closed, score=entry_score)
    EntryFactory(challenge=closed, score=score + 99, status="held")
    counts = (Run.objects.count(), Entry.objects.count(), PlayerRecord.objects.count())
    response = _rank(closed, log)
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "challenge": closed.pk,
        "valid": True,
        "score": score,
        "rank": 3,
        "count": 4,
    }
    assert (Run.objects.count(), Entry.objects.count(), PlayerRecord.objects.count()) == counts


def test_an_empty_board_has_no_rank() -> None:
    closed = _slot(-1)
    answer = _rank(closed, challenge_log(closed, moves=3)).json()
    assert (answer["rank"], answer["count"]) == (None, 0)


def test_a_bad_log_is_refused_with_its_rule() -> None:
    closed = _slot(-1)
    moves = challenge_log(closed, moves=3)["moves"]
    moves[1] = {**moves[1], "cell": [40, 40]} if moves[1]["type"] == "place" else {"t": 1}
    response = _rank(closed, {"moves": moves})
    assert response.status_code in (422, 400)
    body = response.json()
    assert body["code"] and body["detail"]
    for bad in ([], {"moves": 3}, "x", {"moves": [{"t": True, "type": "draw"}]}):
        answer = _rank(closed, bad)
        assert answer.status_code in (400, 422), bad
        assert {"detail", "code"} <= set(answer.json())


def test_no_rank_before_the_results_nor_of_no_challenge() -> None:
    open_now = _slot(0)
    response = _rank(open_now, challenge_log(open_now, moves=3))
    assert (response.status_code, response.json()["code"]) == (409, "results_not_out")
    response = APIClient().post(
        "/api/challenges/999999/archive-rank/", {"moves": []}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_a_logged_in_archive_run_leaves_the_record_alone() -> None:
    closed = _slot(-1)
    player = UserFactory()
    api = APIClient()
    api.force_authenticate(player)
    response = api.post(
        f"/api/challenges/{closed.pk}/archive-rank/", challenge_log(closed, moves=8), format="json"
    )
    assert response.status_code == 200
    assert not Run.objects.filter(player=player).exists()
    assert not PlayerRecord.objects.filter(player=player).exists()


def test_asking_ranks_is_throttled(monkeypatch: pytest.MonkeyPatch) -> None:
    from rest_framework.throttling import SimpleRateThrottle

    closed = _slot(-1)
    from config.throttling import AtomicScopedRateThrottle

    rates = {**SimpleRateThrottle.THROTTLE_RATES, "archive_rank": "2/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    # One moment for all three: a minute's window never turns between them.
    moment = 60.0 * 29_000_000 + 1
    monkeypatch.setattr(AtomicScopedRateThrottle, "timer", lambda self: moment)
    log = challenge_log(closed, moves=3)
    answers = [_rank(closed, log) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert answers[-1].json()["code"] == "throttled"
