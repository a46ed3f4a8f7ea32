"""A web process compiles its templates and loads every language as it starts
(config/warmup.py), so its first players wait no longer than the next ones."""

from __future__ import annotations

from django.conf import settings
from django.template import engines
from django.utils.translation import trans_real

from config.warmup import process_warm, project_templates


def test_a_warm_process_holds_every_template_compiled_and_every_catalog() -> None:
    loader = engines["django"].engine.template_loaders[0]  # type: ignore[attr-defined]
    loader.reset()
    trans_real._translations.clear()
    names = project_templates()
    assert "challenges/player.html" in names and "base.html" in names
    assert not set(names) & set(loader.get_template_cache)

    process_warm()

    assert set(names) <= set(loader.get_template_cache)
    assert {code for code, _ in settings.LANGUAGES} <= set(trans_real._translations)
