"""The admin's log-in, throttled like the players' (accounts/throttle.py).

The same counters, in the same store: a (user name, address) pair and an address are
limited across both log-in forms, so the admin form is no side door for guessing.
Our own counters rather than django-axes: the limits already exist, atomic, in the
cache that every process shares, and one mechanism is easier to reason about than two.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect

from accounts.throttle import login_attempt_take, login_succeeded


@csrf_protect
@never_cache
def admin_login(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
    if request.method != "POST":
        return admin.site.login(request, extra_context)
    attempt = login_attempt_take(request=request, username=str(request.POST.get("username", "")))
    if attempt.refusal is not None:
        messages.error(request, str(attempt.refusal))
        context = {
            **admin.site.each_context(request),
            "title": gettext_lazy("Log in"),
            "subtitle": None,
            "app_path": request.get_full_path(),
            "form": AdminAuthenticationForm(request),
            "username": "",
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/login.html", context, status=429)
    response = admin.site.login(request, extra_context)
    if request.user.is_authenticated:
        login_succeeded(attempt=attempt)
    return response
