"""The live tables' pages: ``/tables/`` (the lobby: make a table, join one, the rated
pool), ``/tables/{id}/`` (a table: play, or watch as a spectator) and
``/tables/record/`` (the record against people, with a rating chart). Everything is
played through the API (challenges/api/tables.py) and the socket."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from challenges.charts import line_chart
from challenges.engine import CLASSIC_STRENGTHS, RULESET
from challenges.tables import selectors
from challenges.views.guest_cookie import player_or_guest
from config.page_scripts import page_entries, page_preloads

LOBBY_SCRIPTS = page_entries("tables")
TABLE_SCRIPTS = page_entries("table")
RECORD_SCRIPTS = page_entries("charts")
TABLE_SLOT = "00000000-0000-0000-0000-000000000000"


def _api_urls() -> dict[str, str]:
    return {
        "guest": reverse("api-guest"),
        "create": reverse("api-tables"),
        "open": reverse("api-tables-open"),
        "pairing": reverse("api-pairing"),
        "table": reverse("api-table", args=[TABLE_SLOT]),
        "page": reverse("challenges:table", args=[TABLE_SLOT]),
        "record": reverse("api-tables-record"),
    }


@require_safe
def tables_page(request: HttpRequest) -> HttpResponse:
    player = player_or_guest(request)
    config = {
        "signedIn": request.user.is_authenticated,
        "playing": player.is_authenticated,
        "strengths": list(CLASSIC_STRENGTHS),
        "slot": TABLE_SLOT,
        "urls": _api_urls(),
    }
    context = {
        "tables_config": config,
        "target": RULESET.target_score,
        "preloads": page_preloads(*LOBBY_SCRIPTS),
    }
    return render(request, "challenges/tables.html", context)


@require_safe
def table_page(request: HttpRequest, table_id: UUID) -> HttpResponse:
    player = player_or_guest(request)
    try:
        state = selectors.table_state(
            table_id=table_id, player_id=player.pk if player.is_authenticated else None
        )
    except selectors.TableNotFound:
        return render(request, "challenges/table_missing.html", status=404)
    config = {
        "table": str(table_id),
        "slot": TABLE_SLOT,
        "signedIn": request.user.is_authenticated,
        "socket": f"/ws/tables/{table_id}/",
        "target": RULESET.target_score,
        "maxDraws": RULESET.max_draws_per_turn,
        "reactions": list(selectors.REACTIONS),
        "urls": {
            **_api_urls(),
            "lobby": reverse("challenges:tables"),
            "replay": reverse("challenges:classic-replay", args=[TABLE_SLOT]),
        },
    }
    context = {
        "table_config": config,
        "seated": state["you"] is not None,
        "status": state["status"],
        "preloads": page_preloads(*TABLE_SCRIPTS),
    }
    return render(request, "challenges/table.html", context)


@dataclass(frozen=True)
class _RatingPoint:
    """A rated table on the chart: ``number`` is the game's place in the player's list
    (the chart's rows speak of challenges; these have none, so no link)."""

    challenge_id: int
    number: int
    rating: int
    at: datetime


@require_safe
def tables_record_page(request: HttpRequest) -> HttpResponse:
    player = player_or_guest(request)
    record = selectors.tables_record(player_id=player.pk) if player.is_authenticated else None
    chart = None
    if record is not None and record["chart"]:
        points = [
            _RatingPoint(challenge_id=0, number=index, rating=point["rating"], at=point["at"])
            for index, point in enumerate(record["chart"], start=1)
        ]
        words = gettext("Game %(number)s: rating %(rating)s")
        chart = line_chart(
            points,
            value=lambda point: point.rating,
            label=lambda point: words % {"number": point.number, "rating": point.rating},
        )
    return render(
        request,
        "challenges/tables_record.html",
        {"record": record, "chart": chart, "preloads": page_preloads(*RECORD_SCRIPTS)},
    )
