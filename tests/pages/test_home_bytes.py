"""The logged-out home page loads what it shows, not the game (issue 13, "bytes"): a
board picture, a countdown, the top 3. No module of the engine that plays, of the play
page or of the API is fetched or preloaded, and its JavaScript catalog holds its own
words only (docs/first_visit.md, "What the home page loads")."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from challenges.models import Challenge
from config.page_scripts import module_graph
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# What the play page runs and the home page must not: the engine that plays a run
# (board rules, moves, replay, scoring), the play page's parts, the API client.
GAME_MODULES = {
    "challenges/play.js",
    "challenges/api.js",
    "challenges/rules/index.js",
    "challenges/rules/board.js",
    "challenges/rules/moves.js",
    "challenges/rules/replay.js",
    "challenges/rules/run.js",
    "challenges/rules/scoring.js",
    "challenges/witness.js",
}
_PRELOAD = re.compile(r'<link rel="modulepreload" href="/static/([^"]+)">')
_SCRIPT = re.compile(r'<script (?:type="module" )?src="([^"]+)"')


def _home(client: Client) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_graph_of_the_play_page_holds_the_game() -> None:
    """The reading of imports that the next tests rely on does find the game where it is
    (an empty graph would let them pass)."""
    played = set(module_graph("challenges/play.js"))
    assert GAME_MODULES - {"challenges/play.js"} <= played
    assert {"challenges/play/machine.js", "challenges/rules/ruleset.json"} <= played


@pytest.mark.parametrize("who", ["visitor", "player"])
def test_the_home_page_preloads_what_it_runs_and_no_game(challenge: Challenge, who: str) -> None:
    client = Client()
    if who == "player":
        client.force_login(UserFactory())
    page = _home(client)
    scripts = _SCRIPT.findall(page)
    assert scripts == ["/jsi18n/home/", "/static/challenges/pages.js", "/static/challenges/home.js"]
    runs = set(module_graph("challenges/pages.js", "challenges/home.js"))
    preloaded = set(_PRELOAD.findall(page))
    assert preloaded == {
        module
        for module in runs
        if module.endswith(".js") and not module.endswith(("/pages.js", "/home.js"))
    }
    assert not runs & GAME_MODULES, "the home page's scripts import the game"
    assert not preloaded & GAME_MODULES
    assert "challenges/board_view/view.js" in preloaded, "the board picture's view"
    assert not any(module.startswith("challenges/play/") for module in runs)


def _catalog(client: Client, path: str) -> tuple[dict[str, object], int]:
    """The messages a JavaScript catalog script defines, and its size in bytes."""
    script = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content
    found = re.search(r"const newcatalog = (\{.*?\});", script.decode(), re.DOTALL)
    assert found, path
    return json.loads(found.group(1)), len(script)


def test_the_home_pages_catalog_holds_its_own_words_only() -> None:
    client = Client()
    whole, whole_bytes = _catalog(client, "/jsi18n/")
    home, home_bytes = _catalog(client, "/jsi18n/home/")
    # The countdown's words (pages.js, the only words of the home page's scripts).
    assert home == {
        "%(h)sh %(m)sm %(s)ss": "%(h)s h %(m)s min %(s)s s",
        "%(m)sm %(s)ss": "%(m)s min %(s)s s",
        "%(s)ss": "%(s)s s",
        "now": "maintenant",
    }
    assert "verb\x04Draw" in whole, "the play page's words are in the whole catalog"
    assert home_bytes < whole_bytes / 5, (home_bytes, whole_bytes)
