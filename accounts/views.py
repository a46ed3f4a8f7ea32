"""Sign-up, log-in and log-out pages.

Every page takes a `next` parameter so that a player who pressed Start while logged
out lands back on the board after signing up or logging in. `next` is only followed
when it points at this site.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from accounts.services import user_register

DEFAULT_NEXT = "/"
# Where the service's per-field errors show on the sign-up form.
_FORM_FIELD = {"username": "username", "password": "password2"}


def next_url_safe(*, request: HttpRequest, default: str = DEFAULT_NEXT) -> str:
    """The `next` of the request if it stays on this site, else `default`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


class PlayerLoginView(LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True


@sensitive_post_parameters("password1", "password2")
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def signup_page(request: HttpRequest) -> HttpResponse:
    """Create an account, log in, and go back where the player came from."""
    next_url = next_url_safe(request=request)
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url)
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            # The same service as the API's register, so both make players alike.
            user = user_register(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except ValidationError as problems:
            for field, messages in problems.message_dict.items():
                form.add_error(_FORM_FIELD.get(field), messages)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(next_url)
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


@require_POST
@csrf_protect
def logout_page(request: HttpRequest) -> HttpResponse:
    """Log out (POST only, so a link cannot log anyone out) and say so."""
    logout(request)
    next_url = next_url_safe(request=request, default="")
    return HttpResponseRedirect(next_url or reverse("accounts:logged_out"))


@never_cache
def logged_out_page(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/logged_out.html")
