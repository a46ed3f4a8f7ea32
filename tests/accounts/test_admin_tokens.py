"""The admin shows who has which token, by prefix and dates: never a secret or a hash,
and it cannot make or edit one (deleting revokes)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TOKENS = "/admin/accounts/apitoken/"


@pytest.fixture
def staff() -> Client:
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    client.force_login(admin)
    return client


def test_the_list_shows_prefix_owner_and_dates_only(staff: Client) -> None:
    owner = UserFactory(username="scripter")
    issued = api_token_create(user=owner, name="nightly")
    html = staff.get(TOKENS).content.decode()
    assert f"{issued.token.prefix}…" in html
    assert "scripter" in html and "nightly" in html
    assert issued.secret not in html and issued.secret[12:] not in html
    assert issued.token.digest not in html
    assert "digest" not in html.lower()


def test_a_token_is_shown_read_only_without_its_hash(staff: Client) -> None:
    issued = api_token_create(user=UserFactory())
    html = staff.get(f"{TOKENS}{issued.token.pk}/change/").content.decode()
    assert issued.token.prefix in html
    assert issued.token.digest not in html
    assert 'name="digest"' not in html and 'name="name"' not in html  # nothing to edit


def test_tokens_cannot_be_made_in_the_admin(staff: Client) -> None:
    assert staff.get(f"{TOKENS}add/").status_code == 403


def test_deleting_a_token_revokes_it(staff: Client) -> None:
    issued = api_token_create(user=UserFactory())
    response = staff.post(f"{TOKENS}{issued.token.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not ApiToken.objects.exists()


def test_drfs_plain_token_admin_is_gone(staff: Client) -> None:
    assert staff.get("/admin/authtoken/token/").status_code == 404
    assert "authtoken" not in staff.get("/admin/").content.decode()
