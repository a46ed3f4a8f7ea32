"""The replay viewer: a run's board move by move, with the server's points per move.

Visible to the run's owner at any time, and to anyone once the run is a submitted
entry of a closed challenge (``run_seen``); to everyone else it does not
exist (404), so that an open challenge's tiles stay secret. A finished run comes with
its analysis (the best move of every position), and a run on a
board whose results are out with a form to report it. The solver's run of a challenge
(its par) plays in the same viewer once the results are out (``par_run``).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from challenges.fault_words import rejection_json
from challenges.models import Entry, EntryReport, Run
from challenges.moderation.selectors import entry_report_state
from challenges.play.selectors import par_run, run_seen
from challenges.players.selectors import guest_played
from challenges.views.guest_cookie import player_or_guest
from config.page_scripts import page_entries, page_entry, page_preloads

# The replay pages' module scripts (base.html's site.js on every page); the report
# form's only where a run may be reported.
REPLAY_SCRIPTS = page_entries("replay")
REPORT_SCRIPT = page_entry("report")


def replay_page(request: HttpRequest, run_id: UUID) -> HttpResponse:
    now = timezone.now()
    viewer = player_or_guest(request)
    seen = run_seen(run_id=run_id, viewer=viewer, analysed=True, now=now)
    if seen is None:
        raise Http404("No run to show here.")
    run, analysis = seen.run, seen.analysis
    entry = Entry.objects.select_related("challenge").filter(run=run).first()
    is_owner = viewer.is_authenticated and viewer.pk == run.player_id
    by_guest = guest_played(player_id=run.player_id)
    report_state = entry_report_state(entry=entry, viewer=request.user, now=now)
    scripts = REPLAY_SCRIPTS if run.status != Run.Status.STARTED else REPLAY_SCRIPTS[:1]
    if report_state == "reportable":
        scripts = (*scripts, REPORT_SCRIPT)
    return render(
        request,
        "challenges/replay.html",
        {
            "run": run,
            "challenge": run.challenge,
            "entry": entry,
            "is_owner": is_owner,
            # A guest's run is seen by the guest alone, and a guest has no player page.
            "by_guest": by_guest,
            "challenge_open": run.challenge.is_open(now),
            "replay_data": _replay_data(
                run, entry=entry, analysis=analysis, is_owner=is_owner, by_guest=by_guest
            ),
            "report_state": report_state,
            "preloads": page_preloads(*scripts),
            "report_reasons": EntryReport.Reason.choices,
            "report_url": reverse("api-run-report", args=[run.pk]),
        },
    )


def par_replay_page(request: HttpRequest, challenge_id: int) -> HttpResponse:
    shown = par_run(challenge_id=challenge_id)
    if shown is None:
        raise Http404("The solver's run is shown once the results are out.")
    challenge = shown.challenge
    return render(
        request,
        "challenges/par_replay.html",
        {
            "challenge": challenge,
            "preloads": page_preloads(*REPLAY_SCRIPTS),
            "replay_data": {
                "run": None,
                "player": "the solver",
                "challenge": challenge.number,
                "status": "finished",
                "submitted": False,
                "score": shown.score,
                "tray": list(challenge.tray),
                "well": list(challenge.well),
                "moves": shown.moves,
                "results": shown.results,
                "error": None,
                "analysis": None,
            },
        },
    )


def _replay_data(
    run: Run,
    *,
    entry: Entry | None,
    analysis: dict[str, object] | None,
    is_owner: bool,
    by_guest: bool = False,
) -> dict[str, Any]:
    """What replay.js steps through: the valid moves, the server's verdict on each, and
    the analysis of a finished run (None for others)."""
    results = run.move_results if isinstance(run.move_results, list) else []
    raw_moves = run.log.get("moves") if isinstance(run.log, dict) else None
    # Only the valid prefix has a known shape; a rejected run's bad move is shown as the
    # server's error, never interpreted.
    moves = raw_moves[: len(results)] if isinstance(raw_moves, list) else []
    return {
        "run": str(run.id),
        # A guest's stand-in name is shown nowhere (docs/first_visit.md).
        "player": None if by_guest else run.player.get_username(),
        "challenge": run.challenge.number,
        "status": run.status,
        "submitted": entry is not None and not entry.is_voided,
        "score": run.score,
        "tray": list(run.challenge.tray),
        "well": list(run.challenge.well),
        "moves": moves,
        "results": results[: len(moves)],
        # The engine's stored sentence is English: the reader's words from its code.
        "error": rejection_json(fault.to_json()) if (fault := run.rejection) is not None else None,
        "analysis": analysis,
        "isOwner": is_owner,
    }
