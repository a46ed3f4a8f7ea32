"""Admin for challenges, runs and entries. Challenges and runs are records: read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from challenges import services
from challenges.models import Challenge, Entry, Run


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ["number", "opens_at", "closes_at", "entry_count", "top_score", "created_at"]
    search_fields = ["number"]
    date_hierarchy = "opens_at"
    readonly_fields = [f.name for f in Challenge._meta.fields]


@admin.register(Run)
class RunAdmin(ReadOnlyAdmin):
    list_display = ["id", "player", "challenge", "status", "score", "started_at", "finished_at"]
    list_filter = ["status"]
    list_select_related = ["player", "challenge"]
    search_fields = ["id", "player__username", "challenge__number"]
    readonly_fields = [f.name for f in Run._meta.fields]
    raw_id_fields = ["player", "challenge"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["challenge", "player", "score", "submitted_at", "voided_at", "void_reason"]
    list_filter = [("voided_at", admin.EmptyFieldListFilter)]
    list_select_related = ["player", "challenge"]
    search_fields = ["player__username", "challenge__number"]
    readonly_fields = ["challenge", "player", "run", "score", "submitted_at", "voided_at"]
    fields = [*readonly_fields, "void_reason"]
    actions = ["void_entries"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Void selected entries (take them off the leaderboards)")
    def void_entries(self, request: HttpRequest, queryset: QuerySet[Entry]) -> None:
        by = request.user.get_username() if request.user.is_authenticated else "staff"
        voided = 0
        for entry in queryset.select_related("challenge"):
            if entry.is_voided:
                continue
            reason = entry.void_reason or f"Voided by {by} from the admin."
            services.entry_void(entry=entry, reason=reason)
            voided += 1
        self.message_user(
            request, f"Voided {voided} entr{'y' if voided == 1 else 'ies'}.", messages.SUCCESS
        )

    def save_model(self, request: HttpRequest, obj: Entry, form: Any, change: bool) -> None:
        # Typing a reason on a live entry voids it, through the service like the action.
        if obj.void_reason.strip() and not obj.is_voided:
            services.entry_void(entry=obj, reason=obj.void_reason)
            self.message_user(request, f"Voided the entry: {obj.void_reason}", messages.WARNING)
        else:
            obj.save(update_fields=["void_reason"])
