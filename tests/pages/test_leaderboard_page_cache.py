"""The leaderboard page builds only what it renders: a reader not logged in gets the
page's content from the cache whole, a logged-in one their own parts around the
cached fragments, and neither ever sees another's."""

from __future__ import annotations

import pytest
from django.test import Client

from challenges.models import Challenge
from challenges.views import leaderboards as page_view
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db


def _boom(**kwargs: object) -> None:
    raise AssertionError("built again though it was cached")


def test_a_cached_page_builds_neither_rows_nor_chart(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    EntryFactory(challenge=challenge, score=40)
    url = f"/challenges/{challenge.pk}/"
    first = Client().get(url).content.decode()
    monkeypatch.setattr(page_view, "histogram_chart", _boom)
    monkeypatch.setattr(page_view, "_row", _boom)
    again = Client().get(url)
    assert again.status_code == 200
    assert 'data-testid="histogram"' in again.content.decode()
    assert 'data-testid="leaderboard"' in first


def test_the_logged_in_reader_gets_their_own_card_not_the_anonymous_page(
    challenge: Challenge,
) -> None:
    mine = EntryFactory(challenge=challenge, score=40)
    EntryFactory(challenge=challenge, score=70)
    url = f"/challenges/{challenge.pk}/"
    anonymous = Client().get(url).content.decode()  # caches the anonymous content
    assert 'data-testid="you-card"' not in anonymous
    reader = Client()
    reader.force_login(mine.player)
    own = reader.get(url).content.decode()
    assert 'data-testid="you-card"' in own and 'class="is-you"' in own
    assert 'data-testid="you-card"' not in Client().get(url).content.decode()


def test_the_anonymous_page_is_cached_per_countdown_minute(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    EntryFactory(challenge=challenge, score=40)
    url = f"/challenges/{challenge.pk}/"
    monkeypatch.setattr(page_view, "timeuntil", lambda moment: "3\xa0hours")
    Client().get(url)
    monkeypatch.setattr(page_view, "timeuntil", lambda moment: "2\xa0hours, 59\xa0minutes")
    page = Client().get(url)
    # A new minute is a new key: the content is rendered again, its countdown too.
    assert page.context is not None and page.context["page_key"].endswith("59\xa0minutes")


def test_every_page_of_a_board_shares_one_chart(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(51):
        EntryFactory(challenge=challenge, score=n)
    url = f"/challenges/{challenge.pk}/"
    Client().get(url)
    monkeypatch.setattr(page_view, "histogram_chart", _boom)
    second = Client().get(url, {"page": 2}).content.decode()
    assert 'data-testid="histogram"' in second and 'data-testid="leaderboard"' in second
