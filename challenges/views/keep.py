"""Submitting the run a visitor played as a guest, once signed up: the play
page's "keep this run" form posts here. The same service as the API's submit."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from challenges.errors import RunNotFound, ServiceError
from challenges.moderation.services import entry_submit


@login_required
@require_POST
def run_keep(request: HttpRequest, run_id: UUID) -> HttpResponse:
    player = request.user
    assert isinstance(player, User)  # behind login_required
    try:
        entry = entry_submit(run_id=run_id, player_id=player.pk)
    except RunNotFound as missing:
        raise Http404(_("You have no run with this id.")) from missing
    except ServiceError as refusal:
        messages.error(request, refusal.detail)
        return HttpResponseRedirect(reverse("challenges:play"))
    if entry.is_held:
        messages.info(
            request, _("Your run is submitted; it waits for a moderator before it shows.")
        )
    else:
        messages.success(
            request,
            _("Your run of %(score)s points is your entry: here it is on the leaderboard.")
            % {"score": entry.score},
        )
    board = reverse("challenges:leaderboard", args=[entry.challenge_id])
    return HttpResponseRedirect(f"{board}?page=mine#you")
