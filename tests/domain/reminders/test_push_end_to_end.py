"""A reminder from the slot's opening to its delivery, for real: players turn reminders
on through the API (one in French), the beat's task runs on a real Celery worker over
Redis at the slot's opening, fans out in chunks, and each push goes through pywebpush
to a push service on loopback (tests/push_service.py) that decrypts the payload with the
subscriber's own private key and checks the VAPID signature. Browsers that are gone
(404, 410) are deleted at the first failure; a failing one is tried again, within the
bound; a subscriber in their quiet hours gets nothing."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.models import PushSubscription, ReminderRound, Run
from challenges.slots import slot_number, slot_opens_at
from config.celery import app
from tests.celery_worker import returned
from tests.factories import ChallengeFactory, RunFactory, UserFactory
from tests.push_service import PushService

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

DUE = "challenges.tasks.reminders_due"


@pytest.fixture
def worker_settings() -> dict[str, Any]:
    # Retries a second apart (then two), and chunks of two: the fan-out sends several.
    return {"REMINDERS_RETRY_SECONDS": "1", "REMINDERS_CHUNK": "2"}


def _until(done: Callable[[], bool], what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.2)


def _subscribed(browser: Any, *, language: str, zone: str) -> None:
    """A player with a finished run turns reminders on in this browser, as the page does."""
    player = UserFactory(username=browser.name)
    RunFactory(player=player, challenge=ChallengeFactory(), status=Run.Status.FINISHED)
    client = APIClient()
    client.force_authenticate(player)
    answer = client.put(
        "/api/reminders/subscription/",
        {**browser.subscription(), "time_zone": zone},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["language"] == language


def test_a_slot_opening_reaches_a_french_subscriber_through_the_push_service(
    worker_queue: str, settings: Any
) -> None:
    settings.PUSH_SERVICE_HOSTS = ["127.0.0.1"]
    # A slot opening at 08:00 UTC, days ahead: morning in Europe, night in California.
    number = slot_number(at=timezone.now()) + 3
    while slot_opens_at(number=number).hour != 8:
        number += 1
    opening = slot_opens_at(number=number) + timedelta(minutes=1)

    with PushService() as service:
        camille = service.browser("camille")
        _subscribed(camille, language="fr", zone="Europe/Paris")
        _subscribed(service.browser("daan"), language="nl", zone="Europe/Amsterdam")
        _subscribed(service.browser("gone404", answers=[404]), language="en", zone="UTC")
        _subscribed(service.browser("gone410", answers=[410]), language="de", zone="Europe/Berlin")
        _subscribed(
            service.browser("flaky", answers=[500, 503]), language="fr", zone="Europe/Paris"
        )
        _subscribed(service.browser("night"), language="en", zone="America/Los_Angeles")

        sent = app.send_task(DUE, kwargs={"at": opening.isoformat()}, queue=worker_queue)
        started = returned(sent.id, timeout=180)  # the worker starts first: slow when loaded
        assert started == {"new_challenge": 5}  # all but the one asleep

        _until(lambda: len(service.sent_to("flaky")) == 3, "the failing browser's retries")
        _until(
            lambda: (
                not PushSubscription.objects.filter(
                    endpoint__in=[
                        service.browsers["gone404"].endpoint,
                        service.browsers["gone410"].endpoint,
                    ]
                ).exists()
            ),
            "the gone browsers deleted",
        )
        _until(
            lambda: bool(service.sent_to("camille")) and bool(service.sent_to("daan")), "delivery"
        )

        # Camille's push, decrypted with her browser's key: the catalog key and values,
        # her language and the page a click opens; signed with the site's VAPID key.
        [delivery] = service.sent_to("camille")
        assert delivery.status == 201
        assert delivery.payload == {
            "key": "new_challenge",
            "values": {"number": number},
            "lang": "fr",
            "url": "/play/",
        }
        assert delivery.vapid_key == settings.VAPID_PUBLIC_KEY
        assert delivery.claims is not None
        assert delivery.claims["aud"] == service.origin
        assert delivery.claims["sub"] == settings.VAPID_SUBJECT
        assert delivery.claims["exp"] > time.time()
        assert [d.payload["lang"] for d in service.sent_to("daan") if d.payload] == ["nl"]
        assert [d.status for d in service.sent_to("flaky")] == [500, 503, 201]
        assert [d.status for d in service.sent_to("gone404")] == [404]
        assert [d.status for d in service.sent_to("gone410")] == [410]
        assert service.sent_to("night") == []

        # Said in French by the service worker's catalog (what it shows for this key).
        catalog = Client().get("/jsi18n/worker/fr.json").json()["catalog"]
        assert catalog["A new challenge is open"] == "Un nouveau défi est ouvert"
        body = catalog["Challenge %(number)s is dealt: the same tiles for everyone."]
        assert "%(number)s" in body and "défi" in body

        # Once a round, once a day: the same moment again starts nothing, and the
        # reminded are marked for their own date.
        again = app.send_task(DUE, kwargs={"at": opening.isoformat()}, queue=worker_queue)
        assert returned(again.id, timeout=60) == {}
        assert ReminderRound.objects.get(kind="new_challenge", slot=number).subscribers == 5
        paris_day = opening.astimezone(ZoneInfo("Europe/Paris")).date()
        reminded = PushSubscription.objects.get(endpoint=camille.endpoint)
        assert reminded.last_sent_on == paris_day
        assert PushSubscription.objects.count() == 4  # the two gone ones deleted
        assert len(service.sent_to("camille")) == 1
