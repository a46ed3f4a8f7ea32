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


def test_one_address_past_its_budget_gets_no_second_guess_at_any_name(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    settings.LOGIN_CLIENT_FAILURES_LIMIT = 4
    names = [UserFactory().username for _ in range(4)]
    for name in names[:2]:
        assert [_login(Client(), name, "nope").status_code for _ in range(2)] == [200, 200]
    # The address's budget is spent: a name it tried is refused before any check...
    refused = _login(Client(), names[0], "nope")
    assert refused.status_code == 429
    assert "for this name from your network" in refused.content.decode()
    # ...and each name it has not tried gets one guess, no second.
    assert _login(Client(), names[2], "nope").status_code == 200
    assert _login(Client(), names[2], "nope").status_code == 429


def test_a_spraying_address_does_not_lock_out_another_players_right_password(settings) -> None:
    # Failures on name after name from one address, past its budget (30 by default)...
    settings.LOGIN_CLIENT_FAILURES_LIMIT = 5
    sprayed = [UserFactory().username for _ in range(6)]
    for name in sprayed:
        assert _login(Client(), name, "nope", address="198.51.100.20").status_code == 200
    # ...and a player behind the same address, whose name nobody tried, logs in.
    player = UserFactory()
    browser = Client()
    response = _login(browser, player.username, PASSWORD, address="198.51.100.20")
    assert response.status_code == 302
    assert browser.session.get("_auth_user_id") == str(player.pk)


def test_a_name_guessed_from_many_addresses_is_refused_but_where_it_logged_in(settings) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    settings.LOGIN_NAME_FAILURES_LIMIT = 6
    user = UserFactory()
    assert _login(Client(), user.username, PASSWORD, address="192.0.2.10").status_code == 302
    for n in range(6):  # three networks, two guesses each: no pair reaches its limit
        _login(Client(), user.username, "nope", address=f"203.0.113.{100 + n // 2}")
    refused = _login(Client(), user.username, PASSWORD, address="203.0.113.200")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many failed log-ins for this name." in page
    assert "from your network" not in page
    token = Client().post(
        "/api/auth/token/",
        {"username": user.username, "password": PASSWORD},
        content_type="application/json",
        REMOTE_ADDR="203.0.113.201",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert token.status_code == 429
    assert token.json()["code"] == "too_many_failed_logins"
    assert token.json()["detail"].startswith(
        "Zu viele fehlgeschlagene Anmeldungen für diesen Namen."
    )
    # Where the player logged in before, the name-wide limit does not refuse them.
    home = Client()
    assert _login(home, user.username, PASSWORD, address="192.0.2.10").status_code == 302
    assert home.session.get("_auth_user_id") == str(user.pk)


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
