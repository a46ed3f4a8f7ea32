"""Look-alike names (UTS #39 skeletons, case-blind): refused on the register API with
code ``username_confusable``, and on the sign-up form with the same words."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from accounts import confusables, services
from accounts.models import UsernameKey
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSPHRASE = "a fine long passphrase"
CYRILLIC_A = "\u0430"
GREEK_CAPITAL_ALPHA = "\u0391"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("ada", f"{CYRILLIC_A}d{CYRILLIC_A}"),  # Cyrillic a
        ("ada", f"{GREEK_CAPITAL_ALPHA}DA"),  # Greek capital alpha, and case
        ("paypal", f"p{CYRILLIC_A}yp{CYRILLIC_A}l"),
        ("lan", "Ian"),  # capital I looks like l
        ("lan", "IAN"),
        ("player1", "playerl"),
        ("olga", "0lga"),
        ("rnoon", "moon"),  # "rn" is a prototype of "m"
        ("\u0251bc", "abc"),  # Latin alpha
        ("strasse", "STRASSE"),
    ],
)
def test_look_alikes_share_a_key(one: str, other: str) -> None:
    assert confusables.name_key(one) == confusables.name_key(other)
    assert confusables.name_key_digest(one) == confusables.name_key_digest(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("ian", "lan"), ("zoe", "zo\u00eb"), ("ab_c", "ab-c"), ("ada", "adam"), ("bob", "bop")],
)
def test_different_names_keep_different_keys(one: str, other: str) -> None:
    assert confusables.name_key(one) != confusables.name_key(other)


def test_the_packages_table_reads_as_prototypes() -> None:
    table = confusables.prototypes()
    assert len(table) > 5000
    assert table[CYRILLIC_A] == "a"
    assert table["m"] == "rn"
    assert all(len(source) == 1 for source in table)


def _register(username: str, client: APIClient | None = None) -> Any:
    body = {"username": username, "password": PASSPHRASE}
    return (client or APIClient()).post("/api/auth/register/", body, format="json")


def test_the_register_api_refuses_a_look_alike_with_its_own_code() -> None:
    assert _register("ada").status_code == 201
    response = _register(f"{CYRILLIC_A}d{CYRILLIC_A}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "username_confusable"
    assert body["detail"].startswith("username: ")
    assert "looks too much like “ada”" in body["detail"]
    assert not get_user_model().objects.filter(username=f"{CYRILLIC_A}d{CYRILLIC_A}").exists()


def test_other_problems_are_told_beside_the_look_alike() -> None:
    UserFactory(username="grace")
    response = APIClient().post(
        "/api/auth/register/", {"username": "GR\u0410CE", "password": "short"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "username_confusable"
    assert "password: This password is too short" in response.json()["detail"]


def test_a_refused_look_alike_does_not_spend_a_sign_up(settings: Any) -> None:
    settings.SIGNUPS_PER_DAY_LIMIT = 1
    UserFactory(username="lan")
    client = APIClient(REMOTE_ADDR="192.0.2.9")
    assert _register("Ian", client=client).json()["code"] == "username_confusable"
    assert _register("newcomer", client=client).status_code == 201


def test_the_same_name_in_another_case_is_still_just_taken() -> None:
    UserFactory(username="ada")
    response = _register("ADA")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "username: That username is taken.",
        "code": "invalid",
        "errors": {"username": ["That username is taken."]},
    }


def test_the_signup_form_refuses_a_look_alike_in_words() -> None:
    UserFactory(username="moon")
    response = Client().post(
        "/accounts/signup/",
        {"username": "rnoon", "password1": PASSPHRASE, "password2": PASSPHRASE},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "looks too much like “moon”" in html
    assert 'aria-invalid="true"' in html
    assert not get_user_model().objects.filter(username="rnoon").exists()


def test_names_made_anywhere_are_guarded() -> None:
    # The admin, createsuperuser and the tests' factories make users without the
    # register service; each still gets its key.
    get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    assert UsernameKey.objects.filter(user__username="root").exists()
    assert _register("R00T").json()["code"] == "username_confusable"


def test_a_rename_moves_the_key() -> None:
    user = UserFactory(username="before")
    user.username = "after"
    user.save()
    assert _register("before").status_code == 201
    assert _register("AFTER").status_code == 400


def test_a_look_alike_made_outside_registration_is_kept_without_a_key(
    caplog: pytest.LogCaptureFixture,
) -> None:
    UserFactory(username="ada")
    with caplog.at_level(logging.WARNING, logger="accounts.services"):
        twin = get_user_model().objects.create_user(username="ADA")
    assert not UsernameKey.objects.filter(user=twin).exists()
    assert "looks like another player's" in caplog.text


def test_two_look_alikes_registering_at_once_cannot_both_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second's check ran before the first committed; the unique key refuses it."""
    UserFactory(username="ada")
    real = services.username_look_alike
    calls = iter([None])
    monkeypatch.setattr(
        services, "username_look_alike", lambda **kw: next(calls, None) or real(**kw)
    )
    with pytest.raises(ValidationError) as refused:
        services.user_register(username=f"{CYRILLIC_A}da", password=PASSPHRASE)
    assert refused.value.error_dict["username"][0].code == "username_confusable"
    assert get_user_model().objects.count() == 1


def test_keys_can_be_recomputed_for_everyone() -> None:
    UserFactory(username="lan")
    get_user_model().objects.create_user(username="Ian")  # made before the check: no key
    UserFactory(username="grace")
    UsernameKey.objects.all().delete()
    assert services.username_keys_refresh() == (2, 1)
    holders = set(UsernameKey.objects.values_list("user__username", flat=True))
    assert holders == {"lan", "grace"}
