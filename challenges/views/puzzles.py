"""The puzzles' pages (docs/puzzles.md): the series' map (`/puzzles/`), one puzzle
(`/puzzles/<n>/`) and the puzzle of the day (`/puzzles/today/`). The pages show what the
puzzles' room answers; the board, its inputs and saving are the page's script."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from challenges.engine import PUZZLE_MAX_JOKERS
from challenges.errors import PuzzleLocked, PuzzleNotFound
from challenges.puzzles import selectors, services
from challenges.puzzles.selectors import PuzzleCard
from challenges.views.guest_cookie import player_or_guest
from config.page_scripts import page_entries, page_preloads

PUZZLE_SCRIPTS = page_entries("puzzles")


def _player_id(request: HttpRequest) -> int | None:
    player = player_or_guest(request)
    return int(player.pk) if player.is_authenticated else None


def _config(request: HttpRequest, card: PuzzleCard, solve_url: str) -> dict[str, Any]:
    return {
        "puzzle": {"cells": card.cells, "tray": card.tray},
        "number": card.number,
        "day": card.day.isoformat() if card.day else None,
        "stars": card.stars,
        "bestMs": card.best_ms,
        "maxJokers": PUZZLE_MAX_JOKERS,
        "solveUrl": solve_url,
        "guestUrl": reverse("api-guest"),
        "loggedIn": request.user.is_authenticated,
        "seriesUrl": reverse("challenges:puzzles"),
    }


@require_safe
def puzzles_page(request: HttpRequest) -> HttpResponse:
    cards = selectors.series_map(player_id=_player_id(request))
    context = {
        "cards": cards,
        "stars_total": sum(card.stars for card in cards),
        "stars_most": 3 * len(cards),
    }
    return render(request, "challenges/puzzles.html", context)


@require_safe
def puzzle_page(request: HttpRequest, number: int) -> HttpResponse:
    try:
        card = selectors.series_puzzle_read(number=number, player_id=_player_id(request))
    except PuzzleNotFound:
        raise Http404("No puzzle with that number.") from None
    except PuzzleLocked:
        # An ordinary page (not a 403: nothing is forbidden, it opens once the one
        # before is solved), with the way to that one.
        locked = {"number": number, "before": number - 1}
        return render(request, "challenges/puzzle_locked.html", locked)
    context: dict[str, Any] = {
        "card": card,
        "puzzle_config": _config(
            request, card, reverse("api-puzzle-solve", kwargs={"number": number})
        ),
        "preloads": page_preloads(*PUZZLE_SCRIPTS),
    }
    return render(request, "challenges/puzzle.html", context)


@require_safe
def puzzle_today_page(request: HttpRequest) -> HttpResponse:
    daily = services.daily_card(player_id=_player_id(request))
    config = _config(request, daily.card, reverse("api-puzzle-today-solve"))
    config["streak"] = daily.streak
    context = {
        "card": daily.card,
        "streak": daily.streak,
        "daily": True,
        "puzzle_config": config,
        "preloads": page_preloads(*PUZZLE_SCRIPTS),
    }
    return render(request, "challenges/puzzle.html", context)
