"""A run's moves (challenges/play/batches.py): the first try against the locked retry.

A batch reads the run's head without a lock and appends its moves only if the run is
still as read; when another request came between, the same path runs again with the
row locked. Both must leave the same run: the same log, arrivals, results, score,
eligibility, status and position. Each scenario is played twice, once as the server
plays it and once with every first try made to find the run changed, and the rows
compared after every batch.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.errors import MovesConflict, RunAlreadyFinished, RunDeadlinePassed
from challenges.models import Challenge, Run
from challenges.play import batches as run_batches
from challenges.play import run_rows
from challenges.play.services import run_finish, run_moves_add
from tests.factories import ChallengeFactory, UserFactory, challenge_log

pytestmark = pytest.mark.django_db

_COMPARED = ("log", "arrivals", "move_results", "score", "status", "error", "ineligible",
             "position", "finished_at")  # fmt: skip

# (from, moves, sent at ms after the run's start); "finish" sends the rest with finish.
Batch = tuple[int, list[dict[str, Any]], int]


def _play(
    challenge: Challenge, player: User, batches: list[Batch], finish: Batch | None
) -> list[dict[str, object]]:
    """Play the batches on a new run; the run's row after each one."""
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=player, challenge=challenge, started_at=started)
    rows = []
    for start, moves, sent_ms in batches:
        now = started + timedelta(milliseconds=sent_ms)
        try:
            run_moves_add(run_id=run.pk, player_id=run.player_id, start=start, moves=moves, now=now)
        except (MovesConflict, RunDeadlinePassed) as refused:
            rows.append({"refused": type(refused).__name__})
        rows.append(_row(run))
    if finish is not None:
        start, moves, sent_ms = finish
        now = started + timedelta(milliseconds=sent_ms)
        try:
            finished = run_finish(
                run_id=run.pk, player_id=run.player_id, log={"moves": moves}, start=start, now=now
            )
        except RunDeadlinePassed:
            rows.append(_row(run))
            rows.append({"refused": "RunDeadlinePassed"})
            return rows
        rows.append(_row(run))
        rows.append({"received": finished.received, "moves": finished.run.move_results})
    return rows


def _row(run: Run) -> dict[str, object]:
    stored = Run.objects.get(pk=run.pk)
    return {name: getattr(stored, name) for name in _COMPARED}


def _both_ways(
    monkeypatch: pytest.MonkeyPatch,
    scenario: Callable[[list[dict[str, Any]]], tuple[list[Batch], Batch | None]],
) -> list[dict[str, object]]:
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=24, start_ms=300, step_ms=700)["moves"]
    batches, finish = scenario(moves)
    fast = _play(challenge, UserFactory(), batches, finish)
    with monkeypatch.context() as patched:
        patched.setattr(run_batches, "_moves_taken", _always_retried(run_batches._moves_taken))
        retried = _play(challenge, UserFactory(), batches, finish)
    assert fast == retried
    return fast


def _always_retried(taken: Callable[..., object]) -> Callable[..., object]:
    """Every first try finds the run changed, having written nothing: only the locked
    retry writes."""

    def retried(**kwargs: Any) -> object:
        return taken(**kwargs) if kwargs["locked"] else None

    return retried


def _paced(moves: list[dict[str, Any]], size: int = 3) -> list[Batch]:
    return [
        (start, moves[start : start + size], moves[min(start + size, len(moves)) - 1]["t"] + 250)
        for start in range(0, len(moves), size)
    ]


def test_a_paced_run_in_batches_is_stored_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        batches = _paced(moves[:20])
        return batches, (20, moves[20:], moves[-1]["t"] + 250)

    rows = _both_ways(monkeypatch, scenario)
    assert rows[-2]["status"] == Run.Status.FINISHED and rows[-2]["ineligible"] is None
    assert rows[-1]["received"] == 24


