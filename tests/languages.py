"""The site's languages, as the settings name them: the one list tests take them from."""

from __future__ import annotations

from django.conf import settings

LANGUAGES: tuple[str, ...] = tuple(code for code, _ in settings.LANGUAGES)
"""Every language of the site, the source language first."""

TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != settings.LANGUAGE_CODE)
"""The languages a catalog translates into."""
