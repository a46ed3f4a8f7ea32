"""The pages' HTML as the scripts and the player meet it: no page gives two elements one
id (the scripts find each part by its id, and a second element of the same id is a part
that nothing updates, or that two modules fight over), and no template syntax reaches
the page (a `{# ... #}` comment spread over lines is printed, not dropped)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

ID = re.compile(r"""\sid=["']([^"']+)["']""")


PAGES = [
    "play",
    "play-visitor",
    "home",
    "how-to-play",
    "history",
    "leaderboard",
    "player",
    "settings",
    "login",
    "signup",
]
TEMPLATE_SYNTAX = re.compile(r"\{[#%{]|[#%]\}")  # "}}" closes JSON objects too


def _page_html(page: str) -> str:
    challenge = ChallengeFactory()
    player = UserFactory()
    EntryFactory(challenge=challenge, player=player)
    urls = {
        "play": reverse("challenges:play"),
        "play-visitor": reverse("challenges:play"),
        "home": reverse("challenges:home"),
        "how-to-play": reverse("challenges:how-to-play"),
        "history": reverse("challenges:history"),
        "leaderboard": reverse("challenges:leaderboard", args=[challenge.pk]),
        "player": reverse("challenges:player", args=[player.username]),
        "settings": "/accounts/settings/",
        "login": "/accounts/login/",
        "signup": "/accounts/signup/",
    }
    browser = Client()
    if page not in ("login", "signup", "play-visitor"):
        browser.force_login(player)
    response = browser.get(urls[page])
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("page", PAGES)
def test_every_id_on_a_page_is_unique(page: str) -> None:
    ids = Counter(ID.findall(_page_html(page)))
    assert ids, "the page has elements with ids"
    assert [name for name, count in ids.items() if count > 1] == []


@pytest.mark.parametrize("page", PAGES)
def test_no_template_syntax_reaches_a_page(page: str) -> None:
    leaked = [match.group(0) for match in TEMPLATE_SYNTAX.finditer(_page_html(page))]
    assert leaked == []
