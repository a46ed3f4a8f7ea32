"""A batch's ``from`` is a JSON number with a whole value from 0 up, however it is
written (the schema says integer, and JSON has one kind of number); anything else is a
400 whose message shows the value whole."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Run
from tests.factories import challenge_log
from tests.playing import ServerClock

pytestmark = pytest.mark.django_db


def _start(api: APIClient, challenge: Challenge) -> str:
    response = api.post(f"/api/challenges/{challenge.pk}/runs/")
    assert response.status_code == 201, response.json()
    return str(response.json()["id"])


def _batch(api: APIClient, run_id: str, raw_from: str, moves: str = "[]", **headers: Any) -> Any:
    body = f'{{"from": {raw_from}, "moves": {moves}}}'
    return api.post(f"/api/runs/{run_id}/moves/", body, content_type="application/json", **headers)


@pytest.mark.parametrize(
    ("written", "status"),
    [
        # Beyond the moves held, however it is written: a gap, the usual 409.
        ("6.045781628569004e+20", 409),
        ("1e21", 409),
        ("123456789012345678901234", 409),
        # Zero with a fraction or an exponent is zero.
        ("0.0", 200),
        ("0e5", 200),
        ("-0.0", 200),
    ],
)
def test_a_whole_number_is_an_index_however_it_is_written(
    player_client: APIClient, challenge: Challenge, written: str, status: int
) -> None:
    run_id = _start(player_client, challenge)
    response = _batch(player_client, run_id, written)
    assert response.status_code == status, response.content
    assert response.json()["received"] == 0
    if status == 409:
        assert response.json()["code"] == "moves_conflict"
    assert Run.objects.get(pk=run_id).status == Run.Status.STARTED


def test_a_batch_from_an_exponent_index_takes_its_moves(
    player_client: APIClient, challenge: Challenge, server_clock: ServerClock
) -> None:
    import json

    run_id = _start(player_client, challenge)
    moves = challenge_log(challenge, moves=4, start_ms=1800, step_ms=1100)["moves"]
    server_clock.advance(ms=moves[3]["t"] + 300)
    assert _batch(player_client, run_id, "0", json.dumps(moves[:2])).status_code == 200
    response = _batch(player_client, run_id, "2e0", json.dumps(moves[2:]))
    assert response.status_code == 200, response.content
    assert response.json()["received"] == 4


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("-6.045781628569004e+20", "-6.045781628569004e+20"),
        ("-12345678901234567890", "-1.2345678901234567e+19"),
        ("1.5", "1.5"),
        ("-1", "-1"),
        ("true", "true"),
        ("null", "null"),
    ],
)
def test_a_value_out_of_range_or_not_whole_is_a_400_that_shows_it_whole(
    player_client: APIClient, challenge: Challenge, written: str, shown: str
) -> None:
    run_id = _start(player_client, challenge)
    response = _batch(player_client, run_id, written)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert body["detail"] == f"from: must be a whole number from 0 up, not {shown}."
    assert Run.objects.get(pk=run_id).status == Run.Status.STARTED


def test_text_is_refused_by_its_kind_and_in_the_reader_s_language(
    player_client: APIClient, challenge: Challenge
) -> None:
    run_id = _start(player_client, challenge)
    response = _batch(player_client, run_id, '"' + "9" * 500 + '"', HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "9999" not in response.json()["detail"]
    assert response.json()["detail"].startswith("from: ")
    refused = _batch(player_client, run_id, "-6.045781628569004e+20", HTTP_ACCEPT_LANGUAGE="de")
    assert "nicht -6.045781628569004e+20." in refused.json()["detail"]
