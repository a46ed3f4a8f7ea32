"""Every page the server writes, in French, Dutch and German, for a player and for a
visitor, has no English left in its text or in the attributes people hear or see (the
browser test does the same after the scripts ran, for the home, play and leaderboard
pages)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse

from challenges.models import Challenge
from tests.e2e.english_left import english_left_in_html
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, submitted_run
from tests.languages import TRANSLATED

pytestmark = pytest.mark.django_db


def _optional(*names: str) -> list[str]:
    """The pages of these names that exist."""
    found = []
    for name in names:
        try:
            found.append(reverse(name))
        except NoReverseMatch:
            continue
    return found


@pytest.fixture
def pages(challenge: Challenge) -> tuple[Client, list[str]]:
    player = UserFactory(username="walker")
    run = submitted_run(challenge, player=player, moves=12)
    closed = ChallengeFactory(number=challenge.number - 3)
    old = submitted_run(closed, player=player, moves=12)
    EntryFactory(challenge=closed, score=(old.score or 0) + 5)
    client = Client()
    client.force_login(player)
    paths = [
        "/",
        reverse("challenges:play"),
        *_optional("challenges:how-to-play", "challenges:practice"),
        "/challenges/",
        f"/challenges/{challenge.pk}/",
        f"/challenges/{closed.pk}/",
        f"/challenges/{closed.pk}/?board=following",
        f"/challenges/{closed.pk}/?board=day",
        f"/challenges/{closed.pk}/?board=week",
        "/players/walker/",
        f"/runs/{old.pk}/replay/",
        f"/runs/{run.pk}/replay/",
        f"/share/{old.pk}/",
        "/accounts/settings/",
        "/no-such-page/",
    ]
    return client, paths


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_page_has_english_left(pages: tuple[Client, list[str]], language: str) -> None:
    player, paths = pages
    visitor = Client()
    visitor_paths = [*paths, "/accounts/login/", "/accounts/signup/", "/accounts/logged-out/"]
    left = []
    for client, shown in ((player, paths), (visitor, visitor_paths)):
        for path in shown:
            response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
            if response.status_code in (301, 302):
                continue  # e.g. a visitor sent to log in
            assert response.status_code in (200, 404), (path, response.status_code)
            assert f'<html lang="{language}">' in response.content.decode()
            left += [f"{path}: {found}" for found in english_left_in_html(
                response.content.decode(), language
            )]  # fmt: skip
    assert not left, "\n".join(left)


def test_the_scan_finds_english_on_an_english_page(pages: tuple[Client, list[str]]) -> None:
    player, _ = pages
    english = player.get("/players/walker/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    left = "\n".join(english_left_in_html(english, "nl"))
    assert "'Days played this year'" in left
    assert "'Score per challenge'" in left  # worded in Python
    assert "'%(followers)s followers'" in left  # a plural, with its placeholder


_SVG_NUMBERS = ("x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "width", "height", "r", "dx")
_SVG_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


class _SvgNumbers(HTMLParser):
    """The geometry attributes of the elements inside each <svg> of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.depth += 1
            view_box = dict(attrs).get("viewbox") or ""
            self.found += [("svg", "viewBox", number) for number in view_box.split()]
        if self.depth:
            self.found += [
                (tag, name, value or "") for name, value in attrs if name in _SVG_NUMBERS
            ]

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.depth -= 1


@pytest.mark.parametrize("language", TRANSLATED)
def test_charts_write_svg_numbers_in_every_language(
    pages: tuple[Client, list[str]], challenge: Challenge, language: str
) -> None:
    """French, Dutch and German write 62,4 for 62.4; an SVG length must not (Chromium
    drops the attribute and logs an error: Lighthouse's "errors in console")."""
    player, _ = pages
    charts = {
        f"/challenges/{challenge.pk - 3}/": "histogram",
        "/players/walker/": "score-chart",
    }
    for path, chart in charts.items():
        page = player.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'data-testid="{chart}"' in page, (path, chart)
        parser = _SvgNumbers()
        parser.feed(page)
        bad = [found for found in parser.found if not _SVG_NUMBER.fullmatch(found[2])]
        assert parser.found and not bad, (path, bad[:5])
        fractions = [value for _, _, value in parser.found if "." in value]
        assert fractions or path.startswith("/players/"), "no fractional length was written"


@pytest.mark.django_db
def test_french_names_a_challenge_one_way_on_the_play_and_home_pages() -> None:
    """The French for challenge 988 is "Défi n° 988" everywhere (the play page said "#988")."""
    challenge = ChallengeFactory()
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    for path in (reverse("challenges:play"), reverse("challenges:home")):
        text = " ".join(re.sub(r"<[^>]+>", " ", client.get(path).content.decode()).split())
        assert f"Défi n° {challenge.number}" in text, path
        assert f"#{challenge.number}" not in text, path
