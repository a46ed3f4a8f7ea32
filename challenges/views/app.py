"""The installable app: the web app manifest in the reader's language, the service
worker served at the site's root (so its scope is the whole site), and the page it
shows for a page it has not kept while offline.

The worker keeps what plays offline: untimed practice on the latest closed challenge, the
puzzles, and the classic game against the easy and medium computers, played in the
browser (their pages, modules, styles and catalog), and every page visited while online.
Static files are named by their content hash (WhiteNoise's manifest), so the list below
changes with every release; the worker's cache is named after it, and a new
worker drops the old caches. Ranked runs need the server: the offline page says so.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from config.page_scripts import module_graph, page_entries

APP_NAME = "Tri-Ominos Daily"
# The pages that play offline, and what they load besides their modules.
_OFFLINE_PAGES = ("practice", "puzzles", "classic")
_OFFLINE_STATIC = (
    "challenges/site.css",
    "challenges/board.css",
    "challenges/play.css",
    "challenges/puzzles.css",
    "challenges/classic.css",
    "challenges/race.css",
    "challenges/contrast.css",
    "challenges/colours.js",
    "challenges/icons/icon-192.png",
)
_WORKER_SOURCE = Path(settings.BASE_DIR) / "templates" / "challenges" / "service_worker.js"
# The brand's colours, as base.html's theme-color.
_THEME = "#3a2a1d"
_BACKGROUND = "#f5efe3"


def _icon(path: str, size: int, purpose: str = "any") -> dict[str, str]:
    return {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the language of the request (Vary says so)."""
    data = {
        "name": APP_NAME,
        "short_name": "Tri-Ominos",
        "description": gettext(
            "A shared Tri-Ominos challenge every 8 hours, puzzles, and practice that plays offline."
        ),
        "lang": get_language(),
        "dir": "ltr",
        "id": "/",
        "start_url": "/?source=app",
        "scope": "/",
        "display": "standalone",
        "theme_color": _THEME,
        "background_color": _BACKGROUND,
        "icons": [
            _icon("challenges/icons/icon-192.png", 192),
            _icon("challenges/icons/icon-512.png", 512),
            _icon("challenges/icons/maskable-512.png", 512, "maskable"),
        ],
        "shortcuts": [
            {"name": gettext("Play today's challenge"), "url": reverse("challenges:play")},
            {"name": gettext("Puzzles"), "url": reverse("challenges:puzzles")},
            {"name": gettext("Untimed practice"), "url": reverse("challenges:practice")},
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def _precache() -> list[str]:
    """The addresses the worker keeps when it installs."""
    entries = [entry for page in _OFFLINE_PAGES for entry in page_entries(page)]
    modules = [m for m in module_graph(*entries) if m.endswith((".js", ".json"))]
    files = [static(path) for path in (*_OFFLINE_STATIC, *modules)]
    pages = [
        reverse("challenges:offline"),
        reverse("challenges:practice"),
        reverse("challenges:puzzles"),
        reverse("challenges:classic"),
        reverse("javascript-catalog"),
    ]
    return [*pages, *dict.fromkeys(files)]


@cache
def _worker_source() -> str:
    return _WORKER_SOURCE.read_text(encoding="utf-8")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root: its list and its cache's name first."""
    precache = _precache()
    source = _worker_source() if not settings.DEBUG else _WORKER_SOURCE.read_text("utf-8")
    version = hashlib.sha256("\n".join([*precache, source]).encode()).hexdigest()[:16]
    static_prefix = "/" + str(settings.STATIC_URL).lstrip("/")
    head = (
        f"const CACHE = {json.dumps('tod-' + version)};\n"
        f"const PRECACHE = {json.dumps(precache)};\n"
        f"const OFFLINE_PAGE = {json.dumps(reverse('challenges:offline'))};\n"
        f"const STATIC_PREFIX = {json.dumps(static_prefix)};\n"
    )
    response = HttpResponse(head + source, content_type="text/javascript; charset=utf-8")
    # Checked at every visit: a release's new list reaches the browser at once.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the worker shows for a page it has not kept, while offline."""
    return render(request, "challenges/offline.html")
