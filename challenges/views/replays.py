"""The replay viewer: a run's board move by move, with the server's points per move.

Visible to the run's owner at any time, and to anyone once the run is a submitted
entry of a closed challenge (``runs.run_visible``); to everyone else it does not
exist (404), so that an open challenge's tiles stay secret.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from challenges import runs
from challenges.models import Entry, Run


def replay_page(request: HttpRequest, run_id: UUID) -> HttpResponse:
    run = get_object_or_404(Run.objects.select_related("challenge", "player"), pk=run_id)
    if not runs.run_visible(run=run, viewer=request.user):
        raise Http404("No run to show here.")
    entry = Entry.objects.filter(run=run).first()
    is_owner = request.user.is_authenticated and request.user.pk == run.player_id
    return render(
        request,
        "challenges/replay.html",
        {
            "run": run,
            "challenge": run.challenge,
            "entry": entry,
            "is_owner": is_owner,
            "challenge_open": run.challenge.is_open(timezone.now()),
            "replay_data": _replay_data(run, entry=entry),
        },
    )


def _replay_data(run: Run, *, entry: Entry | None) -> dict[str, Any]:
    """What replay.js steps through: the valid moves, the server's verdict on each."""
    results = run.move_results if isinstance(run.move_results, list) else []
    raw_moves = run.log.get("moves") if isinstance(run.log, dict) else None
    # Only the valid prefix has a known shape; a rejected run's bad move is shown as the
    # server's error, never interpreted.
    moves = raw_moves[: len(results)] if isinstance(raw_moves, list) else []
    return {
        "run": str(run.id),
        "player": run.player.get_username(),
        "challenge": run.challenge.number,
        "status": run.status,
        "submitted": entry is not None and not entry.is_voided,
        "score": run.score,
        "tray": list(run.challenge.tray),
        "well": list(run.challenge.well),
        "moves": moves,
        "results": results[: len(moves)],
        "error": run.error if isinstance(run.error, dict) else None,
    }
