"""The service worker's words in one named language, as JSON.

A reminder arrives with its catalog key and the subscriber's language
(docs/reminders.md); the worker, which has no page and no cookie, reads its words from
here: Django's JSONCatalog of the "djangojs" domain under that language, cut to the
messages the worker's own source says (a phone woken by a push fetches a few lines,
not the whole game's catalog)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.i18n import JSONCatalog

from config.page_scripts import _messages_of

WORKER_SOURCE = "templates/challenges/service_worker.js"


class WorkerCatalog(JSONCatalog):
    def get_catalog(self) -> dict[str, Any]:
        wanted = _messages_of(frozenset({WORKER_SOURCE}))
        catalog: dict[str, Any] = super().get_catalog()
        return {msgid: text for msgid, text in catalog.items() if msgid in wanted}


_catalog = WorkerCatalog.as_view()


@require_safe
@cache_control(max_age=3600)
def worker_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    if language not in dict(settings.LANGUAGES):
        raise Http404("no such language")
    with translation.override(language):
        response = _catalog(request)
    response["Content-Language"] = language
    return response
