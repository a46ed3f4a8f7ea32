"""Players report entries (POST /api/runs/{id}/report/): on a board whose results are
out, once per entry, with a reason; throttled. A report puts the entry in the review
queue, where a moderator keeps it (reports dismissed) or voids it; the player whose
entry is voided sees why."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry, EntryDecision, EntryReport
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def results_out() -> Challenge:
    return ChallengeFactory(number=slot_number(at=timezone.now()) - 2)


def _as(user: Any) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _report(api: APIClient, entry: Entry, reason: str = "not_human", detail: str = "") -> Any:
    body = {"reason": reason, "detail": detail}
    return api.post(f"/api/runs/{entry.run_id}/report/", body, format="json")


def test_a_player_reports_an_entry_once_with_a_reason(results_out: Challenge) -> None:
    entry = EntryFactory(challenge=results_out, score=480)
    reporter = UserFactory()
    response = _report(_as(reporter), entry, detail="  Every move the best one, at 1.1 s.  ")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["entry"], body["run"], body["reason"]) == (
        entry.pk,
        str(entry.run_id),
        "not_human",
    )
    report = EntryReport.objects.get()
    assert (report.reporter, report.detail) == (reporter, "Every move the best one, at 1.1 s.")
    again = _report(_as(reporter), entry, reason="copied")
    assert (again.status_code, again.json()["code"]) == (409, "already_reported")
    assert EntryReport.objects.count() == 1
    # Another player may report it too; it stays on the board meanwhile.
    assert _report(_as(UserFactory()), entry).status_code == 201
    entry.refresh_from_db()
    assert entry.is_live


def test_no_report_before_the_results_nor_of_ones_own_or_an_entry_off_the_board(
    challenge: Challenge, results_out: Challenge
) -> None:
    open_entry = EntryFactory(challenge=challenge)
    early = _report(_as(UserFactory()), open_entry)
    assert (early.status_code, early.json()["code"]) == (409, "not_reportable")
    assert "once its results are out" in early.json()["detail"]
    mine = EntryFactory(challenge=results_out)
    own = _report(_as(mine.player), mine)
    assert (own.status_code, own.json()["detail"]) == (409, "You cannot report your own entry.")
    held = EntryFactory(challenge=results_out, status="held", hold_reasons=["near_par"])
    assert _report(_as(UserFactory()), held).status_code == 409
    voided = EntryFactory(challenge=results_out, voided_at=timezone.now())
    assert _report(_as(UserFactory()), voided).status_code == 409
    assert not EntryReport.objects.exists()


def test_a_report_needs_a_player_a_known_reason_and_a_submitted_run(results_out: Challenge) -> None:
    entry = EntryFactory(challenge=results_out)
    anonymous = APIClient().post(
        f"/api/runs/{entry.run_id}/report/", {"reason": "copied"}, format="json"
    )
    assert anonymous.status_code in (401, 403)
    bad = _report(_as(UserFactory()), entry, reason="ugly")
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid")
    long = _report(_as(UserFactory()), entry, detail="x" * 501)
    assert long.status_code == 400
    nowhere = _as(UserFactory()).post(
        f"/api/runs/{'0' * 8}-0000-0000-0000-{'0' * 12}/report/",
        {"reason": "copied"},
        format="json",
    )
    assert nowhere.status_code == 404


def test_reports_are_throttled(results_out: Challenge) -> None:
    reporter = _as(UserFactory())
    entries = [EntryFactory(challenge=results_out) for _ in range(11)]
    answers = [_report(reporter, entry).status_code for entry in entries]
    assert answers == [201] * 10 + [429]  # 10 an hour by default (ENTRY_REPORT_THROTTLE)


# --- the queue --------------------------------------------------------------------------


@pytest.fixture
def staff() -> Client:
    admin = get_user_model().objects.create_superuser("mod", "mod@example.org", "pw")
    client = Client()
    client.force_login(admin)
    return client


def test_a_reported_entry_is_in_the_queue_and_keeping_it_dismisses_the_reports(
    results_out: Challenge, staff: Client
) -> None:
    reported = EntryFactory(challenge=results_out, score=470)
    quiet = EntryFactory(challenge=results_out, score=100)
    _report(_as(UserFactory()), reported)
    _report(_as(UserFactory()), reported, reason="copied")
    queue = staff.get("/admin/challenges/heldentry/").content.decode()
    assert "reported 2x (copied from another player&#x27;s run, played by a program" in queue
    assert f"/admin/challenges/heldentry/{quiet.pk}/approve/" not in queue
    kept = staff.post(f"/admin/challenges/heldentry/{reported.pk}/approve/")
    assert kept.status_code == 302
    reported.refresh_from_db()
    assert reported.is_live
    assert not EntryReport.objects.filter(resolved_at=None).exists()
    decision = EntryDecision.objects.get(entry=reported)
    assert decision.verdict == "approve" and "Reports dismissed" in decision.reason
    assert (
        f"/heldentry/{reported.pk}/approve/"
        not in staff.get("/admin/challenges/heldentry/").content.decode()
    )


def test_voiding_a_reported_entry_takes_it_off_and_tells_its_player(
    results_out: Challenge, staff: Client
) -> None:
    reported = EntryFactory(challenge=results_out, score=470)
    _report(_as(UserFactory()), reported)
    assert (
        staff.post(
            f"/admin/challenges/heldentry/{reported.pk}/void/", {"confirmed": "yes"}
        ).status_code
        == 302
    )
    reported.refresh_from_db()
    assert reported.is_voided
    assert EntryReport.objects.get().resolved_at is not None
    board = APIClient().get(f"/api/challenges/{results_out.pk}/leaderboard/").json()
    assert board["count"] == 0
    player = Client()
    player.force_login(reported.player)
    page = player.get(reverse("challenges:leaderboard", args=[results_out.pk])).content.decode()
    assert "Your entry was removed from this board" in page
    # The queue's record (the reports' count and reasons) is the staff's, in English.
    assert "reported 1x" not in page and "The moderator's reason" not in page
    decision = EntryDecision.objects.get(entry=reported, verdict="void")
    assert decision.reason == (
        "Voided from the review queue (reported 1x (played by a program, not a person))."
    )


def test_the_queue_shows_what_the_review_measured(challenge: Challenge, staff: Client) -> None:
    entry = EntryFactory(challenge=challenge, status="held", hold_reasons=["near_par"])
    Entry.objects.filter(pk=entry.pk).update(
        features={
            "par": 400,
            "par_ratio": 0.95,
            "solver_match": 0.92,
            "choices": 25,
            "median_gap_ms": 1200,
            "min_gap_ms": 1001,
        }
    )
    queue = staff.get("/admin/challenges/heldentry/").content.decode()
    assert "A score near par" in queue
    assert "95% of par 400; solver&#x27;s choice 92% of 25" in queue
    assert "1200 ms apart (median), 1001 ms at least" in queue


# --- the replay page's form ---------------------------------------------------------------


def test_the_replay_page_offers_the_report_form_to_other_players_after_the_results(
    results_out: Challenge, challenge: Challenge
) -> None:
    entry = EntryFactory(
        challenge=results_out, submitted_at=results_out.opens_at + timedelta(minutes=1)
    )
    url = reverse("challenges:replay", args=[entry.run_id])
    reader = UserFactory()
    browser = Client()
    browser.force_login(reader)
    body = browser.get(url).content.decode()
    assert 'data-testid="report"' in body
    assert reverse("api-run-report", args=[entry.run_id]) in body
    _report(_as(reader), entry)
    after = browser.get(url).content.decode()
    assert 'data-testid="report"' not in after and 'data-testid="reported"' in after
    owner = Client()
    owner.force_login(entry.player)
    assert 'data-testid="report"' not in owner.get(url).content.decode()
    assert 'data-testid="report"' not in Client().get(url).content.decode()  # signed out
    open_entry = EntryFactory(challenge=challenge)
    open_page = Client()
    open_page.force_login(open_entry.player)
    mine = open_page.get(reverse("challenges:replay", args=[open_entry.run_id])).content.decode()
    assert 'data-testid="report"' not in mine
