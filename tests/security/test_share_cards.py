"""Share cards: only what the API shows anyone, each picture drawn once (cached with an
ETag, unknown parameters refused), every script drawn with a real glyph."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from challenges.models import Entry
from challenges.moderation.entries import entry_submit
from challenges.views import share
from challenges.views.share_picture import glyphs_missing
from tests.factories import ChallengeFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db


def _after_results(monkeypatch: pytest.MonkeyPatch, challenge: Any) -> None:
    later = challenge.results_at + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)


def _codes(run: Any) -> tuple[int, int]:
    page = Client().get(reverse("challenges:share", args=[run.pk]))
    picture = Client().get(reverse("challenges:share-image", args=[run.pk]) + "?board=1")
    return page.status_code, picture.status_code


@pytest.mark.parametrize("kept", ["unsubmitted", "held", "void"])
def test_after_the_results_a_run_the_api_hides_has_no_card(
    monkeypatch: pytest.MonkeyPatch, kept: str
) -> None:
    challenge = ChallengeFactory()
    run = RunFactory(challenge=challenge, finished=True)
    if kept != "unsubmitted":
        entry = entry_submit(run_id=run.pk, player_id=run.player_id)
        Entry.objects.filter(pk=entry.pk).update(status=kept)
    assert _codes(run) == (200, 200), "before the results: a card without the board"
    _after_results(monkeypatch, challenge)
    assert _codes(run) == (404, 404)


def test_after_the_results_a_live_entrys_card_is_public(monkeypatch: pytest.MonkeyPatch) -> None:
    challenge = ChallengeFactory()
    run = RunFactory(challenge=challenge, finished=True)
    entry_submit(run_id=run.pk, player_id=run.player_id)
    _after_results(monkeypatch, challenge)
    assert _codes(run) == (200, 200)


def test_a_picture_refuses_parameters_it_does_not_know() -> None:
    run = RunFactory(challenge=ChallengeFactory(), finished=True)
    url = reverse("challenges:share-image", args=[run.pk])
    assert Client().get(url + "?board=1&v=7").status_code == 400
    assert Client().get(url + "?board=2").status_code == 400
    assert Client().get(url + "?board=1").status_code == 200


def test_a_picture_is_drawn_once_per_language_and_answers_its_etag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[object] = []
    real = share.share_picture_png

    def counted(card: Any) -> bytes:
        drawn.append(card)
        return real(card)

    monkeypatch.setattr(share, "share_picture_png", counted)
    run = RunFactory(challenge=ChallengeFactory(), finished=True)
    url = reverse("challenges:share-image", args=[run.pk])
    first = Client().get(url)
    again = Client().get(url)
    assert len(drawn) == 1 and first.content == again.content
    etag = first["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    french = Client().get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert len(drawn) == 2 and french["ETag"] != etag


def test_every_script_of_a_name_draws_real_glyphs() -> None:
    words = "montré Brücken zoë Ελένη Борис דנה سارة 山田太郎 やまだ カタカナ"
    assert glyphs_missing(words) == []
    assert glyphs_missing("\U0010fffd") == ["\U0010fffd"], "the check itself sees a box"


def test_a_card_with_a_hebrew_and_a_long_name_still_draws() -> None:
    for name in ["דנה_כהן", "山田太郎", "w" * 30]:
        run = RunFactory(
            challenge=ChallengeFactory(), finished=True, player=UserFactory(username=name)
        )
        picture = Client().get(reverse("challenges:share-image", args=[run.pk]))
        assert picture.status_code == 200
        assert Image.open(io.BytesIO(picture.content)).size == (1200, 630)
