"""A web process's first requests, paid for before it takes any.

Django builds much on first use: the URL patterns import every view, each template is
compiled when first rendered, each language's catalogs and formats load when first
activated. A fresh gunicorn worker (at a deploy, and after every ``max_requests``)
then answered its first player pages in 100-500 ms where a warm one takes 10
(docs/performance.md). Doing that work as the application loads, before the worker
accepts a connection, moves it out of players' requests. It touches neither the
database nor the cache.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template import engines
from django.urls import get_resolver
from django.utils import formats, translation


def project_templates() -> list[str]:
    """The names of the templates in the project's own template directories."""
    names: list[str] = []
    for backend in settings.TEMPLATES:
        directories = backend.get("DIRS", [])
        assert isinstance(directories, list)
        for directory in directories:
            root = Path(directory)
            names += sorted(str(path.relative_to(root)) for path in root.rglob("*.html"))
    return names


def process_warm() -> None:
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    engine = engines["django"]
    for name in project_templates():
        engine.get_template(name)
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Challenges")
            formats.get_format("DATE_FORMAT")
