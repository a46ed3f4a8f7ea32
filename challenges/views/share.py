"""A shared run: its result page (what the card says, the board once the results are
out, a way in to play) and the picture chat apps preview (Open Graph, PNG).

Anyone with the link may see both while the card is public
(``players.sharing.run_card_public``): before ``results_at`` a card reveals no tile;
after, only a live entry's run has one, as in the API.

The picture takes a tenth of a second to draw, so each is drawn once: cached under
the run, the board shown, the language and everything else it shows (its card), with
that as its ``ETag``. A parameter it does not know is refused (400), so no made-up
``?v=N`` gets a fresh drawing or defeats a CDN.
"""

from __future__ import annotations

import hashlib
from uuid import UUID

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from challenges.players.selectors import ShareCard, share_card_public
from challenges.views.share_picture import bonus_words, share_picture_png

# Before the results the picture changes at results_at (the board appears): chat apps
# may keep it a few minutes, no more. After, it never changes.
PICTURE_CACHE_BEFORE_RESULTS = 300
PICTURE_CACHE_AFTER_RESULTS = 86400
# The picture's one parameter: "board=1" once the board is shown, so that a chat app
# that kept the first picture fetches the new one.
PICTURE_QUERY = {"board": {"1"}}


def _card_or_404(run_id: UUID) -> ShareCard:
    card = share_card_public(run_id=run_id)
    if card is None:
        raise Http404("No card to show here.")
    return card


@require_safe
def share_page(request: HttpRequest, run_id: UUID) -> HttpResponse:
    card = _card_or_404(run_id)
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


def _query_known(request: HttpRequest) -> bool:
    return all(
        name in PICTURE_QUERY and set(request.GET.getlist(name)) <= PICTURE_QUERY[name]
        for name in request.GET
    )


@require_safe
def share_image(request: HttpRequest, run_id: UUID) -> HttpResponse:
    if not _query_known(request):
        return HttpResponseBadRequest("Unknown parameter.", content_type="text/plain")
    card = _card_or_404(run_id)
    # Everything the picture shows: the card (its score, par, rank, board...) and the
    # language of its words.
    shown = hashlib.sha256(repr((card, get_language())).encode()).hexdigest()[:32]
    etag = f'"{shown}"'
    seconds = PICTURE_CACHE_AFTER_RESULTS if card.board_revealed else PICTURE_CACHE_BEFORE_RESULTS
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        response = not_modified
    else:
        key = f"share-picture:{card.run_id}:{int(card.board_revealed)}:{get_language()}:{shown}"
        png = cache.get(key)
        if png is None:
            png = share_picture_png(card)
            cache.set(key, png, seconds)
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={seconds}"
    return response
