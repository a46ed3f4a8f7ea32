"""The HTML forms' own limits: failed log-ins and new accounts per client."""

from __future__ import annotations

from typing import Any

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


def test_nobody_locks_a_player_out_by_name_from_their_own_address(settings) -> None:
    # The attacker's address is locked for this name; the player, elsewhere, is not.
    settings.LOGIN_FAILURES_LIMIT = 2
    user = UserFactory()
    for _ in range(5):
        _login(Client(), user.username, "nope", address="198.51.100.66")
    assert _login(Client(), user.username, PASSWORD, address="198.51.100.66").status_code == 429
    player = Client()
    assert _login(player, user.username, PASSWORD, address="198.51.100.3").status_code == 302
    assert player.session.get("_auth_user_id") == str(user.pk)


def test_one_address_cannot_try_name_after_name(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    settings.LOGIN_CLIENT_FAILURES_LIMIT = 4
    names = [UserFactory().username for _ in range(5)]
    statuses = [_login(Client(), name, "nope").status_code for name in names]
    assert statuses == [200, 200, 200, 200, 429]


@pytest.mark.django_db(transaction=True)
def test_failed_logins_arriving_together_cannot_pass_the_limit(settings, postgres) -> None:
    # Real threads, each with its own database connection (PostgreSQL: SQLite's test
    # database is one connection) and the configured cache (Redis in CI).
    import threading

    from django.db import connection

    settings.LOGIN_FAILURES_LIMIT = 5
    user = UserFactory()
    start = threading.Barrier(12)
    statuses: list[int] = []

    def guess() -> None:
        start.wait()
        try:
            statuses.append(_login(Client(), user.username, "wrong").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses.count(200) == 5
    assert statuses.count(429) == 7


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


def _admin_login(browser: Client, username: str, password: str, address: str) -> Any:
    body = {"username": username, "password": password}
    return browser.post("/admin/login/", body, REMOTE_ADDR=address)


def test_the_admin_log_in_is_throttled_the_same_way(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 2
    staff = UserFactory(is_staff=True, is_superuser=True)
    attacker = Client()
    for _ in range(2):
        assert _admin_login(attacker, staff.username, "nope", "203.0.113.50").status_code == 200
    refused = _admin_login(attacker, staff.username, PASSWORD, "203.0.113.50")
    assert refused.status_code == 429
    assert "Too many failed log-ins" in refused.content.decode()
    assert attacker.session.get("_auth_user_id") is None
    # The staff member, from their own address, still gets in.
    owner = Client()
    assert _admin_login(owner, staff.username, PASSWORD, "198.51.100.8").status_code == 302
    assert owner.session.get("_auth_user_id") == str(staff.pk)