def test_a_placement_too_fast_across_two_batches_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pace rule compares a batch's first placement with the previous batch's last
    one: the position carries it."""

    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        hasty = [dict(move) for move in moves]
        places = [i for i, move in enumerate(hasty) if move["type"] == "place"]
        second = places[4]
        hasty[second]["t"] = hasty[places[3]]["t"] + 150  # under the 200 ms floor
        for later in hasty[second + 1 :]:
            later["t"] = max(later["t"], hasty[second]["t"])
        cut = second  # the batch boundary falls between the two placements
        batches = [(0, hasty[:cut], hasty[cut - 1]["t"] + 250)]
        batches.append((cut, hasty[cut : cut + 3], hasty[cut + 2]["t"] + 250))
        return batches, None

    rows = _both_ways(monkeypatch, scenario)
    ineligible = rows[-1]["ineligible"]
    assert isinstance(ineligible, dict) and ineligible["code"] == "too_fast"


def test_late_batches_resends_and_gaps_are_stored_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        return (
            [
                (0, moves[:3], 2_000),
                (0, moves[:5], 2_500),  # a resend with two more: the whole-row path
                (5, moves[5:8], moves[7]["t"] + 11_000),  # not witnessed
                (9, moves[9:10], 30_000),  # a gap: refused
                (8, [], 30_100),  # an empty batch
                (8, moves[8:12], 31_000),
            ],
            (12, moves[12:], 200_000),  # too late to finish
        )

    rows = _both_ways(monkeypatch, scenario)
    assert {"refused": "MovesConflict"} in rows
    assert rows[-1] == {"refused": "RunDeadlinePassed"}
    assert rows[-2]["status"] == Run.Status.REJECTED
    ineligible = rows[4]["ineligible"]
    assert isinstance(ineligible, dict) and ineligible["code"] == "not_witnessed"


def test_a_bad_move_in_a_batch_rejects_the_run_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        spoiled = [dict(move) for move in moves[:9]]
        spoiled[7] = {**spoiled[7], "type": "place", "tile": "x\x00\ud800", "junk": [1] * 9}
        return [(0, spoiled[:6], 5_000), (6, spoiled[6:], 7_000)], None

    rows = _both_ways(monkeypatch, scenario)
    assert rows[-1]["status"] == Run.Status.REJECTED
    log = rows[-1]["log"]
    assert isinstance(log, dict) and len(log["moves"]) == 8  # the bad move kept, cleaned
    assert log["moves"][7]["tile"] == "x\ufffd?"  # NUL and the lone surrogate replaced


def test_a_whole_log_finished_at_once_is_stored_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        return [], (0, moves, moves[-1]["t"] + 250)

    rows = _both_ways(monkeypatch, scenario)
    assert rows[-2]["status"] == Run.Status.FINISHED


def test_an_empty_finish_is_a_valid_run_of_no_points(monkeypatch: pytest.MonkeyPatch) -> None:
    def scenario(moves: list[dict[str, Any]]) -> tuple[list[Batch], Batch | None]:
        return [], (0, [], 5_000)

    rows = _both_ways(monkeypatch, scenario)
    assert (rows[-2]["score"], rows[-2]["log"]) == (0, {"moves": []})


def test_a_batch_and_a_finish_take_two_queries_each() -> None:
    """The run's head, then the append conditioned on it; no transaction: however long
    the run."""
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=30, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    for start, batch, sent_ms in _paced(moves[:27]):
        with CaptureQueriesContext(connection) as batch_queries:
            run_moves_add(
                run_id=run.pk,
                player_id=run.player_id,
                start=start,
                moves=batch,
                now=started + timedelta(milliseconds=sent_ms),
            )
        assert len(batch_queries) == 2, [q["sql"][:60] for q in batch_queries]
    with CaptureQueriesContext(connection) as finish_queries:
        finished = run_finish(
            run_id=run.pk, player_id=run.player_id, log={"moves": moves[27:]}, start=27,
            now=started + timedelta(milliseconds=moves[-1]["t"] + 250),
        ).run  # fmt: skip
    assert len(finish_queries) == 2, [q["sql"][:60] for q in finish_queries]
    assert finished.status == Run.Status.FINISHED and finished.is_eligible
    assert len(finished.move_results) == 30


def _interrupted(
    monkeypatch: pytest.MonkeyPatch, interloper: Callable[[], object]
) -> Callable[[], None]:
    """Make the next head read let ``interloper`` (another request on the same run) act
    between the read and the append, as a second instance might."""
    name = "run_head"
    read = run_batches.run_head
    pending = [interloper]

    def read_then_interrupt(**kwargs: Any) -> Any:
        head = read(**kwargs)
        while pending:
            pending.pop()()
        return head

    monkeypatch.setattr(run_batches, name, read_then_interrupt)
    return lambda: monkeypatch.setattr(run_batches, name, read)


def test_a_batch_another_request_took_first_is_not_appended_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same batch arrives twice at once (a retry on another instance): the second
    append finds the run changed, writes nothing, and the locked retry sees a resend."""
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=9, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    first, second = _paced(moves[:6])
    at = started + timedelta(milliseconds=second[2])
    run_moves_add(run_id=run.pk, player_id=run.player_id, start=first[0], moves=first[1], now=at)

    restore = _interrupted(
        monkeypatch,
        lambda: run_moves_add(
            run_id=run.pk, player_id=run.player_id, start=3, moves=second[1], now=at
        ),
    )
    taken = run_moves_add(run_id=run.pk, player_id=run.player_id, start=3, moves=second[1], now=at)
    restore()

    stored = Run.objects.get(pk=run.pk)
    assert taken.received == 6
    assert stored.log == {"moves": moves[:6]}
    assert len(stored.arrivals) == len(stored.move_results) == 6
    assert stored.status == Run.Status.STARTED


