"""The settings page: a player's tokens by prefix and dates; make (shown once), rotate,
revoke; nobody else's tokens, and nothing without a log-in or a CSRF token."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SETTINGS = reverse("accounts:settings")
CREATE = reverse("accounts:token_create")


def _rotate(token: ApiToken) -> str:
    return reverse("accounts:token_rotate", args=[token.pk])


def _revoke(token: ApiToken) -> str:
    return reverse("accounts:token_revoke", args=[token.pk])


@pytest.fixture
def browser(player: User) -> Client:
    client = Client()
    client.force_login(player)
    return client


def _shown_secret(html: str) -> str:
    match = re.search(r'data-testid="token-secret">([^<]+)</code>', html)
    assert match, "the new token is on the page"
    return match.group(1)


def _works(secret: str) -> bool:
    response = Client().get("/api/challenges/", HTTP_AUTHORIZATION=f"Token {secret}")
    return bool(response.status_code == 200 and response.wsgi_request.user.is_authenticated)


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("url", [SETTINGS, CREATE, "/accounts/settings/tokens/1/rotate/"])
def test_the_page_needs_a_log_in(method: str, url: str) -> None:
    response = getattr(Client(), method)(url)
    assert response.status_code == 302
    assert response["Location"].startswith(f"{reverse('accounts:login')}?next=")


def test_the_page_lists_a_players_tokens_by_prefix_and_dates_only(
    browser: Client, player: User
) -> None:
    mine = api_token_create(user=player, name="laptop script")
    theirs = api_token_create(user=UserFactory(), name="not yours")
    response = browser.get(SETTINGS)
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<code>{mine.token.prefix}…</code>" in html
    assert "laptop script" in html
    assert "Made on the settings page" in html
    assert "never" in html  # not used yet
    assert mine.secret not in html and mine.secret[12:] not in html
    assert mine.token.digest not in html
    assert theirs.token.prefix not in html and "not yours" not in html
    assert 'data-testid="token-secret"' not in html
    assert "no-store" in response["Cache-Control"]


def test_the_header_links_the_settings_page(browser: Client) -> None:
    assert f'href="{SETTINGS}"' in browser.get("/challenges/").content.decode()


def test_a_new_token_is_shown_once_and_works(browser: Client, player: User) -> None:
    response = browser.post(CREATE, {"name": "  my bot  "})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    secret = _shown_secret(response.content.decode())
    token = ApiToken.objects.get(user=player)
    assert (token.name, token.origin, token.prefix) == ("my bot", "settings", secret[:12])
    assert _works(secret)
    assert secret not in browser.get(SETTINGS).content.decode()


def test_a_too_long_name_is_refused_on_the_form(browser: Client, player: User) -> None:
    response = browser.post(CREATE, {"name": "x" * 61})
    assert response.status_code == 400
    assert "at most 60 characters" in response.content.decode()
    assert not ApiToken.objects.exists()


def test_past_the_limit_the_page_says_to_revoke_one(
    browser: Client, player: User, settings: Any
) -> None:
    settings.API_TOKENS_PER_USER = 1
    browser.post(CREATE, {})
    response = browser.post(CREATE, {})
    assert response.status_code == 409
    assert "revoke one you no longer use" in response.content.decode()
    assert ApiToken.objects.filter(user=player).count() == 1


def test_rotating_shows_a_new_secret_and_ends_the_old(browser: Client, player: User) -> None:
    old = api_token_create(user=player, name="ci")
    response = browser.post(_rotate(old.token))
    assert response.status_code == 200
    secret = _shown_secret(response.content.decode())
    assert secret != old.secret
    assert _works(secret) and not _works(old.secret)
    assert ApiToken.objects.get(user=player).name == "ci"


def test_revoking_asks_first(browser: Client, player: User) -> None:
    issued = api_token_create(user=player)
    asked = browser.post(_revoke(issued.token))
    assert asked.status_code == 200
    assert 'name="confirmed" value="yes"' in asked.content.decode()
    assert _works(issued.secret)


def test_revoking_ends_a_token_and_says_so(browser: Client, player: User) -> None:
    issued = api_token_create(user=player)
    response = browser.post(_revoke(issued.token), {"confirmed": "yes"}, follow=True)
    assert response.redirect_chain == [(SETTINGS, 302)]
    assert f"Token {issued.token.prefix}… revoked" in response.content.decode()
    assert not _works(issued.secret)


def test_another_players_token_is_not_found(browser: Client) -> None:
    theirs = api_token_create(user=UserFactory())
    assert browser.post(_rotate(theirs.token)).status_code == 404
    assert browser.post(_revoke(theirs.token)).status_code == 404
    assert browser.post(_revoke(theirs.token), {"confirmed": "yes"}).status_code == 404
    assert _works(theirs.secret)


def test_changes_are_posts_only(browser: Client, player: User) -> None:
    issued = api_token_create(user=player)
    assert browser.get(_revoke(issued.token)).status_code == 405
    assert browser.get(_rotate(issued.token)).status_code == 405
    assert browser.get(CREATE).status_code == 405
    assert browser.post(SETTINGS).status_code == 405
    assert _works(issued.secret)


def test_changes_need_the_csrf_token(player: User) -> None:
    issued = api_token_create(user=player)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player)
    assert browser.post(CREATE, {}).status_code == 403
    assert browser.post(_revoke(issued.token)).status_code == 403
    assert ApiToken.objects.filter(user=player).count() == 1
