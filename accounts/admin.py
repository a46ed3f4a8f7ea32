"""API tokens in the admin: who has which, by prefix and dates, never a digest.

There is no secret to show (only a hash is kept), and the hash is not shown either. A
token cannot be made or edited here (a secret made in the admin would be seen by the
wrong person); deleting one revokes it.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("shown_prefix", "user", "name", "origin", "created_at", "last_used_at")
    list_filter = ("origin",)
    search_fields = ("user__username", "prefix", "name")
    fields = ("shown_prefix", "user", "name", "origin", "created_at", "last_used_at")
    readonly_fields = fields
    list_select_related = ("user",)
    ordering = ("-created_at",)

    @admin.display(description=_("Token"), ordering="prefix")
    def shown_prefix(self, token: ApiToken) -> str:
        return f"{token.prefix}…"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
