"""Sign-up, log-in, log-out and settings pages.

Every page takes a `next` parameter so that a player who pressed Start while logged
out lands back on the board after signing up or logging in. `next` is only followed
when it points at this site.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.device import signup_record
from accounts.models import ApiToken
from accounts.services import (
    IssuedToken,
    TokensLimitReached,
    api_token_create,
    api_token_revoke,
    api_token_rotate,
    api_tokens_list,
    user_register,
)
from accounts.throttle import (
    LoginAttempt,
    attempt_give_back,
    login_attempt_take,
    login_succeeded,
    signup_turn_take,
)

DEFAULT_NEXT = "/"
# Where the service's per-field errors show on the sign-up form.
_FORM_FIELD = {"username": "username", "password": "password2"}
_SIGNUP_REFUSAL = gettext_lazy("Too many new accounts from your network. Please try again later.")


def next_url_safe(*, request: HttpRequest, default: str = DEFAULT_NEXT) -> str:
    """The `next` of the request if it stays on this site, else `default`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


class PlayerLoginView(LoginView):
    """Django's log-in, refusing a client or a user name after too many failures."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True
    _attempt: LoginAttempt | None = None

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))
        attempt = login_attempt_take(request=request, username=username)
        if attempt.refusal is not None:
            # An unbound form: validating this one would call authenticate().
            form = self.get_form_class()(request=self.request)
            context = self.get_context_data(form=form, refusal=attempt.refusal)
            return self.render_to_response(context, status=429)
        self._attempt = attempt
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: Any) -> HttpResponse:
        if self._attempt is not None:
            login_succeeded(attempt=self._attempt)
        return super().form_valid(form)


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
    taken = signup_turn_take(request=request) if request.method == "POST" else []
    if taken is None:
        context = {"form": UserCreationForm(), "next": next_url, "refusal": _SIGNUP_REFUSAL}
        return render(request, "accounts/signup.html", context, status=429)
    made = False
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
            made = True
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    if not made:
        # The limits count accounts made: a form sent back with errors gives its turn back.
        for scope, ident in taken:
            attempt_give_back(scope=scope, ident=ident)
    if made:
        redirect = HttpResponseRedirect(next_url)
        signup_record(request, redirect, player_id=user.pk)
        return redirect
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


# --- the player's settings page: API tokens -------------------------------------------


class TokenNameForm(forms.Form):
    name = forms.CharField(
        max_length=60,
        required=False,
        label=gettext_lazy("Name (optional)"),
        help_text=gettext_lazy("To tell your tokens apart, e.g. the script that uses it."),
    )


def _player(request: HttpRequest) -> AbstractBaseUser:
    # Behind login_required: the user is a player, never the anonymous one.
    assert isinstance(request.user, AbstractBaseUser)
    return request.user


def _settings_render(
    request: HttpRequest,
    *,
    form: TokenNameForm | None = None,
    issued: IssuedToken | None = None,
    refusal: str | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "form": form or TokenNameForm(),
        "tokens": api_tokens_list(user=_player(request)),
        "issued": issued,
        "refusal": refusal,
        "limit": settings.API_TOKENS_PER_USER,
    }
    return render(request, "accounts/settings.html", context, status=status)


@login_required
@never_cache
@require_GET
def settings_page(request: HttpRequest) -> HttpResponse:
    """The player's API tokens: by prefix and dates, never a secret (none is kept)."""
    return _settings_render(request)


@login_required
@never_cache
@csrf_protect
@require_POST
def token_create_page(request: HttpRequest) -> HttpResponse:
    """Make a token and show its secret, in this answer only (``never_cache``)."""
    form = TokenNameForm(request.POST)
    if not form.is_valid():
        return _settings_render(request, form=form, status=400)
    try:
        issued = api_token_create(
            user=_player(request),
            origin=ApiToken.Origin.SETTINGS,
            name=form.cleaned_data["name"],
        )
    except TokensLimitReached as refusal:
        return _settings_render(request, form=form, refusal=str(refusal.detail), status=409)
    return _settings_render(request, issued=issued)


@login_required
@never_cache
@csrf_protect
@require_POST
def token_rotate_page(request: HttpRequest, token_id: int) -> HttpResponse:
    """Replace a token's secret (the old one stops working) and show the new one once."""
    try:
        issued = api_token_rotate(user=_player(request), token_id=token_id)
    except ApiToken.DoesNotExist as missing:
        raise Http404(gettext("No such token.")) from missing
    return _settings_render(request, issued=issued)


@login_required
@never_cache
@csrf_protect
@require_POST
def token_revoke_page(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke a token, once the player confirms: a script using it stops working."""
    if request.POST.get("confirmed") != "yes":
        token = ApiToken.objects.filter(user_id=_player(request).pk, pk=token_id).first()
        if token is None:
            raise Http404(gettext("No such token."))
        return render(request, "accounts/token_revoke_confirm.html", {"token": token})
    try:
        token = api_token_revoke(user=_player(request), token_id=token_id)
    except ApiToken.DoesNotExist as missing:
        raise Http404(gettext("No such token.")) from missing
    messages.success(
        request,
        gettext("Token %(prefix)s… revoked: it no longer works.") % {"prefix": token.prefix},
    )
    return HttpResponseRedirect(reverse("accounts:settings"))
