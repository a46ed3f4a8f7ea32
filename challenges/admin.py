"""Admin for challenges, runs and entries, and the moderators' review queue.

Challenges and runs are records: read-only. Entries change only through the services
(void, approve), so each decision is recorded with who, when and why. The queue holds
the held entries and the live ones players reported; "approve" puts a held entry live,
or keeps a reported one (its reports dismissed).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from challenges.models import Challenge, Entry, EntryDecision, EntryReport, HeldEntry, Run
from challenges.moderation.selectors import (
    APPROVED_FROM_QUEUE,
    REPORTS_DISMISSED_FROM_QUEUE,
    decision_note,
    report_detail_clean,
)
from challenges.moderation.services import entry_approve, entry_reports_dismiss, entry_void


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = [
        "number", "opens_at", "closes_at", "entry_count", "top_score", "par", "created_at",
    ]  # fmt: skip
    search_fields = ["number"]
    date_hierarchy = "opens_at"
    readonly_fields = [f.name for f in Challenge._meta.fields]


@admin.register(Run)
class RunAdmin(ReadOnlyAdmin):
    # Short columns, so the list fits a laptop's screen: the run's id begins its link
    # (the whole id is on its page and searchable), one time, the challenge's number.
    list_display = ["short_id", "player", "challenge_number", "status", "score", "started"]
    list_filter = ["status"]
    list_select_related = ["player", "challenge"]
    search_fields = ["id", "player__username", "challenge__number"]
    readonly_fields = [f.name for f in Run._meta.fields]
    raw_id_fields = ["player", "challenge"]

    @admin.display(description=_("run"), ordering="id")
    def short_id(self, run: Run) -> str:
        return f"{str(run.pk)[:8]}…"

    @admin.display(description=_("challenge"), ordering="challenge__number")
    def challenge_number(self, run: Run) -> str:
        return f"#{run.challenge_id}"

    @admin.display(description=_("started (UTC)"), ordering="started_at")
    def started(self, run: Run) -> str:
        return f"{run.started_at:%b %d %H:%M:%S}"


class EntryDecisionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = EntryDecision
    extra = 0
    can_delete = False
    fields = ["verdict", "decided_by", "decided_at", "note"]
    readonly_fields = ["verdict", "decided_by", "decided_at", "note"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=EntryDecision._meta.get_field("reason").verbose_name)
    def note(self, decision: EntryDecision) -> str:
        return decision_note(decision.reason)


class EntryReportInline(admin.TabularInline):  # type: ignore[type-arg]
    model = EntryReport
    extra = 0
    can_delete = False
    fields = ["reporter", "reason", "words", "reported_at", "resolved_at"]
    readonly_fields = ["reporter", "reason", "words", "reported_at", "resolved_at"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("detail"))
    def words(self, report: EntryReport) -> str:
        # Without bidirectional controls: a reporter's words read in the order typed.
        return report_detail_clean(report.detail)


def _admin_void_record(request: HttpRequest) -> str:
    # For the record only (the player is not shown it: it names the moderator).
    by = request.user.get_username() if request.user.is_authenticated else "staff"
    return f"Voided by {by} from the admin."


def _decider(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["challenge", "player", "score", "status", "submitted_at", "void_reason"]
    list_filter = ["status"]
    list_select_related = ["player", "challenge"]
    search_fields = ["player__username", "challenge__number"]
    readonly_fields = [
        "challenge", "player", "run", "score", "status", "reasons_held", "features",
        "submitted_at", "voided_at",
    ]  # fmt: skip
    fields = [*readonly_fields, "void_reason"]
    inlines = [EntryDecisionInline, EntryReportInline]
    actions = ["void_entries"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=Entry._meta.get_field("hold_reasons").verbose_name)
    def reasons_held(self, entry: Entry) -> str:
        return "; ".join(str(_HOLD_REASONS.get(code, code)) for code in entry.hold_reasons)

    @admin.action(
        description=_("Void selected entries (take them off the leaderboards)"),
        permissions=["change"],
    )
    def void_entries(self, request: HttpRequest, queryset: QuerySet[Entry]) -> Any:
        if request.POST.get("confirmed") != "yes":
            return void_confirmation(request, self, list(queryset), action="void_entries")
        voided = 0
        for entry in queryset.select_related("challenge"):
            if entry.is_voided:
                continue
            typed = entry.void_reason.strip()
            entry_void(
                entry_id=entry.pk,
                reason=typed or _admin_void_record(request),
                by_id=_decider(request),
                player_reads=bool(typed),
            )
            voided += 1
        self.message_user(
            request,
            ngettext("Voided %(count)s entry.", "Voided %(count)s entries.", voided)
            % {"count": voided},
            messages.SUCCESS,
        )

    def save_model(self, request: HttpRequest, obj: Entry, form: Any, change: bool) -> None:
        # Typing a reason on an entry not void voids it, through the service like the action.
        if obj.void_reason.strip() and not obj.is_voided:
            entry_void(entry_id=obj.pk, reason=obj.void_reason, by_id=_decider(request))
            self.message_user(
                request,
                gettext("Voided the entry: %(reason)s") % {"reason": obj.void_reason},
                messages.WARNING,
            )
        else:
            obj.save(update_fields=["void_reason"])


_HOLD_REASONS = dict(Entry.HoldReason.choices)
_REPORT_REASONS = dict(EntryReport.Reason.choices)


def _open_reports() -> Exists:
    return Exists(EntryReport.objects.filter(entry=OuterRef("pk"), resolved_at=None))


@admin.register(HeldEntry)
class HeldEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The review queue: each held or reported entry with its reasons, what the review
    of runs measured, its replay, and one button to approve it (a held entry goes live,
    a reported one stays) or void it. Decisions are recorded (EntryDecision)."""

    list_display = [
        "challenge", "player", "score", "submitted_at", "reasons", "measured", "replay",
        "decide",
    ]  # fmt: skip
    list_select_related = ["player", "challenge"]
    ordering = ["submitted_at"]
    actions = ["approve_entries", "void_entries"]

    def has_decide_permission(self, request: HttpRequest) -> bool:
        """Approving and voiding change entries: a moderator's right, not a viewer's."""
        return bool(request.user.has_perm("challenges.change_entry"))

    def get_queryset(self, request: HttpRequest) -> QuerySet[HeldEntry]:
        open_reports = Count("reports", filter=Q(reports__resolved_at=None))
        queue: QuerySet[HeldEntry] = (
            super()
            .get_queryset(request)
            .filter(Q(status=Entry.Status.HELD) | Q(_open_reports(), status=Entry.Status.LIVE))
            .annotate(open_reports=open_reports)
        )
        return queue

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("Why here"))
    def reasons(self, entry: HeldEntry) -> str:
        reasons = [str(_HOLD_REASONS.get(code, code)) for code in entry.hold_reasons]
        reported = getattr(entry, "open_reports", 0)
        if reported:
            why = entry.reports.filter(resolved_at=None).values_list("reason", flat=True)
            named = sorted({str(_REPORT_REASONS.get(code, code)) for code in why})
            reasons.append(
                gettext("reported %(count)sx (%(why)s)")
                % {"count": reported, "why": ", ".join(named).lower()}
            )
        return "; ".join(reasons)

    def _recorded_reason(self, entry: HeldEntry) -> str:
        # A record, kept in English whatever the moderator reads (docs/i18n.md "Records
        # stay English"), with the decision only: it names the hold's measures.
        with translation.override("en"):
            return f"Voided from the review queue ({self.reasons(entry)})."

    @admin.display(description=_("Measured"))
    def measured(self, entry: HeldEntry) -> str:
        """What the review of runs measured: the score against par, the share of the
        solver's first choices, the time between placements."""
        features = entry.features or {}
        if not features:
            return "-"
        ratio, share = features.get("par_ratio"), features.get("solver_match")
        parts = [
            gettext("%(percent)s of par %(par)s")
            % {"percent": f"{ratio:.0%}", "par": features.get("par")}
            if ratio is not None
            else gettext("par unknown"),
            gettext("solver's choice %(percent)s of %(choices)s")
            % {"percent": f"{share:.0%}", "choices": features.get("choices")}
            if share is not None
            else gettext("no choices"),
            gettext("placements %(median)s ms apart (median), %(least)s ms at least")
            % {"median": features.get("median_gap_ms"), "least": features.get("min_gap_ms")},
        ]
        return "; ".join(parts)

    @admin.display(description=_("Replay"))
    def replay(self, entry: HeldEntry) -> str:
        return format_html(
            '<a href="{}" target="_blank" rel="noopener">{}</a>',
            reverse("challenges:replay", args=[entry.run_id]),
            gettext("watch"),
        )

    @admin.display(description=_("Decision"))
    def decide(self, entry: HeldEntry) -> str:
        # The list is one <form> already (Django's changelist): a form inside it would be
        # dropped by the browser, and its button would post the list. So each button
        # posts that form (its CSRF token included) to its own address instead.
        button = '<button type="submit" class="button" formaction="{}" formnovalidate>{}</button> '
        return format_html(
            button + button,
            reverse("admin:challenges_heldentry_approve", args=[entry.pk]),
            gettext("Approve"),
            reverse("admin:challenges_heldentry_void", args=[entry.pk]),
            gettext("Void"),
        )

    def get_urls(self) -> list[URLPattern]:
        own = [
            path(
                "<int:entry_id>/approve/",
                self.admin_site.admin_view(self.approve_view),
                name="challenges_heldentry_approve",
            ),
            path(
                "<int:entry_id>/void/",
                self.admin_site.admin_view(self.void_view),
                name="challenges_heldentry_void",
            ),
        ]
        return own + super().get_urls()

    def _decision_entry(self, request: HttpRequest, entry_id: int) -> Entry:
        if request.method != "POST":
            raise _NotPost()
        if not self.has_decide_permission(request):
            raise PermissionDenied
        return get_object_or_404(self.get_queryset(request), pk=entry_id)

    def approve_view(self, request: HttpRequest, entry_id: int) -> Any:
        try:
            entry = self._decision_entry(request, entry_id)
        except _NotPost:
            return HttpResponseNotAllowed(["POST"])
        _approve(entry, request)
        self.message_user(
            request,
            gettext("Approved: %(player)s on #%(challenge)s is live.")
            % {"player": entry.player, "challenge": entry.challenge_id},
        )
        return HttpResponseRedirect(reverse("admin:challenges_heldentry_changelist"))

    def void_view(self, request: HttpRequest, entry_id: int) -> Any:
        try:
            entry = self._decision_entry(request, entry_id)
        except _NotPost:
            return HttpResponseNotAllowed(["POST"])
        if request.POST.get("confirmed") != "yes":
            return void_confirmation(request, self, [entry], action="")
        reason = self._recorded_reason(entry)  # type: ignore[arg-type]
        entry_void(entry_id=entry.pk, reason=reason, by_id=_decider(request), player_reads=False)
        self.message_user(
            request,
            gettext("Voided: %(player)s on #%(challenge)s.")
            % {"player": entry.player, "challenge": entry.challenge_id},
        )
        return HttpResponseRedirect(reverse("admin:challenges_heldentry_changelist"))

    @admin.action(
        description=_("Approve selected entries (put them on the board)"),
        permissions=["decide"],
    )
    def approve_entries(self, request: HttpRequest, queryset: QuerySet[HeldEntry]) -> None:
        for entry in queryset:
            _approve(entry, request)
        self.message_user(
            request,
            ngettext(
                "Approved %(count)s held entry.", "Approved %(count)s held entries.", len(queryset)
            )
            % {"count": len(queryset)},
            messages.SUCCESS,
        )

    @admin.action(description=_("Void selected entries"), permissions=["decide"])
    def void_entries(self, request: HttpRequest, queryset: QuerySet[HeldEntry]) -> Any:
        if request.POST.get("confirmed") != "yes":
            return void_confirmation(request, self, list(queryset), action="void_entries")
        for entry in queryset:
            reason = self._recorded_reason(entry)
            entry_void(
                entry_id=entry.pk, reason=reason, by_id=_decider(request), player_reads=False
            )
        self.message_user(
            request,
            ngettext(
                "Voided %(count)s held entry.", "Voided %(count)s held entries.", len(queryset)
            )
            % {"count": len(queryset)},
            messages.SUCCESS,
        )


