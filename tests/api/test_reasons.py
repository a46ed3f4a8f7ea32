"""The server's reasons reach a player as codes with their figures, and every `detail`
the server words is in the reader's language: why a run is practice (finish, batches,
submit), why a run was rejected, a voided entry; and the analysis frames a run's score
against the board (median, the share it beats).

Each language's sentences are checked for English left: the words of the English
sentence must not be in the French or German one.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from challenges.engine import RULESET
from challenges.models import Challenge, Run
from tests.factories import EntryFactory, challenge_log
from tests.playing import ServerClock

pytestmark = pytest.mark.django_db

ENGLISH = ("reached", "server", "move ", "placed", "apart", "within", "rejected", "tray")


def _start(api: APIClient, challenge: Challenge) -> str:
    response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 201, response.json()
    return str(response.json()["id"])


def _no_english(text: str) -> None:
    left = [word for word in ENGLISH if word in text]
    assert not left, f"English left in {text!r}: {left}"


def test_a_run_sent_late_says_why_by_code_and_figures_in_the_readers_language(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = challenge_log(challenge, moves=6, start_ms=1800, step_ms=1100)
    server_clock.advance(ms=30_000)
    body = player_client.post(
        f"/api/runs/{run_id}/finish/", log, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    ).json()
    assert (body["valid"], body["eligible"]) == (True, False)
    reason = body["ineligible"]
    # The first move, at 1.8 s, arrived at 30 s: its figures, whatever the language.
    assert {k: v for k, v in reason.items() if k != "detail"} == {
        "move": 0,
        "code": "not_witnessed",
        "t_ms": 1800,
        "late_ms": 30_000 - 1800,
        "window_ms": RULESET.witness_window_ms,
    }
    assert reason["detail"] == (
        "le coup 1 (à 1,8 secondes de partie) est arrivé au serveur 28,2 secondes plus tard ; "
        "un coup doit arriver en moins de 10 secondes"
    )
    # The record keeps the engine's English; the run's own answer says it in German.
    assert "reached the server" in Run.objects.get(pk=run_id).ineligible["detail"]
    german = player_client.get(f"/api/runs/{run_id}/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["ineligible"]["late_ms"] == 28_200
    assert german["ineligible"]["detail"].startswith("Zug 1 (bei 1,8 Sekunden in der Runde)")

    refused = player_client.post(f"/api/runs/{run_id}/submit/", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 400
    answer = refused.json()
    assert answer["code"] == "not_witnessed"
    assert answer["ineligible"] == {**reason, "detail": german["ineligible"]["detail"]}
    assert answer["detail"].startswith("Diese Runde kann nicht in die Rangliste:")
    _no_english(answer["detail"])


def test_a_run_placed_too_fast_says_the_gap_the_placement_before_and_the_floor(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = challenge_log(challenge, moves=20, start_ms=0, step_ms=0)
    body = player_client.post(
        f"/api/runs/{run_id}/finish/", log, format="json", HTTP_ACCEPT_LANGUAGE="nl"
    ).json()
    reason = body["ineligible"]
    places = [i for i, move in enumerate(log["moves"]) if move["type"] == "place"]
    assert {k: v for k, v in reason.items() if k != "detail"} == {
        "move": places[1],
        "code": "too_fast",
        "gap_ms": 0,
        "previous_move": places[0],
        "floor_ms": RULESET.pace_floor_ms,
    }
    assert reason["detail"] == (
        f"zet {places[1] + 1} werd 0 ms na zet {places[0] + 1} gelegd; tussen twee stenen zit "
        f"minstens {RULESET.pace_floor_ms} ms"
    )


def test_a_rejected_run_is_told_in_the_readers_words_from_its_code(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)
    log = challenge_log(challenge, moves=3, start_ms=0, step_ms=1)
    log["moves"].append({**log["moves"][0], "t": 10})  # the first tile, once more
    response = player_client.post(
        f"/api/runs/{run_id}/finish/", log, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 422
    body = response.json()
    assert (body["code"], body["error"]["code"], body["error"]["move"]) == (
        "tile_not_in_tray",
        "tile_not_in_tray",
        3,
    )
    assert body["error"]["detail"] == "cette pièce n'est pas sur le support"
    assert body["detail"] == "Partie refusée au coup 4 : cette pièce n'est pas sur le support."
    bad_log = player_client.post(
        f"/api/runs/{_start(player_client, challenge)}/finish/",
        [],
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    ).json()
    assert bad_log["detail"] == "Runde abgelehnt: das Gesendete ist kein Rundenprotokoll."


def test_the_analysis_frames_the_score_against_the_other_entries(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    run_id = _start(player_client, challenge)
    log = challenge_log(challenge, moves=4, start_ms=1800, step_ms=1100)
    server_clock.advance(ms=6000)
    finished = player_client.post(f"/api/runs/{run_id}/finish/", log, format="json").json()
    score = finished["score"]
    analysis = f"/api/runs/{run_id}/analysis/"
    assert player_client.get(analysis).json()["field"] is None, "nobody to compare with yet"

    for other in (score - 50, score - 1, score, score + 1, score + 99):
        EntryFactory(challenge=challenge, score=other)
    # Two of five score less; the middle one is the run's own score.
    assert player_client.get(analysis).json()["field"] == {
        "entries": 5,
        "median": float(score),
        "better_than": 40,
    }

    # Once the run is the player's entry, it is set against the others only.
    submitted = player_client.post(f"/api/runs/{run_id}/submit/")
    assert (submitted.status_code, submitted.json()["status"]) == (201, "live")
    assert player_client.get(analysis).json()["field"] == {
        "entries": 5,
        "median": float(score),
        "better_than": 40,
    }


def test_a_malformed_batch_is_refused_in_the_readers_language(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)
    url = f"/api/runs/{run_id}/moves/"
    no_from = player_client.post(url, {"moves": []}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert no_from.status_code == 400
    assert "est requis : l'indice du premier coup envoyé." in no_from.json()["detail"]
    negative = player_client.post(
        url, {"from": -1, "moves": []}, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "muss eine ganze Zahl ab 0 sein, nicht -1." in negative.json()["detail"]
    page = player_client.get(
        f"/api/challenges/{challenge.pk}/leaderboard/?page=x", HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert "moet een geheel getal vanaf 1 zijn, niet 'x'." in page.json()["detail"]
