"""The probe's smaller findings: a wrong Host under /api/, short production secrets,
bidirectional controls in a report, the next challenge's par. (nginx's server_tokens:
tests/security/test_nginx_limits.py.)"""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import Challenge, EntryReport
from challenges.moderation.reports import entry_report
from challenges.slots import slot_number
from tests.domain.test_settings_production import REAL, SETUP, _run
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_wrong_host_under_api_is_a_json_400() -> None:
    response = Client().get("/api/challenges/current/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == "bad_request"
    page = Client().get("/", HTTP_HOST="evil.example")
    assert page.status_code == 400 and not page["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("length", [32, 49])
@pytest.mark.parametrize("name", ["SECRET_KEY", "CHALLENGE_SECRET"])
def test_production_refuses_secrets_shorter_than_50(name: str, length: int) -> None:
    short = secrets.token_urlsafe(64)[:length]
    result = _run(["-c", SETUP], **{**REAL, name: short})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and name in result.stderr


def test_a_reports_words_reach_moderators_without_bidi_controls() -> None:
    challenge = ChallengeFactory(number=slot_number(at=timezone.now()) - 2)
    entry = EntryFactory(challenge=challenge)
    reported = entry_report(
        run_id=entry.run_id,
        reporter_id=UserFactory().pk,
        reason="other",
        detail="good \u202eevil\u202c run",
    )
    assert reported.detail == "good evil run"
    # A report stored before (or by another path) is shown clean too.
    EntryReport.objects.filter(pk=reported.pk).update(detail="ok \u2067\u202eliar\u2069")
    root = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    staff = Client()
    staff.force_login(root)
    page = staff.get(f"/admin/challenges/entry/{entry.pk}/change/").content.decode()
    assert "ok liar" in page
    assert "\u202e" not in page and "\u2067" not in page


def test_the_next_challenges_par_is_not_public_before_it_opens() -> None:
    upcoming = ChallengeFactory(number=slot_number(at=timezone.now()) + 1)
    Challenge.objects.filter(pk=upcoming.pk).update(par=321)
    body = APIClient().get(f"/api/challenges/{upcoming.pk}/").json()
    assert body["par"] is None
    later = upcoming.opens_at + timedelta(seconds=1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: later)
        assert APIClient().get(f"/api/challenges/{upcoming.pk}/").json()["par"] == 321
