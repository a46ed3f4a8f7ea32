"""Sign-up, log-in and log-out pages: the way from "Start" to an account and back."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SIGNUP = reverse("accounts:signup")
LOGIN = reverse("accounts:login")
LOGOUT = reverse("accounts:logout")
NEW_PASSWORD = "hexagon-bridge-triple-55"


def _signup(browser: Client, username: str, next_url: str | None = None) -> object:
    data = {"username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    if next_url is not None:
        data["next"] = next_url
    return browser.post(SIGNUP, data)


def _logged_in_as(browser: Client) -> str | None:
    user_id = browser.session.get("_auth_user_id")
    if user_id is None:
        return None
    return get_user_model().objects.get(pk=user_id).get_username()


def test_signup_logs_in_and_returns_to_next() -> None:
    browser = Client()
    response = _signup(browser, "newcomer", next_url="/challenges/")
    assert response.status_code == 302
    assert response["Location"] == "/challenges/"
    assert _logged_in_as(browser) == "newcomer"


def test_signup_without_next_lands_on_the_board() -> None:
    browser = Client()
    response = _signup(browser, "newcomer")
    assert response["Location"] == "/"


@pytest.mark.parametrize(
    "unsafe", ["https://evil.example/steal", "//evil.example/", "javascript:alert(1)"]
)
def test_signup_ignores_a_next_leading_off_site(unsafe: str) -> None:
    browser = Client()
    response = _signup(browser, "newcomer", next_url=unsafe)
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert _logged_in_as(browser) == "newcomer"


def test_signup_page_keeps_next_and_links_to_login_with_it() -> None:
    response = Client().get(SIGNUP, {"next": "/challenges/7/"})
    assert response.status_code == 200
    body = response.content.decode()
    assert '<input type="hidden" name="next" value="/challenges/7/">' in body
    assert f'href="{LOGIN}?next=/challenges/7/"' in body
    assert 'autocomplete="new-password"' in body


def test_signup_page_drops_an_unsafe_next() -> None:
    body = Client().get(SIGNUP, {"next": "https://evil.example/"}).content.decode()
    assert "evil.example" not in body


def test_invalid_signup_shows_errors_and_creates_nobody() -> None:
    browser = Client()
    response = browser.post(
        SIGNUP, {"username": "newcomer", "password1": NEW_PASSWORD, "password2": "different-1"}
    )
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert not get_user_model().objects.filter(username="newcomer").exists()
    assert _logged_in_as(browser) is None


def test_signed_in_player_skips_signup() -> None:
    browser = Client()
    browser.force_login(UserFactory())
    response = browser.get(SIGNUP, {"next": "/challenges/"})
    assert response.status_code == 302
    assert response["Location"] == "/challenges/"


def test_login_returns_to_next_and_ignores_unsafe_next() -> None:
    user = UserFactory()
    browser = Client()
    response = browser.post(
        LOGIN, {"username": user.username, "password": PASSWORD, "next": "/challenges/"}
    )
    assert response["Location"] == "/challenges/"
    assert _logged_in_as(browser) == user.username

    other = Client()
    response = other.post(
        LOGIN, {"username": user.username, "password": PASSWORD, "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_login_page_links_to_signup_keeping_next() -> None:
    body = Client().get(LOGIN, {"next": "/"}).content.decode()
    assert f'href="{SIGNUP}?next=/"' in body


def test_wrong_password_shows_an_error() -> None:
    user = UserFactory()
    response = Client().post(LOGIN, {"username": user.username, "password": "nope"})
    assert response.status_code == 200
    assert "errorlist nonfield" in response.content.decode()


def test_logout_needs_post_and_says_goodbye() -> None:
    browser = Client()
    browser.force_login(UserFactory())
    assert browser.get(LOGOUT).status_code == 405
    assert _logged_in_as(browser) is not None

    response = browser.post(LOGOUT, follow=True)
    assert response.redirect_chain[-1][0] == reverse("accounts:logged_out")
    assert "You're logged out" in response.content.decode()
    assert _logged_in_as(browser) is None


def test_logout_follows_a_safe_next() -> None:
    browser = Client()
    browser.force_login(UserFactory())
    response = browser.post(LOGOUT, {"next": "/challenges/"})
    assert response["Location"] == "/challenges/"
    unsafe = Client()
    unsafe.force_login(UserFactory())
    response = unsafe.post(LOGOUT, {"next": "https://evil.example/"})
    assert response["Location"] == reverse("accounts:logged_out")


def test_header_offers_signup_with_the_current_page_as_next() -> None:
    body = Client().get(reverse("challenges:history")).content.decode()
    assert f'href="{SIGNUP}?next=/challenges/"' in body


def test_signup_refuses_a_name_taken_in_another_case() -> None:
    UserFactory(username="Hexagon")
    response = _signup(Client(), "hexagon")
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert get_user_model().objects.filter(username__iexact="hexagon").count() == 1


def test_signup_applies_the_password_rules() -> None:
    browser = Client()
    response = browser.post(
        SIGNUP, {"username": "newcomer", "password1": "12345678", "password2": "12345678"}
    )
    assert response.status_code == 200
    assert "entirely numeric" in response.content.decode()
    assert not get_user_model().objects.filter(username="newcomer").exists()
