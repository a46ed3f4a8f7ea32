"""The installable app's server side: the manifest in four languages, the service worker
served from the root with the list of what it keeps, and that list under WhiteNoise's
hashed static names (collected for real), every address of it a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from tests.languages import LANGUAGES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_manifest_speaks_the_readers_language(language: str) -> None:
    response = Client(headers={"accept-language": language}).get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert "Accept-Language" in response["Vary"]
    manifest = response.json()
    assert manifest["lang"] == language
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/?source=app",
        "/",
        "standalone",
    )
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])


def test_the_descriptions_differ_by_language() -> None:
    said = {
        Client(headers={"accept-language": language})
        .get("/manifest.webmanifest")
        .json()["description"]
        for language in LANGUAGES
    }
    assert len(said) == len(LANGUAGES)


def _worker(client: Client) -> tuple[str, list[str]]:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    found = re.search(r"^const PRECACHE = (\[.*\]);$", source, re.M)
    assert found is not None
    import json

    return source, json.loads(found.group(1))


def test_the_worker_keeps_the_offline_pages_and_their_files() -> None:
    source, precache = _worker(Client())
    assert {"/offline/", "/practice/", "/puzzles/", "/jsi18n/"} <= set(precache)
    assert "/static/challenges/pages/puzzles.js" in precache
    assert "/static/challenges/pages/practice.js" in precache
    assert "/static/challenges/rules/ruleset.json" in precache
    assert 'addEventListener("fetch"' in source
    for page in ("/offline/", "/practice/", "/puzzles/"):
        assert Client().get(page).status_code == 200, page


def test_the_worker_keeps_the_classic_game_that_plays_offline() -> None:
    _, precache = _worker(Client())
    assert "/classic/" in precache
    for module in (
        "pages/classic.js",
        "classic/sources.js",
        "classic/local_table.js",
        "rules/classic/game.js",
        "rules/classic/computer.js",
        "rules/classic/computers.json",
        "rules/classic/python_random.js",
        "classic.css",
    ):
        assert f"/static/challenges/{module}" in precache, module
    assert Client().get("/classic/").status_code == 200


def test_the_offline_page_says_ranked_runs_need_the_server() -> None:
    page = Client().get("/offline/").content.decode()
    assert "Ranked runs need the server." in page
    assert "The classic game against the easy or medium computer" in page
    assert "the hard computer and live tables need the server" in page


def test_hashed_static_names_are_what_the_worker_keeps(tmp_path: Path) -> None:
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages, DEBUG=False):
        call_command("collectstatic", "--noinput", verbosity=0)
        source, precache = _worker(Client())
        files = [address for address in precache if address.startswith("/static/")]
        assert files
        for address in files:
            name = address.removeprefix("/static/")
            assert re.search(r"\.[0-9a-f]{12}\.\w+$", name), f"{name} is not hashed"
            assert (tmp_path / name).is_file(), name
        # A new release (other hashes) is a new cache: the worker's name follows its list.
        cache_name = re.search(r'^const CACHE = "(tod-[0-9a-f]{16})";$', source, re.M)
        assert cache_name is not None
