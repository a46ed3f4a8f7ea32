"""What the batch path stores and answers (play/batches.py): a client's junk as PostgreSQL's
jsonb takes it, and the run a batch or a finish hands back."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from challenges.models import Run
from challenges.play.batches import moves_replayed, moves_storable
from challenges.play.services import run_finish, run_moves_add
from tests.factories import ChallengeFactory, UserFactory, challenge_log


def _stored(moves: list[object]) -> list[object]:
    text, values = moves_storable(moves)
    text.encode("utf-8")  # PostgreSQL takes only UTF-8, without NUL
    assert "\x00" not in text and "\\u0000" not in text
    assert json.loads(text) == values
    return values


def test_a_lone_surrogate_is_stored_as_a_question_mark() -> None:
    assert _stored([{"t": 1, "type": "place", "tile": "\ud800"}]) == [
        {"t": 1, "type": "place", "tile": "?"}
    ]


def test_a_nul_is_stored_as_the_replacement_character_and_the_rest_kept() -> None:
    assert _stored([{"t": 1, "type": "x\x00y\ud800", "é": "ü"}]) == [
        {"t": 1, "type": "x\ufffdy?", "é": "ü"}
    ]


def test_numbers_json_cannot_hold_are_stored_as_null_and_the_others_kept() -> None:
    assert _stored([{"t": float("nan"), "cell": [1.5, float("-inf")], "rotation": 2}]) == [
        {"t": None, "cell": [1.5, None], "rotation": 2}
    ]


def test_clean_moves_are_stored_as_they_are() -> None:
    moves: list[object] = [{"t": 5, "type": "draw"}, {"t": 9, "type": "place", "tile": "ü"}]
    assert moves_storable(moves) == (json.dumps(moves, ensure_ascii=False), moves)


@pytest.mark.django_db
def test_a_batch_and_a_finish_answer_the_run_as_it_stands() -> None:
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=6, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    at = started + timedelta(milliseconds=moves[2]["t"] + 250)
    played = run_moves_add(run=run, start=0, moves=moves[:3], now=at)
    assert played.score is not None and played.score > 0
    # A batch with nothing new still answers the score so far.
    again = run_moves_add(run=run, start=3, moves=[], now=at)
    assert (again.score, again.received) == (played.score, 3)  # type: ignore[attr-defined]
    end = started + timedelta(milliseconds=moves[-1]["t"] + 250)
    finished = run_finish(run=run, log={"moves": moves[3:]}, start=3, now=end)
    assert (finished.status, finished.finished_at) == (Run.Status.FINISHED, end)


@pytest.mark.django_db
def test_moves_sent_at_the_runs_first_moment_arrive_at_0_ms() -> None:
    challenge = ChallengeFactory()
    started = challenge.opens_at + timedelta(minutes=5)
    replayed = moves_replayed(
        tray=challenge.tray, well=challenge.well, position=None, held=0,
        new=[{"t": 0, "type": "draw"}], started_at=started, now=started,
        rules_version=challenge.rules_version,
    )  # fmt: skip
    assert (replayed.taken, replayed.arrival_ms) == (1, 0)
