"""What a batch stores and answers (play/batches.py, play/run_rows.py): a client's junk
as PostgreSQL's jsonb takes it, and the run a batch or a finish hands back."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from challenges.engine import RULESET
from challenges.errors import RunNotFound
from challenges.models import Challenge, Run
from challenges.play import batches as run_batches
from challenges.play.run_rows import moves_storable
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


def test_a_nul_alone_is_found_in_the_json_text_and_replaced() -> None:
    # No lone surrogate beside it: the UTF-8 check alone would let it through.
    assert _stored([{"t": 1, "type": "draw", "tile": "a\x00b"}]) == [
        {"t": 1, "type": "draw", "tile": "a\ufffdb"}
    ]


def test_numbers_json_cannot_hold_are_stored_as_null_and_the_others_kept() -> None:
    assert _stored([{"t": float("nan"), "cell": [1.5, float("-inf")], "rotation": 2}]) == [
        {"t": None, "cell": [1.5, None], "rotation": 2}
    ]


def test_clean_moves_are_stored_as_they_are() -> None:
    moves: list[object] = [{"t": 5, "type": "draw"}, {"t": 9, "type": "place", "tile": "ü"}]
    assert moves_storable(moves) == (json.dumps(moves, ensure_ascii=False), moves)


def _run(challenge: Challenge, player: User | None = None) -> Run:
    started = challenge.opens_at + timedelta(minutes=5)
    return Run.objects.create(
        player=player or UserFactory(), challenge=challenge, started_at=started
    )


def _locked_retry_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    read = run_batches.run_head

    def unlocked_only(**kwargs: Any) -> object:
        assert not kwargs["locked"], "a batch was retried locked"
        return read(**kwargs)

    monkeypatch.setattr(run_batches, "run_head", unlocked_only)


@pytest.mark.django_db
def test_a_batch_and_a_finish_answer_the_run_as_it_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _locked_retry_fails(monkeypatch)
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=6, start_ms=300, step_ms=700)["moves"]
    run = _run(challenge)
    at = run.started_at + timedelta(milliseconds=moves[-1]["t"] + 250)
    ids = {"run_id": run.pk, "player_id": run.player_id}
    played = run_moves_add(**ids, start=0, moves=moves, now=at)
    assert played.run.score is not None and played.run.score > 0
    assert played.received == 6
    # A batch with nothing new still answers the score so far and the moves held.
    again = run_moves_add(**ids, start=6, moves=[], now=at)
    assert (again.run.score, again.received) == (played.run.score, 6)
    # A finish with nothing new keeps the score and says when the run ended.
    end = at + timedelta(seconds=1)
    finished = run_finish(**ids, log={"moves": []}, start=6, now=end).run
    assert (finished.status, finished.score, finished.finished_at) == (
        Run.Status.FINISHED,
        played.run.score,
        end,
    )


@pytest.mark.django_db
def test_a_batch_that_rejects_the_run_answers_the_moves_it_holds() -> None:
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=6, start_ms=300, step_ms=700)["moves"]
    run = _run(challenge)
    bad = {**moves[4], "rotation": 7}
    at = run.started_at + timedelta(milliseconds=moves[-1]["t"] + 250)
    rejected = run_moves_add(
        run_id=run.pk, player_id=run.player_id, start=0, moves=[*moves[:4], bad], now=at
    )
    assert rejected.run.status == Run.Status.REJECTED
    assert rejected.received == 4  # the valid ones


@pytest.mark.django_db
def test_a_finish_at_the_last_moment_of_its_window_is_taken_on_the_first_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _locked_retry_fails(monkeypatch)
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=4, start_ms=300, step_ms=700)["moves"]
    run = _run(challenge)
    window = RULESET.time_limit_ms + RULESET.finish_grace_ms
    at = run.started_at + timedelta(milliseconds=window)
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log={"moves": moves}, start=0, now=at
    ).run
    assert finished.status == Run.Status.FINISHED and finished.finished_at == at


@pytest.mark.django_db
def test_a_batch_to_another_players_run_is_refused_in_the_players_language() -> None:
    challenge = ChallengeFactory()
    run = _run(challenge)
    moves = challenge_log(challenge, moves=2, start_ms=300, step_ms=700)["moves"]
    stranger = UserFactory()
    with translation.override("fr"), pytest.raises(RunNotFound) as refused:
        run_moves_add(
            run_id=run.pk, player_id=stranger.pk, start=0, moves=moves, now=run.started_at
        )
    assert refused.value.detail == "Vous n'avez pas de partie avec cet identifiant."


@pytest.mark.django_db
def test_moves_sent_at_the_runs_first_moment_arrive_at_0_ms() -> None:
    challenge = ChallengeFactory()
    run = _run(challenge)
    played = run_moves_add(
        run_id=run.pk,
        player_id=run.player_id,
        start=0,
        moves=[{"t": 0, "type": "draw"}],
        now=run.started_at,
    )
    assert played.received == 1
    assert Run.objects.get(pk=run.pk).arrivals == [0]
