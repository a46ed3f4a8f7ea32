"""The reminders' API: offered after the first finished run, a browser's subscription on
and off, and every refusal JSON with a translated detail and a stable code."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import PushSubscription, Run
from tests.factories import ChallengeFactory, RunFactory
from tests.push_service import Browser

pytestmark = pytest.mark.django_db

STATE = "/api/reminders/"
SUBSCRIPTION = "/api/reminders/subscription/"
UNSUBSCRIBE = "/api/reminders/unsubscribe/"


@pytest.fixture(autouse=True)
def _push_host(settings: Any) -> None:
    settings.PUSH_SERVICE_HOSTS = ["push.example"]


def _browser(name: str = "phone") -> Browser:
    return Browser(name=name, endpoint=f"https://push.example/{name}")


def _finished(player: Any) -> None:
    RunFactory(player=player, challenge=ChallengeFactory(), status=Run.Status.FINISHED)


def test_anonymous_callers_are_refused(api_client: APIClient) -> None:
    for method, url in (("get", STATE), ("put", SUBSCRIPTION), ("post", UNSUBSCRIBE)):
        answer = getattr(api_client, method)(url)
        assert answer.status_code in (401, 403)
        assert set(answer.json()) >= {"detail", "code"}


def test_before_the_first_finished_run_nothing_is_offered_and_a_subscribe_is_refused(
    player_client: APIClient, player: Any, settings: Any
) -> None:
    state = player_client.get(STATE).json()
    assert state["offered"] is False
    assert state["public_key"] == settings.VAPID_PUBLIC_KEY
    assert (state["quiet_from"], state["quiet_until"]) == ("22:00", "08:00")
    answer = player_client.put(
        SUBSCRIPTION, _browser().subscription(), format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer.status_code == 403
    assert answer.json()["code"] == "reminders_not_offered"
    assert answer.json()["detail"] == (
        "Les rappels sont proposés une fois que vous avez terminé une partie."
    )
    assert not PushSubscription.objects.exists()


def test_a_browser_turns_reminders_on_in_its_language_and_off(
    player_client: APIClient, player: Any
) -> None:
    _finished(player)
    assert player_client.get(STATE).json()["offered"] is True
    browser = _browser()
    body = {**browser.subscription(), "time_zone": "Europe/Paris", "reminders": ["new_challenge"]}
    answer = player_client.put(SUBSCRIPTION, body, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200
    assert answer.json() == {
        "endpoint": browser.endpoint,
        "reminders": ["new_challenge"],
        "language": "de",
        "time_zone": "Europe/Paris",
    }
    assert player_client.get(STATE).json()["browsers"] == 1
    gone = player_client.post(UNSUBSCRIBE, {"endpoint": browser.endpoint}, format="json")
    assert gone.status_code == 204
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "p256dh"),
        # 65 bytes that are no point on the curve.
        ({"keys": {"p256dh": "BA" + "A" * 85, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "p256dh"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"time_zone": "../../etc/passwd"}, "time_zone"),
        ({"reminders": ["birthday"]}, "reminders"),
        ({"endpoint": "not a url"}, "endpoint"),
    ],
)
def test_a_bad_subscription_is_a_400_with_detail_and_code(
    player_client: APIClient, player: Any, change: dict[str, Any], field: str
) -> None:
    _finished(player)
    body = {**_browser().subscription(), **change}
    answer = player_client.put(SUBSCRIPTION, body, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["code"]
    assert field in answer.json()["detail"] or field in str(answer.json())
    assert not PushSubscription.objects.exists()


def test_an_endpoint_off_the_push_services_list_is_refused_in_the_readers_language(
    player_client: APIClient, player: Any
) -> None:
    _finished(player)
    body = {**_browser().subscription(), "endpoint": "https://127.0.0.1:6379/flushall"}
    answer = player_client.put(SUBSCRIPTION, body, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert answer.status_code == 400
    assert answer.json()["code"] == "push_service_unknown"
    assert answer.json()["detail"] == (
        "De pushdienst van deze browser is er geen die herinneringen kunnen gebruiken."
    )


def test_the_broker_down_never_fails_turning_reminders_on_or_off(
    player_client: APIClient, player: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The broker at the edge: any publish from a request would raise, as Redis down does.
    from celery.app.task import Task
    from kombu.exceptions import OperationalError

    from config.celery import app

    def down(*args: object, **kwargs: object) -> None:
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Task, "apply_async", down)
    monkeypatch.setattr(app, "send_task", down)
    _finished(player)
    browser = _browser()
    assert player_client.put(SUBSCRIPTION, browser.subscription(), format="json").status_code == 200
    assert player_client.get(STATE).status_code == 200
    gone = player_client.post(UNSUBSCRIBE, {"endpoint": browser.endpoint}, format="json")
    assert gone.status_code == 204
