"""A page that runs a module preloads exactly the modules it imports, all the way down:
one missing is fetched only when its importer has arrived (a round trip each level
deep), and one too many is bytes the page never runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.slots import slot_number
from tests.factories import ChallengeFactory, UserFactory

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "challenges/static"
PRELOAD = re.compile(r"""<link rel="modulepreload" href="/static/([^"]+)">""")
MODULE_SCRIPT = re.compile(r"""<script type="module" src="/static/([^"]+)">""")
# Static imports and re-exports: `import ... from "./x.js"`, `export ... from "../y.js"`.
IMPORT = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']""", re.M | re.S)


def imported_closure(entry: str) -> set[str]:
    """Every module ``entry`` (a path under static/) imports, directly or not."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        source = (STATIC / module).read_text()
        for relative in IMPORT.findall(source):
            if relative.endswith(".json"):
                # A JSON module (rules/ruleset.json) cannot be modulepreloaded: the link
                # fetches scripts, and a preload of another kind is a second fetch.
                continue
            target = (STATIC / module).parent.joinpath(relative).resolve()
            name = target.relative_to(STATIC.resolve()).as_posix()
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_import_reader_follows_imports_and_re_exports() -> None:
    closure = imported_closure("challenges/rules/index.js")
    assert "challenges/rules/run.js" in closure  # re-exported by index.js
    assert "challenges/rules/ruleset.js" in closure  # imported by run.js and others
    assert "challenges/rules/index.js" not in closure


PAGES = {
    "play": "challenges:play",
    "play-visitor": "challenges:play",
    "practice": "challenges:practice",
    "home": "challenges:home",
    "home-visitor": "challenges:home",
    "how-to-play": "challenges:how-to-play",
}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_page_preloads_exactly_what_its_module_imports(page: str) -> None:
    ChallengeFactory(number=slot_number(at=timezone.now()) - 1)  # practised
    ChallengeFactory(number=slot_number(at=timezone.now()))  # open
    browser = Client()
    if not page.endswith("-visitor"):
        browser.force_login(UserFactory())
    html = browser.get(reverse(PAGES[page])).content.decode()
    entries = MODULE_SCRIPT.findall(html)  # the page's own, and base.html's site.js
    assert len(entries) == 2 and "challenges/pages/site.js" in entries
    imported = set().union(*(imported_closure(entry) for entry in entries))
    preloaded = PRELOAD.findall(html)
    assert len(preloaded) == len(set(preloaded)), "a module preloaded twice"
    assert sorted(preloaded) == sorted(imported)
