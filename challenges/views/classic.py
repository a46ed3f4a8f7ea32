"""The classic game's pages: ``/classic/`` (a game against the computer, resumed where
it was left) and ``/classic/record/`` (the player's record and their games, each with
its replay). The game itself is played through the API (challenges/api/classic.py)."""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from challenges.classic import selectors
from challenges.engine import CLASSIC_STRENGTHS, RULESET
from challenges.views.guest_cookie import player_or_guest
from config.page_scripts import page_entries, page_preloads

CLASSIC_SCRIPTS = page_entries("classic")
REPLAY_SCRIPTS = page_entries("classic_replay")
GAME_SLOT = "00000000-0000-0000-0000-000000000000"


@require_safe
def classic_page(request: HttpRequest) -> HttpResponse:
    player = player_or_guest(request)
    record = selectors.classic_record(player_id=player.pk) if player.is_authenticated else None
    config = {
        "current": str(record["current"]) if record and record["current"] else None,
        "guest": not request.user.is_authenticated,
        "strengths": list(CLASSIC_STRENGTHS),
        "gameSlot": GAME_SLOT,
        "urls": {
            "guest": reverse("api-guest"),
            "start": reverse("api-classic-start"),
            "game": reverse("api-classic-game", args=[GAME_SLOT]),
            "replay": reverse("challenges:classic-replay", args=[GAME_SLOT]),
            "record": reverse("challenges:classic-record"),
        },
    }
    context = {
        "classic_config": config,
        "record": record,
        "target": RULESET.target_score,
        "max_draws": RULESET.max_draws_per_turn,
        "draw_cost": RULESET.draw_points,
        "pass_cost": RULESET.pass_points,
        "preloads": page_preloads(*CLASSIC_SCRIPTS),
    }
    return render(request, "challenges/classic.html", context)


@require_safe
def classic_record_page(request: HttpRequest) -> HttpResponse:
    player = player_or_guest(request)
    record = selectors.classic_record(player_id=player.pk) if player.is_authenticated else None
    return render(request, "challenges/classic_record.html", {"record": record})


@require_safe
def classic_replay_page(request: HttpRequest, game_id: UUID) -> HttpResponse:
    player = player_or_guest(request)
    replay = (
        selectors.classic_game_replay_or_none(game_id=game_id, player_id=player.pk)
        if player.is_authenticated
        else None
    )
    return render(
        request,
        "challenges/classic_replay.html",
        {"replay": replay, "preloads": page_preloads(*REPLAY_SCRIPTS)},
        status=200 if replay is not None else 404,
    )
