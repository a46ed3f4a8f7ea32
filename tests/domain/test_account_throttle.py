"""The HTML forms' own limits: failed log-ins and new accounts per client."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = reverse("accounts:login")
SIGNUP = reverse("accounts:signup")


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    cache.clear()


def _login(browser: Client, username: str, password: str, address: str = "203.0.113.7"):
    return browser.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_failed_logins_lock_the_client_out_with_a_429(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    browser = Client()
    for _ in range(3):
        assert _login(browser, user.username, "wrong-password").status_code == 200
    refused = _login(browser, user.username, PASSWORD)
    assert refused.status_code == 429
    assert "Too many failed log-ins" in refused.content.decode()
    assert browser.session.get("_auth_user_id") is None


def test_failures_against_one_name_lock_it_from_any_address(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    user = UserFactory()
    for address in ("198.51.100.1", "198.51.100.2"):
        assert _login(Client(), user.username, "nope", address=address).status_code == 200
    assert _login(Client(), user.username, PASSWORD, address="198.51.100.3").status_code == 429


def test_successful_logins_are_never_counted(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    user = UserFactory()
    for _ in range(5):
        browser = Client()
        response = _login(browser, user.username, PASSWORD)
        assert response.status_code == 302
        assert browser.session.get("_auth_user_id") == str(user.pk)


def test_signups_per_client_are_limited(settings) -> None:
    settings.SIGNUPS_LIMIT = 2
    password = "hexagon-bridge-triple-55"
    statuses = []
    for n in range(3):
        response = Client().post(
            SIGNUP,
            {"username": f"player{n}", "password1": password, "password2": password},
            REMOTE_ADDR="192.0.2.9",
        )
        statuses.append(response.status_code)
    assert statuses == [302, 302, 429]
    assert not get_user_model().objects.filter(username="player2").exists()
