"""Names that mix scripts as UTS #39's "moderately restrictive" level refuses (Latin
with Cyrillic or Greek, or two scripts beside Latin) are refused on sign-up, in the
reader's language; names made before the rule are left as they are."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.scripts import scripts_moderately_restrictive
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/auth/register/"
NEW_PASSWORD = "a-long-enough-passphrase-42"
SCOPE_WITH_CYRILLIC_ES = "s\u0441ope"


@pytest.mark.parametrize(
    "name",
    [
        "scope",
        "Пётр",  # Cyrillic alone
        "Σοφία",  # Greek alone
        "\u0395\u03bb\u03bb\u03ac\u03b4\u03b12024",  # Greek; digits are of every script
        "山田タロウ",  # Han and Katakana: Japanese
        "日本語ひらがなabc",  # Latin with Japanese
        "한국어abc",  # Latin with Korean
        "東京한국",  # Han and Hangul: Korean
        "ㄅㄆ中abc",  # Latin, Han and Bopomofo
        "abcאבג",  # Latin with one other script
        "anna_m-1",
    ],
)
def test_one_script_or_latin_with_one_other_passes(name: str) -> None:
    assert scripts_moderately_restrictive(name)


@pytest.mark.parametrize(
    "name",
    [
        SCOPE_WITH_CYRILLIC_ES,
        "\u03c9mega",  # Greek omega for the w of "wmega"
        "pa\u0443l",  # Cyrillic u
        "Пётрαβ",  # Cyrillic with Greek
        "abcאבגعرب",  # Latin with two other scripts
    ],
)
def test_latin_with_cyrillic_or_greek_or_three_scripts_fail(name: str) -> None:
    assert not scripts_moderately_restrictive(name)


def test_the_register_api_refuses_a_mixed_name_with_a_clear_message_in_german() -> None:
    response = APIClient().post(
        REGISTER,
        {"username": SCOPE_WITH_CYRILLIC_ES, "password": NEW_PASSWORD},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "username" in body["errors"]
    assert "Alphabet" in body["detail"]
    english = APIClient().post(
        REGISTER, {"username": "pa\u0443l", "password": NEW_PASSWORD}, format="json"
    )
    assert "Write the name in one alphabet" in english.json()["detail"]


def test_the_sign_up_page_refuses_a_mixed_name() -> None:
    response = Client().post(
        "/accounts/signup/",
        {
            "username": SCOPE_WITH_CYRILLIC_ES,
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "Write the name in one alphabet" in response.content.decode()
    assert "_auth_user_id" not in Client().session


def test_a_look_alike_of_a_taken_name_still_names_the_twin() -> None:
    UserFactory(username="scope")
    response = APIClient().post(
        REGISTER, {"username": SCOPE_WITH_CYRILLIC_ES, "password": NEW_PASSWORD}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "username_confusable")


def test_a_name_made_before_the_rule_still_logs_in() -> None:
    old = UserFactory(username=SCOPE_WITH_CYRILLIC_ES)
    browser = Client()
    response = browser.post("/accounts/login/", {"username": old.username, "password": PASSWORD})
    assert response.status_code == 302
    assert browser.session["_auth_user_id"] == str(old.pk)
