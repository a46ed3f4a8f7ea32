"""The floor of ``make load``: a one-file Django app with one JSON view, served by the
same gunicorn settings as the site (``deploy/gunicorn.conf.py``).

Its one view answers the same 50-row JSON as the site's cached leaderboard page 1 (the
load reads it from the site and hands it over in ``FLOOR_BODY_FILE``): no middleware, no
database, no cache, only Django's request cycle and the JSON encoding. What a request of
the site costs above it is what the site itself adds; every row of the table is printed
as a multiple of it.

    gunicorn --config deploy/gunicorn.conf.py tests.benchmarks.load_floor:application
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        SECRET_KEY="the-floor-keeps-no-secret",
        MIDDLEWARE=[],
        INSTALLED_APPS=[],
        USE_I18N=False,
    )

import django
from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest, JsonResponse
from django.urls import path

_BODY_FILE = os.environ.get("FLOOR_BODY_FILE", "")
_BOARD = (
    json.loads(Path(_BODY_FILE).read_text())
    if _BODY_FILE
    else {"results": [{"rank": n, "player": f"player-{n}", "score": 300 - n} for n in range(50)]}
)


def board(request: HttpRequest) -> JsonResponse:
    return JsonResponse(_BOARD)


urlpatterns = [path("board", board)]

django.setup()
application = get_wsgi_application()