def test_a_batch_after_a_finish_that_came_first_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finish lands between a batch's read and its append: the batch writes nothing
    and is refused as a batch of a finished run is."""
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=6, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    at = started + timedelta(milliseconds=moves[-1]["t"] + 250)

    def finish() -> object:
        return run_finish(run_id=run.pk, player_id=run.player_id, log={"moves": moves}, now=at)

    restore = _interrupted(monkeypatch, finish)
    with pytest.raises(RunAlreadyFinished):
        run_moves_add(run_id=run.pk, player_id=run.player_id, start=0, moves=moves[:3], now=at)
    restore()

    stored = Run.objects.get(pk=run.pk)
    assert stored.status == Run.Status.FINISHED
    assert stored.log == {"moves": moves}
    assert len(stored.arrivals) == 6


@pytest.mark.parametrize("standing", [False, True])
def test_a_runs_head_reads_as_its_orm_query(standing: bool) -> None:
    """The head's compiled statement (run_rows.py) answers as the queryset it stands
    for; on PostgreSQL it is compiled once, not built by the ORM every batch."""
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=7, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    run_moves_add(
        run_id=run.pk, player_id=run.player_id, start=0, moves=moves,
        now=started + timedelta(milliseconds=moves[-1]["t"] + 250),
    )  # fmt: skip
    compiled = run_rows._HEADS[standing, False]
    ids = {"run_id": run.pk, "player_id": run.player_id}
    assert compiled.row(**ids) == run_rows._head_query(**ids, standing=standing, locked=False)[0]
    head = run_rows.run_head(**ids, standing=standing, locked=False)
    assert head is not None and (head.received, head.tray) == (7, challenge.tray)
    assert head.position == Run.objects.get(pk=run.pk).position
    if connection.vendor == "postgresql":
        assert compiled._statements["default"] is not None


def test_the_append_runs_the_orms_own_statement_compiled_once() -> None:
    """The append's statement (run_rows.py) is the ORM's, compiled once per shape with
    its parameters checked in order; a batch of each shape is written through it."""
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=9, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    run_rows._APPEND_SQL.clear()
    at = started + timedelta(milliseconds=moves[-1]["t"] + 250)
    for start in (0, 3, 6):
        run_moves_add(
            run_id=run.pk, player_id=run.player_id, start=start,
            moves=moves[start : start + 3], now=at,
        )  # fmt: skip
    assert run_rows._APPEND_SQL and None not in run_rows._APPEND_SQL.values()
    assert Run.objects.get(pk=run.pk).log == {"moves": moves}
