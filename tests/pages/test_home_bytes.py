"""The logged-out home page loads what it shows, not the game ("bytes"): a
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
    "challenges/pages/play.js",
    "challenges/lib/api.js",
    "challenges/rules/index.js",
    "challenges/rules/board.js",
    "challenges/rules/moves.js",
    "challenges/rules/replay.js",
    "challenges/rules/run.js",
    "challenges/rules/scoring.js",
    "challenges/lib/witness.js",
}
_PRELOAD = re.compile(r'<link rel="modulepreload" href="/static/([^"]+)">')
_SCRIPT = re.compile(r'<script (?:type="module" )?src="([^"]+)"')


def test_the_graph_of_the_play_page_holds_the_game() -> None:
    """The reading of imports that the next tests rely on does find the game where it is
    (an empty graph would let them pass)."""
    played = set(module_graph("challenges/pages/play.js"))
    assert GAME_MODULES - {"challenges/pages/play.js"} <= played
    assert {"challenges/play/machine.js", "challenges/rules/ruleset.json"} <= played


@pytest.mark.parametrize("who", ["visitor", "player"])
@pytest.mark.parametrize(
    ("path", "script", "catalog"),
    [
        ("/", "challenges/pages/home.js", "/jsi18n/home/"),
        ("/how-to-play/", "challenges/pages/how_to_play.js", "/jsi18n/how-to-play/"),
    ],
)
def test_a_page_of_pictures_preloads_what_it_runs_and_no_game(
    challenge: Challenge, who: str, path: str, script: str, catalog: str
) -> None:
    """The home page (and the how-to-play page, which draws boards the same way)."""
    client = Client()
    if who == "player":
        client.force_login(UserFactory())
    response = client.get(path)
    assert response.status_code == 200
    page = response.content.decode()
    scripts = _SCRIPT.findall(page)
    # The colours' classic script first, in <head>: it applies them before the page is drawn.
    assert scripts == [
        "/static/challenges/colours.js",
        catalog,
        "/static/challenges/pages/site.js",
        f"/static/{script}",
    ]
    runs = set(module_graph("challenges/pages/site.js", script))
    preloaded = set(_PRELOAD.findall(page))
    assert preloaded == {
        module
        for module in runs
        if module.endswith(".js") and module not in ("challenges/pages/site.js", script)
    }
    assert not runs & GAME_MODULES, f"{path}'s scripts import the game"
    assert not preloaded & GAME_MODULES
    assert "challenges/board_view/view.js" in preloaded, "the board picture's view"
    assert not any(module.startswith("challenges/play/") for module in runs)


def _catalog(client: Client, path: str) -> tuple[dict[str, object], int]:
    """The messages a JavaScript catalog script defines, and its size in bytes."""
    script = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content
    found = re.search(r"const newcatalog = (\{.*?\});", script.decode(), re.DOTALL)
    assert found, path
    return json.loads(found.group(1)), len(script)


@pytest.mark.parametrize("catalog", ["/jsi18n/home/", "/jsi18n/how-to-play/"])
def test_a_picture_pages_catalog_holds_its_own_words_only(catalog: str) -> None:
    client = Client()
    whole, whole_bytes = _catalog(client, "/jsi18n/")
    home, home_bytes = _catalog(client, catalog)
    # The countdown's words and the iOS install hint's (pages/site.js and lib/install.js,
    # the only words of the home page's scripts).
    assert set(home) == {
        "%(h)sh %(m)sm %(s)ss",
        "%(m)sm %(s)ss",
        "%(s)ss",
        "now",
        "Install the app",
        "Add Tri-Ominos Daily to your home screen: tap Share, then “Add to Home Screen”. "
        "Practice and puzzles then play offline.",
        "Close",
    }
    assert home["now"] == "maintenant"
    assert "Got it" in whole, "the play page's words are in the whole catalog"
    assert home_bytes < whole_bytes / 5, (home_bytes, whole_bytes)
