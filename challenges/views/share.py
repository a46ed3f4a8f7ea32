"""A shared run: its result page (what the card says, the board once the results are
out, a way in to play) and the picture chat apps preview (Open Graph, PNG).

Anyone with the link may see both: a card reveals no tile before ``results_at``
(py decides what it shows), so a shared link is safe while the challenge runs.
"""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from challenges.models import Run
from challenges.players.selectors import ShareCard, run_shareable, share_card
from challenges.views.share_picture import bonus_words, share_picture_png

# Before the results the picture changes at results_at (the board appears): chat apps
# may keep it a few minutes, no more. After, it never changes.
PICTURE_CACHE_BEFORE_RESULTS = 300
PICTURE_CACHE_AFTER_RESULTS = 86400


def _card_or_404(run_id: UUID) -> ShareCard:
    run = get_object_or_404(Run.objects.select_related("challenge", "player"), pk=run_id)
    if not run_shareable(run):
        raise Http404("Only a finished, valid run can be shared.")
    return share_card(run=run)


@require_safe
def share_page(request: HttpRequest, run_id: UUID) -> HttpResponse:
    card = _card_or_404(run_id)
    # The picture's address changes when the board is revealed, so a chat app that
    # cached the first one fetches the new one.
    picture = reverse("challenges:share-image", args=[run_id])
    if card.board_revealed:
        picture += "?board=1"
    context = {
        "card": card,
        "bonus_words": bonus_words(card),
        "page_url": request.build_absolute_uri(),
        "picture_url": request.build_absolute_uri(picture),
        "picture": picture,
    }
    return render(request, "challenges/share.html", context)


@require_safe
def share_image(request: HttpRequest, run_id: UUID) -> HttpResponse:
    card = _card_or_404(run_id)
    response = HttpResponse(share_picture_png(card), content_type="image/png")
    seconds = PICTURE_CACHE_AFTER_RESULTS if card.board_revealed else PICTURE_CACHE_BEFORE_RESULTS
    response["Cache-Control"] = f"public, max-age={seconds}"
    return response
