"""Issue 12's languages on the server: the reader's language (the switcher's cookie, else
Accept-Language), the footer's switcher, the JavaScript catalog, dates in the
language's format, and the API's `detail` translated while its `code` stays English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, submitted_run
from tests.languages import LANGUAGES, TRANSLATED

pytestmark = pytest.mark.django_db


def _lang(response: Any) -> str:
    match = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert match is not None
    return match.group(1)


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "fr"),
        ("nl-BE,nl;q=0.9", "nl"),
        ("de-AT", "de"),
        ("es-ES,es;q=0.9", "en"),  # not one of ours: English
        ("", "en"),
    ],
)
def test_the_browser_language_is_the_default(
    challenge: Challenge, accept: str, language: str
) -> None:
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 200
    assert _lang(response) == language
    assert response["Content-Language"] == language
    assert "Accept-Language" in response["Vary"]


def test_the_page_speaks_the_language(challenge: Challenge) -> None:
    play = reverse("challenges:play")
    text = {
        language: Client().get(play, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for language in LANGUAGES
    }
    # The intro's title, its numbers from the ruleset and its words from the catalog.
    assert "9 tiles, 2 minutes" in text["en"]
    assert "9 pièces, 2 minutes" in text["fr"]
    assert "9 stenen, 2 minuten" in text["nl"]
    assert "9 Steine, 2 Minuten" in text["de"]
    for language in TRANSLATED:
        assert "9 tiles, 2 minutes" not in text[language]


def test_the_schedule_and_the_game_are_said_with_their_numbers(challenge: Challenge) -> None:
    """The slot length, the opening times and the game's numbers come from the schedule
    and the ruleset into each language's sentence (the list's "and" translated too)."""
    footers = {
        "en": "A new challenge every 8 hours: 00:00, 08:00 and 16:00 UTC.",
        "fr": "Un nouveau défi toutes les 8 heures : 00:00, 08:00 et 16:00 UTC.",
        "nl": "Elke 8 uur een nieuwe uitdaging: 00:00, 08:00 en 16:00 UTC.",
        "de": "Alle 8 Stunden eine neue Herausforderung: 00:00, 08:00 und 16:00 UTC.",
    }
    for language, footer in footers.items():
        assert footer in Client().get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    day = f"/challenges/{challenge.pk}/?board=day"
    assert "Les 3 défis du jour (00:00, 08:00 et 16:00 UTC)" in (
        Client().get(day, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    kind = Challenge._meta.get_field("ruleset")
    well = Challenge._meta.get_field("well")
    with translation.override("en"):
        assert str(dict(kind.choices or [])["challenge"]) == "Challenge (single player, 2 minutes)"
        assert str(well.help_text) == "The other 47 tile ids, in drawing order."
    with translation.override("de"):
        assert str(dict(kind.choices or [])["challenge"]) == (
            "Herausforderung (ein Spieler, 2 Minuten)"
        )
        assert str(well.help_text).startswith("Die Nummern der anderen 47 Steine")


def test_the_footer_switcher_lists_every_language_and_posts_to_set_language(
    challenge: Challenge,
) -> None:
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    form = re.search(r'<form class="language-form" action="([^"]+)" method="post">', page)
    assert form is not None and form.group(1) == "/i18n/setlang/"
    options = re.findall(r'<option value="(\w+)" lang="\w+"( selected)?>([^<]+)</option>', page)
    assert [(code, name) for code, _, name in options] == list(settings.LANGUAGES)
    assert [code for code, selected, _ in options if selected] == ["nl"]
    assert 'name="csrfmiddlewaretoken"' in page


def test_the_chosen_language_is_remembered_over_the_browsers(challenge: Challenge) -> None:
    client = Client(enforce_csrf_checks=False)
    answer = client.post(
        "/i18n/setlang/",
        {"language": "de"},
        HTTP_REFERER="http://testserver/challenges/?page=2",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert answer.status_code == 302
    assert answer["Location"].endswith("/challenges/?page=2")  # back where the reader was
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de"
    assert int(cookie["max-age"]) >= 365 * 24 * 3600 - 1
    # Later visits are German whatever the browser asks for.
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"
    assert _lang(client.get("/challenges/", HTTP_ACCEPT_LANGUAGE="nl")) == "de"


def test_the_switcher_refuses_a_language_we_do_not_have(challenge: Challenge) -> None:
    client = Client()
    client.post("/i18n/setlang/", {"language": "es"})
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="")) == "en"


def test_the_javascript_catalog_is_a_script_of_the_language(challenge: Challenge) -> None:
    # The home page loads its own words only (tests/pages/test_home_bytes.py).
    for path, catalog in (("/challenges/", "/jsi18n/"), ("/", "/jsi18n/home/")):
        page = Client().get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        scripts = re.findall(r"<script([^>]*)>", page)
        assert f' src="{catalog}"' in scripts  # a file before the modules: no inline script
        assert scripts.index(f' src="{catalog}"') < scripts.index(
            ' type="module" src="/static/challenges/pages/site.js"'
        )
    german = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200
    assert german["Content-Type"].startswith("text/javascript")
    body = german.content.decode()
    assert "Die Zeit ist um!" in body  # words.js's "Time's up!"
    assert "n != 1" in body  # German plurals
    french = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Temps \\u00e9coul\\u00e9 !" in french or "Temps écoulé !" in french
    assert "n > 1" in french  # French: 0 is singular
    assert "Content-Security-Policy" in german  # the site's policy still applies


def test_dates_follow_the_language(challenge: Challenge) -> None:
    closed = ChallengeFactory(number=challenge.number - 3)
    path = f"/challenges/{closed.pk}/"
    english = Client().get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = Client().get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    month = closed.opens_at.month
    en_month = ["Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.",
                "Nov.", "Dec."][month - 1]  # fmt: skip
    de_month = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                "September", "Oktober", "November", "Dezember"][month - 1]  # fmt: skip
    assert en_month in english
    assert f"{closed.opens_at.day}. {de_month} {closed.opens_at.year}" in german


# --- the API: the detail in the reader's language, the code unchanged -----------------


def _details(call: Any) -> dict[str, tuple[int, str, str]]:
    answers = {}
    for language in LANGUAGES:
        response = call(language)
        body = response.json()
        answers[language] = (response.status_code, body["code"], body["detail"])
    return answers


def _same_code_translated(answers: dict[str, tuple[int, str, str]], code: str) -> None:
    assert {status for status, _, _ in answers.values()} == {answers["en"][0]}
    assert {found for _, found, _ in answers.values()} == {code}
    details = [detail for _, _, detail in answers.values()]
    assert len(set(details)) == len(LANGUAGES), details


def test_an_api_404_detail_is_translated_with_the_same_code(api_client: APIClient) -> None:
    answers = _details(
        lambda language: api_client.get("/api/challenges/999999/", HTTP_ACCEPT_LANGUAGE=language)
    )
    _same_code_translated(answers, "not_found")
    assert answers["en"][2] == "There is no challenge #999999."
    assert answers["fr"][2] == "Il n'y a pas de défi n° 999999."
    assert answers["nl"][2] == "Er is geen uitdaging #999999."
    assert answers["de"][2] == "Es gibt keine Herausforderung #999999."


def test_a_service_refusal_detail_is_translated_with_the_same_code(
    player_client: APIClient, challenge: Challenge
) -> None:
    closed = ChallengeFactory(number=challenge.number - 1)
    answers = _details(
        lambda language: player_client.post(
            f"/api/challenges/{closed.pk}/runs/", HTTP_ACCEPT_LANGUAGE=language
        )
    )
    _same_code_translated(answers, "challenge_not_open")
    assert answers["fr"][2].startswith(f"Le défi n° {closed.number} a fermé à ")
    assert answers["de"][2].startswith(f"Herausforderung #{closed.number} wurde um ")


def test_a_default_service_detail_is_translated(player: Any, challenge: Challenge) -> None:
    submitted_run(challenge, player=player)
    again = RunFactory(player=player, challenge=challenge, finished=True)
    client = APIClient()
    client.force_authenticate(player)
    answers = _details(
        lambda language: client.post(f"/api/runs/{again.pk}/submit/", HTTP_ACCEPT_LANGUAGE=language)
    )
    _same_code_translated(answers, "already_submitted")
    assert answers["nl"][2] == "Je hebt al een spel ingediend voor deze uitdaging."


def test_throttled_detail_counts_in_the_language(api_client: APIClient) -> None:
    from challenges.api.errors import _throttled_detail

    with translation.override("fr"):
        assert _throttled_detail(1.2) == "Trop de requêtes ; réessayez dans 1 seconde."
        assert _throttled_detail(30) == "Trop de requêtes ; réessayez dans 30 secondes."
    with translation.override("de"):
        assert _throttled_detail(1) == "Zu viele Anfragen; versuche es in 1 Sekunde erneut."


def test_the_api_404_of_an_unknown_path_is_translated(api_client: APIClient) -> None:
    answers = _details(
        lambda language: api_client.get("/api/nothing-here", HTTP_ACCEPT_LANGUAGE=language)
    )
    _same_code_translated(answers, "not_found")
    assert answers["nl"][2].startswith("Geen API-eindpunt op /api/nothing-here.")


def test_a_login_refusal_is_translated_in_the_form(challenge: Challenge) -> None:
    UserFactory(username="known")
    page = Client().post(
        "/accounts/login/",
        {"username": "known", "password": "wrong-password-1"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    text = page.content.decode()
    assert _lang(page) == "de"
    assert "Melde dich an, um die heutige Herausforderung zu spielen" in text
    # Django's own form error, in German by Django's catalog.
    assert "und Passwort eingeben. Beide Felder berücksichtigen" in text


def test_the_admin_speaks_the_language(admin_client: Client) -> None:
    entry = EntryFactory(challenge=ChallengeFactory())
    page = admin_client.get("/admin/challenges/entry/", HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert page.status_code == 200
    assert entry.player.username in text
    assert "Invalider les participations choisies" in text  # ours: the action
    assert "Site d\u2019administration" in text  # Django's own


def test_a_streak_calendar_is_in_the_language(challenge: Challenge) -> None:
    player = UserFactory(username="walker")
    submitted_run(challenge, player=player)
    page = Client().get("/players/walker/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Gespeelde dagen dit jaar" in page
    assert "Score per uitdaging" in page


def test_cached_parts_of_a_page_keep_their_language(challenge: Challenge) -> None:
    """The leaderboard's and the player page's cached fragments are per language: an
    English read first does not serve English to the next French reader."""
    player = UserFactory(username="cached")
    submitted_run(challenge, player=player)
    for path, english, french in [
        (f"/challenges/{challenge.pk}/", "How everyone scored", "Les scores de tous"),
        ("/players/cached/", "Days played over the last year", "Jours joués sur la dernière"),
    ]:
        assert english in Client().get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        page = Client().get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert french in page
        assert english not in page
