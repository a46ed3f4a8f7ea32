"""Playing a run as a person does: moves sent in batches while the run is played.

Every test that finishes a run to submit it plays it through here, so the server
witnesses it the way it witnesses a player (RULES.md "Leaderboard eligibility"):

- ``run_played`` drives the services with an explicit ``now`` for each batch;
- ``api_played`` drives the HTTP API on a ``ServerClock`` that the test moves on, as
  the real seconds of a run would pass.

A batch goes at least every ``batch_every_ms`` of the run's clock (the browser's
3 s), each reaching the server ``latency_ms`` after its last move was made; the rest
goes with finish.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from challenges.models import Run
from challenges.play.services import run_finish, run_moves_add

BATCH_EVERY_MS = 3_000
LATENCY_MS = 250


def log_batches(
    moves: list[dict[str, Any]], *, batch_every_ms: int = BATCH_EVERY_MS
) -> tuple[list[tuple[int, list[dict[str, Any]], int]], int]:
    """The batches a browser sends while playing ``moves``, as ``(from, moves,
    sent_at_ms)``: every ``batch_every_ms``, the moves made since the last one. Also
    the index of the first move left for finish (made after the last batch)."""
    batches: list[tuple[int, list[dict[str, Any]], int]] = []
    start = 0
    next_send = batch_every_ms
    for index, move in enumerate(moves):
        while move["t"] >= next_send:
            if index > start:
                batches.append((start, moves[start:index], next_send))
                start = index
            next_send += batch_every_ms
    return batches, start


def run_played(
    run: Run,
    log: dict[str, Any],
    *,
    latency_ms: int = LATENCY_MS,
    batch_every_ms: int = BATCH_EVERY_MS,
) -> Run:
    """Play ``run`` with ``log`` through the services: batches while playing, then the
    rest with finish, ``latency_ms`` after the last move."""
    moves = list(log["moves"])
    batches, rest = log_batches(moves, batch_every_ms=batch_every_ms)
    for start, batch, sent_at in batches:
        arrival = run.started_at + timedelta(milliseconds=sent_at + latency_ms)
        run = run_moves_add(
            run_id=run.pk, player_id=run.player_id, start=start, moves=batch, now=arrival
        ).run
        if run.status != Run.Status.STARTED:
            return run
    last_t = moves[-1]["t"] if moves else 0
    finished_at = run.started_at + timedelta(milliseconds=last_t + latency_ms)
    return run_finish(
        run_id=run.pk,
        player_id=run.player_id,
        log={"moves": moves[rest:]},
        start=rest,
        now=finished_at,
    ).run


@dataclass
class ServerClock:
    """The time every reader of ``django.utils.timezone.now`` gets in a test: it stands
    still until the test moves it, as a player's seconds pass."""

    now_value: datetime

    def now(self) -> datetime:
        return self.now_value

    def advance(self, *, ms: int) -> None:
        self.now_value += timedelta(milliseconds=ms)

    def set(self, moment: datetime) -> None:
        if moment < self.now_value:
            raise ValueError("the server's clock does not go back")
        self.now_value = moment


def api_played(
    api: Any,
    run_id: str,
    log: dict[str, Any],
    clock: ServerClock,
    *,
    latency_ms: int = LATENCY_MS,
    batch_every_ms: int = BATCH_EVERY_MS,
) -> Any:
    """Play the started run ``run_id`` through the API as a browser does: batches to
    ``moves/`` while the clock moves on, then ``finish/`` with the rest. Returns the
    finish response."""
    started_at = Run.objects.values_list("started_at", flat=True).get(pk=run_id)
    moves = list(log["moves"])
    batches, rest = log_batches(moves, batch_every_ms=batch_every_ms)
    for start, batch, sent_at in batches:
        clock.set(started_at + timedelta(milliseconds=sent_at + latency_ms))
        response = api.post(
            f"/api/runs/{run_id}/moves/", {"from": start, "moves": batch}, format="json"
        )
        if response.status_code != 200:
            return response
    last_t = moves[-1]["t"] if moves else 0
    clock.set(max(clock.now(), started_at + timedelta(milliseconds=last_t + latency_ms)))
    return api.post(
        f"/api/runs/{run_id}/finish/", {"from": rest, "moves": moves[rest:]}, format="json"
    )


def api_played_together(
    api: Any,
    runs: list[tuple[str, dict[str, Any]]],
    clock: ServerClock,
    *,
    latency_ms: int = LATENCY_MS,
    batch_every_ms: int = BATCH_EVERY_MS,
) -> list[Any]:
    """Play several started runs at once, as two tabs (or a script) would: every run's
    batches in the order their moments come, then each finish. Returns the finishes."""
    sends: list[tuple[datetime, str, int, list[dict[str, Any]]]] = []
    finishes: list[tuple[datetime, str, int, list[dict[str, Any]]]] = []
    for run_id, log in runs:
        started_at = Run.objects.values_list("started_at", flat=True).get(pk=run_id)
        moves = list(log["moves"])
        batches, rest = log_batches(moves, batch_every_ms=batch_every_ms)
        for start, batch, sent_at in batches:
            moment = started_at + timedelta(milliseconds=sent_at + latency_ms)
            sends.append((moment, run_id, start, batch))
        last_t = moves[-1]["t"] if moves else 0
        moment = started_at + timedelta(milliseconds=last_t + latency_ms)
        finishes.append((moment, run_id, rest, moves[rest:]))
    answers: dict[str, Any] = {}
    for moment, run_id, start, batch in sorted([*sends, *finishes], key=lambda s: s[0]):
        clock.set(max(clock.now(), moment))
        is_finish = any(f[1] == run_id and f[0] == moment and f[2] == start for f in finishes)
        path = "finish" if is_finish else "moves"
        answers[run_id] = api.post(
            f"/api/runs/{run_id}/{path}/", {"from": start, "moves": batch}, format="json"
        )
    return [answers[run_id] for run_id, _log in runs]
