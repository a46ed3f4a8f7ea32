"""No page gives two elements one id: the scripts find each part by its id, and a second
element of the same id is a part that nothing updates (or that two modules fight over)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

ID = re.compile(r"""\sid=["']([^"']+)["']""")


@pytest.mark.parametrize(
    "page",
    [
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
    ],
)
def test_every_id_on_a_page_is_unique(page: str) -> None:
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
    ids = Counter(ID.findall(response.content.decode()))
    assert ids, "the page has elements with ids"
    assert [name for name, count in ids.items() if count > 1] == []
