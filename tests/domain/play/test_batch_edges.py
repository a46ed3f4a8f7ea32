"""A run's moves at their edges: the longest run there is, sent in batches; rows whose
stored position cannot carry the pace rule on; and a run that is never retried locked.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from challenges.models import Challenge, Run
from challenges.play import batches as run_batches
from challenges.play.services import run_finish, run_moves_add
from tests.domain.play.test_batches import _always_retried, _paced, _play
from tests.engine.players import clearing_run
from tests.factories import ChallengeFactory, UserFactory, challenge_log

pytestmark = pytest.mark.django_db


def _cleared_challenge() -> tuple[Challenge, list[dict[str, Any]]]:
    """A challenge and a run of it placing all 56 tiles: 103 moves, a second apart."""
    recorded = clearing_run(3)
    challenge = ChallengeFactory(tray=recorded.tray, well=recorded.well)
    moves = [
        {**move, "t": 500 + 1000 * index}
        for index, move in enumerate(recorded.log()["moves"])  # type: ignore[arg-type]
    ]
    assert len(moves) == 103
    return challenge, moves


def test_a_run_of_103_moves_sent_in_batches_keeps_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last batch holds moves 101 to 103 and a 104th: all 103 are stored and the
    104th rejects the run, on the first try as on the locked retry."""
    challenge, moves = _cleared_challenge()
    extra = {"t": moves[-1]["t"] + 500, "type": "draw"}
    batches = _paced(moves[:100], size=5)
    batches.append((100, [*moves[100:], extra], extra["t"] + 250))

    fast = _play(challenge, UserFactory(), batches, None)
    with monkeypatch.context() as patched:
        patched.setattr(run_batches, "_moves_taken", _always_retried(run_batches._moves_taken))
        retried = _play(challenge, UserFactory(), batches, None)
    assert fast == retried
    before_last, last = fast[-2], fast[-1]
    assert before_last["status"] == Run.Status.STARTED
    assert len(before_last["log"]["moves"]) == 100  # type: ignore[index]
    assert last["status"] == Run.Status.REJECTED
    assert last["error"]["move"] == 103  # type: ignore[index]
    assert last["log"]["moves"][:103] == moves  # type: ignore[index]
    assert len(last["move_results"]) == len(last["arrivals"]) == 103  # type: ignore[arg-type]
    assert last["move_results"][-1]["points"] >= 25  # type: ignore[index]


def test_a_cleared_run_in_batches_finishes_with_its_clear_bonus() -> None:
    challenge, moves = _cleared_challenge()
    rows = _play(
        challenge, UserFactory(), _paced(moves[:99], size=3), (99, moves[99:], moves[-1]["t"] + 250)
    )
    finished, answer = rows[-2], rows[-1]
    assert finished["status"] == Run.Status.FINISHED and finished["ineligible"] is None
    assert answer["received"] == 103
    assert finished["score"] == sum(result["points"] for result in answer["moves"])  # type: ignore[union-attr]


def _stored_then_batch(
    *, position: Callable[[dict[str, Any]], object], hasty: bool
) -> tuple[Run, list[dict[str, Any]]]:
    """Moves stored by batches; the row's position then replaced by ``position`` of it
    (a row written before positions, or before they carried the last placement); then
    a batch opening with a placement 150 ms after the one before if ``hasty``."""
    challenge, moves = _cleared_challenge()
    # The batch opens with a placement that follows a placement.
    cut = next(i for i in range(2, 103) if moves[i - 1]["type"] == moves[i]["type"] == "place")
    moves = moves[: cut + 6]
    if hasty:
        for later in moves[cut:]:
            later["t"] -= 850  # 150 ms after the placement before, not 1000
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    for start, batch, sent in _paced(moves[:cut]):
        run_moves_add(
            run_id=run.pk,
            player_id=run.player_id,
            start=start,
            moves=batch,
            now=started + timedelta(milliseconds=sent),
        )
    stored = Run.objects.get(pk=run.pk).position
    assert stored is not None
    Run.objects.filter(pk=run.pk).update(position=position(stored))
    at = started + timedelta(milliseconds=moves[-1]["t"] + 250)
    run_moves_add(run_id=run.pk, player_id=run.player_id, start=cut, moves=moves[cut:], now=at)
    return Run.objects.get(pk=run.pk), moves


def test_a_row_with_moves_but_no_stored_position_is_replayed_whole() -> None:
    run, moves = _stored_then_batch(position=lambda stored: None, hasty=False)
    assert run.status == Run.Status.STARTED and run.error is None
    assert run.log == {"moves": moves}
    assert len(run.move_results) == len(run.arrivals) == len(moves)
    assert run.score == sum(result["points"] for result in run.move_results)
    assert run.position is not None and run.position[run_batches.LAST_PLACEMENT] is not None


def test_a_position_without_the_last_placement_still_finds_a_fast_placement() -> None:
    """A position that does not carry the last placement is replayed from the held
    moves, which say where the last placement was."""

    def without_last(stored: dict[str, Any]) -> object:
        return {key: value for key, value in stored.items() if key != run_batches.LAST_PLACEMENT}

    run, _ = _stored_then_batch(position=without_last, hasty=True)
    assert run.ineligible is not None and run.ineligible["code"] == "too_fast"
    assert "150 ms after the placement before it" in run.ineligible["detail"]


def test_a_run_played_in_order_is_never_retried_locked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On SQLite as on PostgreSQL: batches in order and the finish are all written on
    their first try (a locked read, here made to fail, is the retry's), and the pace
    rule holds across batches."""
    read = run_batches.run_head

    def unlocked_only(**kwargs: Any) -> object:
        assert not kwargs["locked"], "a batch was retried locked"
        return read(**kwargs)

    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=15, start_ms=300, step_ms=700)["moves"]
    places = [i for i, move in enumerate(moves) if move["type"] == "place"]
    moves[places[5]]["t"] = moves[places[4]]["t"] + 199
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    monkeypatch.setattr(run_batches, "run_head", unlocked_only)
    cut = places[5]  # the hasty placement opens a batch
    for start, batch in ((0, moves[:cut]), (cut, moves[cut:12])):
        at = started + timedelta(milliseconds=batch[-1]["t"] + 250)
        run_moves_add(run_id=run.pk, player_id=run.player_id, start=start, moves=batch, now=at)
    at = started + timedelta(milliseconds=moves[-1]["t"] + 250)
    finished = run_finish(
        run_id=run.pk, player_id=run.player_id, log={"moves": moves[12:]}, start=12, now=at
    ).run
    assert finished.status == Run.Status.FINISHED
    assert finished.ineligible == {
        "move": places[5],
        "code": "too_fast",
        "detail": f"move {places[5] + 1} was placed 199 ms after the placement before it "
        f"(move {places[4] + 1}); placements are at least 200 ms apart",
        "gap_ms": 199,
        "previous_move": places[4],
        "floor_ms": 200,
    }
