"""The header and footer a reader not logged in gets are rendered once per language and
page, then kept: what is kept, with the reader's address and form token put in, is what
rendering them afresh writes."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from challenges.models import Challenge
from challenges.templatetags import site_chrome
from tests.factories import UserFactory
from tests.languages import LANGUAGES

pytestmark = pytest.mark.django_db

_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
_CHROME = re.compile(r'<header class="site-header">.*?</header>|<footer.*?</footer>', re.S)


def _chrome(answer: Any) -> list[str]:
    text = answer.content.decode()
    parts = _CHROME.findall(text)
    return [_TOKEN.sub('name="csrfmiddlewaretoken" value=""', part) for part in parts]


def _pages(challenge: Challenge) -> list[str]:
    player = UserFactory(username="zoë.o'brien")
    return [
        "/",
        "/challenges/",
        f"/challenges/{challenge.pk}/?page=1&board=everyone",
        f"/players/{player.username}/?page=1",
        # A query the page does not read: answered afresh, not shared.
        f"/players/{player.username}/?x=<b>&y=é",
        "/accounts/login/?next=/play/",
        "/how-to-play/",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_chrome_is_what_rendering_afresh_writes(
    challenge: Challenge, language: str, settings: Any
) -> None:
    site_chrome._made.clear()
    pages, shared = _pages(challenge), []
    for path in pages:
        kept = [Client().get(path, HTTP_ACCEPT_LANGUAGE=language) for _ in range(2)]
        settings.DEBUG = True  # renders them live
        cache.clear()  # and the pages kept whole for readers not logged in with them
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always")
            fresh = Client().get(path, HTTP_ACCEPT_LANGUAGE=language)
        settings.DEBUG = False
        # A shared page's footer has no token on purpose: no "missing token" warning.
        assert not [w for w in warned if "csrf_token" in str(w.message)], path
        assert len(_chrome(fresh)) == 2, path
        assert _chrome(kept[0]) == _chrome(fresh) == _chrome(kept[1]), path
        # The address comes back escaped in the log-in links, except on the log-in page.
        if "login" not in path:
            assert 'href="/accounts/login/?next=' in kept[1].content.decode()
        # A real token, never the stand-in; none on a page every reader shares (its
        # answer sets no cookie).
        tokens = [_TOKEN.findall(answer.content.decode()) for answer in kept]
        if kept[0].context.get("shared_page"):
            shared.append(path)
            assert tokens == [[], []], tokens
        else:
            assert all(found and all(len(t) == 64 for t in found) for found in tokens), tokens
    assert shared == pages[1:4]
    assert {key[1] for key in site_chrome._made} == {language}


def test_a_logged_in_readers_header_names_them_on_every_page(
    challenge: Challenge, client: Client
) -> None:
    for name in ("first-reader", "second-reader"):
        client.force_login(UserFactory(username=name))
        page = client.get("/challenges/").content.decode()
        assert f'href="/players/{name}/"' in page and "Log out" in page
        assert "Log in" not in page