def void_confirmation(
    request: HttpRequest, model_admin: admin.ModelAdmin[Any], entries: list[Any], *, action: str
) -> TemplateResponse:
    """The page that asks before voiding: a void takes entries off the boards. Its form
    posts the same request again (the bulk action, or the row's button), confirmed."""
    changelist = reverse(
        f"admin:{model_admin.opts.app_label}_{model_admin.opts.model_name}_changelist"
    )
    context = {
        **model_admin.admin_site.each_context(request),
        "title": gettext("Void entries?"),
        "opts": model_admin.opts,
        "entries": entries,
        "action": action,
        "action_url": changelist if action else request.path,
        "cancel_url": changelist,
    }
    return TemplateResponse(request, "admin/challenges/void_confirm.html", context)


def _approve(entry: Entry, request: HttpRequest) -> None:
    """A held entry goes live; a live, reported one stays, its reports dismissed."""
    if entry.is_held:
        entry_approve(entry_id=entry.pk, by_id=_decider(request), reason=APPROVED_FROM_QUEUE)
    else:
        entry_reports_dismiss(
            entry_id=entry.pk, by_id=_decider(request), reason=REPORTS_DISMISSED_FROM_QUEUE
        )


class _NotPost(Exception):
    """A decision view reached by GET: decisions change data, so only POST decides."""
