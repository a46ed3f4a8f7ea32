"""The limits hold: nothing a client sends resets a lock-out or a throttle.

The limits count in a store of their own (config.limit_store) that no cached read can
evict, and every limit learns the client's address in one place
(config.client_address): the socket's, unless trusted proxies are configured; an IPv6
client counts as its /64.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from rest_framework.test import APIClient

from challenges.api.hot_reads import board_page_name
from config.client_address import address_key
from config.throttling import AtomicScopedRateThrottle
from tests.factories import PASSWORD, ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = reverse("accounts:login")


def _login(username: str, password: str, address: str = "203.0.113.7", **headers: str) -> Any:
    return Client().post(
        LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


def test_a_flood_of_uncached_board_reads_does_not_reset_a_login_lockout(settings: Any) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    challenge = ChallengeFactory()
    EntryFactory(challenge=challenge)
    for _ in range(3):
        _login(user.username, "wrong")
    assert _login(user.username, PASSWORD).status_code == 429
    reader = APIClient()
    for n in range(400):  # more than a local-memory cache keeps (300)
        assert reader.get(f"/api/challenges/{challenge.pk}/leaderboard/?q={n}").status_code == 200
    assert _login(user.username, PASSWORD).status_code == 429


@pytest.fixture
def two_guests_an_hour(monkeypatch: pytest.MonkeyPatch) -> None:
    # DRF reads the rates once, at import: set them on the class.
    rates = {**AtomicScopedRateThrottle.THROTTLE_RATES, "guest_start": "2/hour"}
    monkeypatch.setattr(AtomicScopedRateThrottle, "THROTTLE_RATES", rates)


@pytest.mark.usefixtures("two_guests_an_hour")
def test_a_flood_of_reads_does_not_reset_the_guest_throttle() -> None:
    challenge = ChallengeFactory()
    codes = [APIClient().post("/api/guest/").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    reader = APIClient()
    for n in range(400):
        reader.get(f"/api/challenges/{challenge.pk}/leaderboard/?q={n}")
    assert APIClient().post("/api/guest/").status_code == 429


def test_board_cache_keys_ignore_parameters_the_view_does_not_know() -> None:
    factory = RequestFactory()
    plain = board_page_name(factory.get("/api/challenges/1/leaderboard/"))
    assert board_page_name(factory.get("/api/challenges/1/leaderboard/?q=1")) == plain
    assert board_page_name(factory.get("/api/challenges/1/leaderboard/?page=1&x=2")) == plain
    assert board_page_name(factory.get("/api/challenges/1/leaderboard/?page=2")) != plain


def test_x_forwarded_for_is_ignored_without_a_trusted_proxy(settings: Any) -> None:
    settings.NUM_PROXIES = 0
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    for n in range(3):
        _login(user.username, "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    refused = _login(user.username, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert refused.status_code == 429


@pytest.mark.usefixtures("two_guests_an_hour")
def test_the_guest_throttle_ignores_x_forwarded_for_without_a_proxy(settings: Any) -> None:
    settings.NUM_PROXIES = 0
    codes = [
        APIClient().post("/api/guest/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(3)
    ]
    assert codes == [201, 201, 429]


def test_behind_one_proxy_the_address_is_the_one_the_proxy_saw(settings: Any) -> None:
    settings.NUM_PROXIES = 1
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    # The client makes up the left part; the proxy appends what it saw, the same each time.
    for n in range(3):
        _login(user.username, "wrong", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, 192.0.2.5")
    locked = _login(user.username, PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9, 192.0.2.5")
    assert locked.status_code == 429
    elsewhere = _login(user.username, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.6")
    assert elsewhere.status_code == 302


def test_an_ipv6_client_counts_as_its_slash_64(settings: Any) -> None:
    settings.LOGIN_FAILURES_LIMIT = 3
    user = UserFactory()
    for n in range(1, 4):
        _login(user.username, "wrong", address=f"2001:db8:1:2::{n:x}")
    assert _login(user.username, PASSWORD, address="2001:db8:1:2:ffff::1").status_code == 429
    assert _login(user.username, PASSWORD, address="2001:db8:1:3::1").status_code == 302


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("[2001:db8::1]", "2001:db8::/64"),
        ("2001:db8:1:2::/64", "2001:db8:1:2::/64"),  # a key is its own key
        ("2001:db8:1:2::5/128", "2001:db8:1:2::/64"),
        ("2001:db8::/32", "unknown"),  # wider than a household: no one's address
        ("203.0.113.0/24", "unknown"),
        ("not an address", "unknown"),
        ("", "unknown"),
    ],
)
def test_address_keys(raw: str, key: str) -> None:
    assert address_key(raw) == key
