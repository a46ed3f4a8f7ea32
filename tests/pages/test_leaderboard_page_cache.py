"""The leaderboard page builds only what it renders: a reader not logged in gets the
page's content from the cache whole, a logged-in one their own parts around the
cached fragments, and neither ever sees another's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from challenges.models import Challenge
from challenges.views import leaderboards as page_view
from tests.factories import ChallengeFactory, EntryFactory, UserFactory
from tests.languages import LANGUAGES

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
    challenge: Challenge, server_clock: Any
) -> None:
    EntryFactory(challenge=challenge, score=40)
    url = f"/challenges/{challenge.pk}/"
    Client().get(url)
    assert Client().get(url).context is None  # kept for the rest of the minute
    server_clock.advance(ms=60_000)
    # A new minute is a new key: the page (its countdown) is rendered again.
    assert Client().get(url).context is not None
    assert Client().get(url).context is None


def test_the_shared_page_is_answered_whole_and_sets_no_cookie(challenge: Challenge) -> None:
    EntryFactory(challenge=challenge, score=40)
    url = f"/challenges/{challenge.pk}/"
    first = Client().get(url)
    again = Client().get(url)
    assert first.context is not None and again.context is None  # not rendered again
    assert _csrf_free(again.content.decode()) == _csrf_free(first.content.decode())
    # Nothing of one reader's goes to the next: no CSRF cookie, no session, no token.
    assert not first.cookies and not again.cookies
    assert "csrfmiddlewaretoken" not in first.content.decode()
    reader = Client()
    reader.force_login(UserFactory())
    assert 'name="csrfmiddlewaretoken"' in reader.get(url).content.decode()
    # The language switcher still works without a token of the reader's.
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/i18n/setlang/", {"language": "fr"}).status_code == 302


def test_a_reader_whose_row_is_elsewhere_shares_the_rows_fragment(
    challenge: Challenge, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(60):
        EntryFactory(challenge=challenge, score=100 + n)
    mine = EntryFactory(challenge=challenge, score=1)  # on page 2
    url = f"/challenges/{challenge.pk}/"
    Client().get(url)  # renders page 1's rows for everyone
    monkeypatch.setattr(page_view, "_row", _boom)
    reader = Client()
    reader.force_login(mine.player)
    own = reader.get(url).content.decode()
    assert 'data-testid="you-pin"' in own and 'id="you"' not in own


def test_a_board_with_its_results_out_has_an_etag_and_answers_304(
    challenge: Challenge,
) -> None:
    past = ChallengeFactory(number=challenge.number - 3)
    mine = EntryFactory(challenge=past, score=40)
    url = f"/challenges/{past.pk}/"
    first = Client().get(url)
    etag = first["ETag"]
    assert etag and "public" in first["Cache-Control"] and "max-age=60" in first["Cache-Control"]
    unchanged = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged["ETag"] == etag
    # Another language, another page: another ETag.
    french = Client().get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french["ETag"] != etag
    # A moderator's void changes the board: a new ETag, and the old one gets the page.
    from challenges.moderation.entries import entry_void

    entry_void(entry_id=mine.pk, reason="copied log")
    changed = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    # A logged-in reader's page and an open board's are never public.
    reader = Client()
    reader.force_login(mine.player)
    assert not reader.get(url).has_header("ETag")
    open_page = Client().get(f"/challenges/{challenge.pk}/")
    assert not open_page.has_header("ETag")
    assert "public" not in open_page.get("Cache-Control", "")


def _csrf_free(text: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)


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


def test_the_rows_written_in_python_are_escaped_and_translated(challenge: Challenge) -> None:
    from tests.factories import UserFactory

    past = ChallengeFactory(number=challenge.number - 3)  # results out: every run linked
    entry = EntryFactory(challenge=past, score=1234, player=UserFactory(username="o+b@x"))
    body = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/challenges/{past.pk}/").content.decode()
    assert '<th scope="row"><a href="/players/o+b@x/">o+b@x</a></th>' in body
    replay = f"/runs/{entry.run_id}/replay/"
    assert f'<a href="{replay}" aria-hidden="true" tabindex="-1">Revoir</a>' in body
    assert "points : revoir la partie de o+b@x" in body


def test_the_minutes_left_that_key_a_page_say_its_countdown_words() -> None:
    # Two moments with the same whole minutes left show the same words, in every
    # language: a page kept under the minutes is never kept with other words.
    from datetime import timedelta

    from django.utils import translation
    from django.utils.timesince import timeuntil

    from challenges.boards.selectors import board_minutes_left

    challenge = ChallengeFactory()
    closes = challenge.closes_at
    for language in LANGUAGES:
        with translation.override(language):
            words: dict[int, str] = {}
            for seconds in range(0, 8 * 3600, 7):
                now = closes - timedelta(seconds=seconds, microseconds=seconds % 1000)
                minutes = board_minutes_left(challenge=challenge, now=now)
                said = timeuntil(closes, now)
                assert words.setdefault(minutes, said) == said, (language, seconds)
            assert len(words) > 400
