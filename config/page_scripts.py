"""What a page's scripts load, read from the modules themselves (docs/first_visit.md).

A page names its entry modules (``pages/home.js``; ``pages/site.js`` is on every page);
their static ``import``/``export … from`` lines give every module the browser will fetch.
From that one graph come:

- the page's ``<link rel="modulepreload">`` list (``page_preloads``), so the browser
  fetches the modules at once, not one import at a time, and fetches nothing the page
  never runs (the home page used to preload the whole rules engine for one picture);
- the page's JavaScript catalog (``PageJavaScriptCatalog``): only the messages those
  modules say, as ``makemessages`` located them in ``djangojs.po``, instead of every
  word of the game (28 KB in French, sent again on every page view).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

import polib
from django.conf import settings
from django.contrib.staticfiles import finders
from django.views.i18n import JavaScriptCatalog

# `import x from "./a.js"`, `import "./a.js"`, `export { x } from "./a.js"`, with or
# without `with { type: "json" }`; dynamic `import()` is not followed (it loads later).
_IMPORT = re.compile(
    r"""^(?:import\s*["']([^"']+)["']|(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["'])""",
    re.MULTILINE,
)


# The module every page runs (base.html); a page's own entry is pages/<page>.js.
SITE_ENTRY = "challenges/pages/site.js"


def page_entry(page: str) -> str:
    """The static path of a page's own entry module: ``play`` -> ``challenges/pages/play.js``."""
    return f"challenges/pages/{page}.js"


def page_entries(page: str) -> tuple[str, str]:
    """A page's entry modules: the site's, then its own."""
    return (SITE_ENTRY, page_entry(page))


def _source(static_path: str) -> Path:
    found = finders.find(static_path)
    if not found:
        raise LookupError(f"no static file {static_path}")
    return Path(found if isinstance(found, str) else found[0])


def module_graph(*entries: str) -> tuple[str, ...]:
    """Every module the entries load, as static paths (``challenges/rules/tiles.js``),
    entries first, then in the order they are met. Read once per process, except under
    DEBUG, where a module edited in development changes the page at the next request."""
    return _module_graph(*entries) if settings.DEBUG else _module_graph_cached(*entries)


def _module_graph(*entries: str) -> tuple[str, ...]:
    seen: list[str] = []
    pending = list(entries)
    while pending:
        module = pending.pop(0)
        if module in seen:
            continue
        seen.append(module)
        if not module.endswith(".js"):
            continue  # a JSON module imports nothing
        folder = PurePosixPath(module).parent
        for bare, named in _IMPORT.findall(_source(module).read_text(encoding="utf-8")):
            target = bare or named
            if target.startswith("."):
                pending.append(_normal(folder / target))
    return tuple(seen)


_module_graph_cached = cache(_module_graph)


def _normal(path: PurePosixPath) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def page_preloads(*entries: str) -> list[str]:
    """The modules the entries import, the entries and JSON modules left out (the page's
    ``<script type="module">`` tags fetch the entries; no JSON module is preloaded)."""
    return [
        module
        for module in module_graph(*entries)
        if module.endswith(".js") and module not in entries
    ]


@cache
def _messages_of(sources: frozenset[str]) -> frozenset[str]:
    """The djangojs messages said in these source files (paths from the project's
    root), as makemessages found them: the catalogs name each message's files."""
    catalogs = sorted(Path(settings.LOCALE_PATHS[0]).glob("*/LC_MESSAGES/djangojs.po"))
    if not catalogs:
        return frozenset()
    messages = set()
    for entry in polib.pofile(str(catalogs[0])):
        if any(where in sources for where, _ in entry.occurrences):
            messages.add(f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid)
    return frozenset(messages)


class PageJavaScriptCatalog(JavaScriptCatalog):
    """Django's JavaScript catalog, cut to the messages of one page's modules."""

    entries: tuple[str, ...] = ()

    def get_catalog(self) -> dict[str, Any]:
        sources = frozenset(
            str(_source(module).relative_to(settings.BASE_DIR))
            for module in module_graph(*self.entries)
        )
        wanted = _messages_of(sources)
        catalog: dict[str, Any] = super().get_catalog()
        return {msgid: text for msgid, text in catalog.items() if msgid in wanted}
