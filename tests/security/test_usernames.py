"""Names are UTS #39 "Allowed" identifiers: nothing invisible, nothing that reads blank
beside another player, at most 30 characters."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.confusables import name_key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/auth/register/"
PASSWORD = "a-long-enough-passphrase-42"


def _register(name: str) -> tuple[int, dict[str, object]]:
    response = APIClient().post(REGISTER, {"username": name, "password": PASSWORD}, format="json")
    return response.status_code, response.json()


@pytest.mark.parametrize(
    "name",
    [
        "\u3164alice",  # HANGUL FILLER (NFKC: U+1160)
        "\u3164\u3164\u3164",
        "al\u1160ice",  # HANGUL JUNGSEONG FILLER
        "\u115f",  # HANGUL CHOSEONG FILLER
        "ali\u200bce",  # ZERO WIDTH SPACE
        "alice\u00ad",  # SOFT HYPHEN
        "\u16a0rune",  # a historic script (Runic): not Allowed
    ],
)
def test_invisible_and_restricted_names_are_refused(name: str) -> None:
    UserFactory(username="alice")
    status, body = _register(name)
    assert status == 400, body
    assert "username" in str(body)


@pytest.mark.parametrize(
    "name", ["zoë", "Brücken", "Ελένη", "Борис", "דנה", "سارة", "山田", "a" * 30]
)
def test_names_of_modern_scripts_are_welcome(name: str) -> None:
    status, body = _register(name)
    assert status == 201, body


def test_a_name_longer_than_30_characters_is_refused() -> None:
    status, body = _register("a" * 31)
    assert status == 400, body


def test_the_look_alike_key_strips_invisible_characters_first() -> None:
    assert name_key("al\u1160ice") == name_key("alice")
    assert name_key("ali\u200bce") == name_key("alice")
    assert name_key("\u3164alice") == name_key("alice")


def test_the_migration_gives_names_with_invisible_characters_their_new_key() -> None:
    import importlib

    from django.apps import apps

    from accounts.confusables import name_key_digest
    from accounts.models import UsernameKey

    migration = importlib.import_module("accounts.migrations.0006_username_keys_without_ignorables")
    old = UserFactory(username="al\u1160ice")  # made before names were checked
    UsernameKey.objects.filter(user=old).update(digest="0" * 64)  # its key of then
    migration.username_keys_without_ignorables(apps, None)
    assert UsernameKey.objects.get(user=old).digest == name_key_digest("alice")
    status, _ = _register("alice")
    assert status == 400, "alice now looks like the older name"
