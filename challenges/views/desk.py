"""The moderators' desk: the held entries, the ones that change the top of a board most
first; one entry with everything a person decides on; approve, void (confirmed), void a
linked group (confirmed), grant or withdraw trust. Staff who may change entries only."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from challenges.errors import EntryNotHeld
from challenges.moderation.selectors import (
    PACE_BIN_MS,
    DeskEntry,
    decision_note,
    desk_entry,
    desk_group_entries,
    desk_queue,
)
from challenges.moderation.services import entries_void, entry_approve, form_trust_set
from challenges.views.desk_charts import form_chart, pace_chart
from challenges.views.desk_words import (
    best_move_words,
    played_move_words,
    reason_labels,
    status_label,
    tie_labels,
)

MODERATOR_PERMISSION = "challenges.change_entry"
REASON_MAX = 500

View = Callable[..., HttpResponse]


def moderator_required(view: View) -> View:
    """Staff with the permission to change entries; others: the log-in, or 403."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("admin:login"))
        if not (user.is_active and user.is_staff and user.has_perm(MODERATOR_PERMISSION)):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return guarded


@require_GET
@moderator_required
def desk_page(request: HttpRequest) -> HttpResponse:
    rows = [(row, reason_labels(row.entry.hold_reasons)) for row in desk_queue()]
    return render(request, "challenges/desk/queue.html", {"rows": rows})


def _desk(entry_id: int) -> Any:
    try:
        return desk_entry(entry_id=entry_id)
    except ObjectDoesNotExist as error:
        raise Http404("No such entry.") from error


@require_GET
@moderator_required
def desk_entry_page(request: HttpRequest, entry_id: int) -> HttpResponse:
    desk = _desk(entry_id)
    return render(
        request,
        "challenges/desk/entry.html",
        {
            "desk": desk,
            "form_chart": form_chart(desk),
            "pace_chart": pace_chart(desk.pace_bins, bin_ms=PACE_BIN_MS),
            "group": [e for e in desk_group_entries(entry_id=entry_id) if e.pk != entry_id],
            "reason_labels": reason_labels(desk.entry.hold_reasons),
            **_desk_words(desk),
        },
    )


def _desk_words(desk: DeskEntry) -> dict[str, Any]:
    """The entry's moves, linked accounts and decisions, in the reader's words."""
    analysed = desk.analysis["moves"] if desk.analysis else []
    return {
        "moves": [
            {
                **move,
                "played_words": played_move_words(move["move"]),
                "best_words": best_move_words(move),
            }
            for move in analysed  # type: ignore[attr-defined]
        ],
        "linked": [
            {
                "account": account,
                "ties": tie_labels(account.ties),
                "here_status": account.entry_here and status_label(account.entry_here.status),
                "entries": [(other, status_label(other.status)) for other in account.entries],
            }
            for account in desk.linked
        ],
        "decisions": [(decision, decision_note(decision.reason)) for decision in desk.decisions],
    }


def _reason(request: HttpRequest) -> str:
    return request.POST.get("reason", "").strip()[:REASON_MAX]


def _back(entry_id: int | None = None) -> HttpResponseRedirect:
    if entry_id is None:
        return HttpResponseRedirect(reverse("challenges:desk"))
    return HttpResponseRedirect(reverse("challenges:desk-entry", args=[entry_id]))


@require_POST
@moderator_required
def desk_approve(request: HttpRequest, entry_id: int) -> HttpResponse:
    _desk(entry_id)
    try:
        entry_approve(entry_id=entry_id, by_id=request.user.pk, reason=_reason(request))
    except EntryNotHeld as error:
        messages.error(request, str(error.detail))
        return _back(entry_id)
    messages.success(
        request, gettext("Entry %(id)s approved: it is on the board.") % {"id": entry_id}
    )
    return _back()


@require_http_methods(["GET", "POST"])
@moderator_required
def desk_void(request: HttpRequest, entry_id: int) -> HttpResponse:
    """Void one entry: the GET asks for confirmation (and a reason), the POST voids."""
    return _void(request, entry_id, group=False)


@require_http_methods(["GET", "POST"])
@moderator_required
def desk_void_group(request: HttpRequest, entry_id: int) -> HttpResponse:
    """Void the entry and its linked accounts' entries on the same challenge."""
    return _void(request, entry_id, group=True)


def _void(request: HttpRequest, entry_id: int, *, group: bool) -> HttpResponse:
    desk = _desk(entry_id)
    entries = desk_group_entries(entry_id=entry_id) if group else [desk.entry]
    reason = _reason(request)
    if request.method == "POST" and request.POST.get("confirm") == "yes" and reason:
        voided = entries_void(
            entry_ids=[entry.pk for entry in entries],
            reason=reason,
            by_id=request.user.pk,
        )
        messages.success(
            request,
            gettext("%(count)s entries voided.") % {"count": len(voided)}
            if group
            else gettext("Entry %(id)s voided.") % {"id": entry_id},
        )
        return _back()
    return render(
        request,
        "challenges/desk/confirm_void.html",
        {
            "desk": desk,
            "entries": entries,
            "group": group,
            "reason": reason,
            "missing_reason": request.method == "POST" and not reason,
        },
    )


@require_POST
@moderator_required
def desk_trust(request: HttpRequest, entry_id: int) -> HttpResponse:
    """Grant, withdraw, or give back to the record the trust of the entry's player."""
    desk = _desk(entry_id)
    try:
        form_trust_set(player_id=desk.entry.player_id, trust=request.POST.get("trust", ""))
    except ValueError as error:
        raise Http404("No such trust.") from error
    messages.success(request, gettext("Trust updated."))
    return _back(entry_id)
