from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from challenges.models import Entry
from tests.factories import EntryFactory, RunFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    client.force_login(admin)
    return client


def test_the_void_action_takes_entries_off_the_board(staff: Client) -> None:
    keep, void = EntryFactory(score=10), EntryFactory(score=20)
    response = staff.post(
        "/admin/challenges/entry/",
        {"action": "void_entries", "_selected_action": [void.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "Voided 1 entry." in response.content.decode()
    void.refresh_from_db()
    keep.refresh_from_db()
    assert void.voided_at is not None and "root" in void.void_reason
    assert keep.voided_at is None


def test_typing_a_reason_voids_an_entry(staff: Client) -> None:
    entry = EntryFactory()
    # What the browser posts: the reason, and the (empty) inlines' form counts.
    form = {
        "void_reason": "Bot",
        "decisions-TOTAL_FORMS": "0",
        "decisions-INITIAL_FORMS": "0",
        "decisions-MIN_NUM_FORMS": "0",
        "decisions-MAX_NUM_FORMS": "1000",
        "reports-TOTAL_FORMS": "0",
        "reports-INITIAL_FORMS": "0",
        "reports-MIN_NUM_FORMS": "0",
        "reports-MAX_NUM_FORMS": "1000",
    }
    response = staff.post(f"/admin/challenges/entry/{entry.pk}/change/", form)
    assert response.status_code == 302
    entry.refresh_from_db()
    assert (entry.void_reason, entry.voided_at is not None) == ("Bot", True)
    assert entry.status == Entry.Status.VOID
    decision = entry.decisions.get()
    assert (decision.verdict, decision.reason, decision.decided_by.username) == (
        "void",
        "Bot",
        "root",
    )


@pytest.mark.parametrize("model", ["challenge", "run", "entry"])
def test_admin_lists_render(staff: Client, model: str) -> None:
    EntryFactory()
    RunFactory(finished=True)
    assert staff.get(f"/admin/challenges/{model}/").status_code == 200


def test_runs_and_challenges_are_read_only(staff: Client) -> None:
    run = RunFactory()
    assert staff.get("/admin/challenges/run/add/").status_code == 403
    assert staff.get("/admin/challenges/challenge/add/").status_code == 403
    assert staff.get(f"/admin/challenges/run/{run.pk}/change/").status_code == 200
    assert Entry.objects.count() == 0


def test_the_runs_list_has_short_columns(staff: Client) -> None:
    run = RunFactory()
    body = staff.get("/admin/challenges/run/").content.decode()
    assert f">{str(run.pk)[:8]}…</a>" in body
    assert f">{run.pk}<" not in body, "the whole id is not a column"
    assert f">#{run.challenge_id}<" in body
