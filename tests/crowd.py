"""Simulated players over real HTTP: each plays witnessed runs at a person's pace.

Used by the fault tests that start a real server (tests/faults/) and by `make chaos`
(tests/chaos/run.py). A player does what the browser does: reads the current challenge,
starts a run, sends its moves in batches while it plays (each move sent only once the
run's clock has reached its ``t``), finishes, submits, and reads its rank. Like the
browser's unsent-run store, it keeps a batch it could not send (a 503, a refused
connection) and sends it again, with everything since, once the server answers.

Everything a player was told succeeded (a run started, a run finished eligible, an
entry made) is written down in the ``Tally``, so the caller can check afterwards that
the database holds all of it.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from triominos import Board, tile_parse

# A 503 that says the database is away: the one 5xx the site may answer (it is honest).
DATABASE_UNAVAILABLE = "database_unavailable"


def tray_log(
    tray: list[str],
    well: list[str],
    *,
    moves: int = 12,
    start_ms: int = 500,
    step_ms: int = 700,
    variant: int = 0,
) -> dict[str, Any]:
    """A valid log of up to ``moves`` moves on this tray and well: the first legal
    placement, else a draw. ``variant`` picks other placements, from the first move on
    until it is spent, so runs of different variants play different moves."""
    board = Board()
    hand = [tile_parse(tile_id) for tile_id in tray]
    pile = [tile_parse(tile_id) for tile_id in well]
    log: list[dict[str, Any]] = []
    t = start_ms
    while len(log) < moves:
        legal = board.legal_placements(hand)
        if legal:
            choice = variant % len(legal)
            variant //= len(legal)
            placement = legal[choice]
            board.play(placement)
            hand.remove(placement.tile)
            log.append(
                {
                    "t": t,
                    "type": "place",
                    "tile": placement.tile.id,
                    "cell": [placement.cell.row, placement.cell.col],
                    "rotation": placement.rotation,
                }
            )
        elif pile:
            hand.append(pile.pop(0))
            log.append({"t": t, "type": "draw"})
        else:
            break
        t += step_ms
    return {"moves": log}


@dataclass
class Answer:
    status: int
    """0 when no answer came (refused, reset, timed out)."""
    body: Any
    seconds: float
    code: str = ""


@dataclass
class Tally:
    """What every player saw, shared by the players' threads."""

    statuses: Counter[int] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    """5xx answers other than the database's 503, as ``"<status> <method> <path>"``."""
    unavailable: int = 0
    no_answer: int = 0
    runs_started: list[str] = field(default_factory=list)
    runs_finished: dict[str, int] = field(default_factory=dict)
    """Runs the server said it finished valid, with the score it said."""
    entries: dict[str, str] = field(default_factory=dict)
    """Entries the server said it made (201): run id to the player's token."""
    slowest: list[tuple[float, float, str]] = field(default_factory=list)
    """(monotonic time it started, seconds, what), for every answer: the caller reads
    the longest within any window (a fault's)."""
    gave_up: list[str] = field(default_factory=list)
    """Why each run that ended without an entry ended so: its step and the answer."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, method: str, path: str, started: float, answer: Answer) -> None:
        with self.lock:
            self.statuses[answer.status] += 1
            self.slowest.append((started, answer.seconds, f"{method} {path}"))
            if answer.status == 0:
                self.no_answer += 1
            elif answer.status == 503 and answer.code == DATABASE_UNAVAILABLE:
                self.unavailable += 1
            elif answer.status >= 500:
                self.server_errors.append(f"{answer.status} {method} {path}")

    def longest_between(self, start: float, end: float) -> float:
        return self.quantile_between(start, end, 1.0)

    def quantile_between(self, start: float, end: float, quantile: float) -> float:
        """The answer time at ``quantile`` (0.5 the median, 1.0 the longest) of the
        requests that began between the monotonic ``start`` and ``end``."""
        with self.lock:
            times = sorted(s for at, s, _ in self.slowest if start <= at <= end)
        if not times:
            return 0.0
        return times[min(len(times) - 1, int(quantile * len(times)))]


class SimulatedPlayer:
    """One player with an API token, on one keep-alive connection, playing runs."""

    def __init__(
        self,
        *,
        host: str,
        port: int,
        token: str,
        tally: Tally,
        number: int,
        moves: int = 14,
        step_ms: int = 900,
        batch_every_s: float = 3.0,
        timeout_s: float = 30.0,
    ) -> None:
        self.host, self.port, self.token = host, port, token
        self.tally, self.number = tally, number
        self.moves, self.step_ms, self.batch_every_s = moves, step_ms, batch_every_s
        self.timeout_s = timeout_s
        self.connection: http.client.HTTPConnection | None = None
        self.random = random.Random(number)

    def request(self, method: str, path: str, body: Any = None) -> Answer:
        headers = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.monotonic()
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    self.host, self.port, timeout=self.timeout_s
                )
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                self._drop()
        except (OSError, http.client.HTTPException):
            self._drop()
            answer = Answer(0, None, time.monotonic() - started)
            self.tally.note(method, path, started, answer)
            return answer
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        code = parsed.get("code", "") if isinstance(parsed, dict) else ""
        answer = Answer(status, parsed, time.monotonic() - started, str(code or ""))
        self.tally.note(method, path, started, answer)
        return answer

    def _drop(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def until_answered(self, method: str, path: str, body: Any = None, *, give_up: float) -> Answer:
        """Send until an answer that is not "try again" (no answer, a 503, a 429), as
        the browser's unsent-run store does, or until the monotonic ``give_up``."""
        while True:
            answer = self.request(method, path, body)
            if answer.status not in (0, 429, 502, 503, 504) or time.monotonic() >= give_up:
                return answer
            time.sleep(0.5 + self.random.random())

    def _gave_up(self, step: str, answer: Answer) -> bool:
        with self.tally.lock:
            self.tally.gave_up.append(
                f"player {self.number} at {step}: {answer.status} {answer.body!r:.300}"
            )
        return False

    def play_run(self, variant: int) -> bool:
        """One whole run; True when it ended in an entry the server said it made."""
        deadline = time.monotonic() + 240
        current = self.until_answered("GET", "/api/challenges/current/", give_up=deadline)
        if current.status != 200:
            return self._gave_up("current", current)
        challenge_id = current.body["id"]
        started = self.until_answered(
            "POST", f"/api/challenges/{challenge_id}/runs/", give_up=deadline
        )
        if started.status != 201:
            return self._gave_up("start", started)
        # The run's clock started on the server before this answer left it: a move is
        # sent only once this (later) clock has reached its t, so none is from the future.
        clock_zero = time.monotonic()
        run_id = str(started.body["id"])
        with self.tally.lock:
            self.tally.runs_started.append(run_id)
        log = tray_log(
            started.body["tray"],
            started.body["well"],
            moves=self.moves,
            start_ms=400 + self.random.randrange(400),
            step_ms=self.step_ms,
            variant=variant,
        )["moves"]
        held = 0  # moves the server said it holds
        last_t = log[-1]["t"] / 1000 if log else 0.0
        while time.monotonic() - clock_zero < last_t:
            time.sleep(self.batch_every_s * (0.8 + 0.4 * self.random.random()))
            reached = (time.monotonic() - clock_zero) * 1000
            ready = [move for move in log[held:] if move["t"] <= reached]
            if not ready:
                continue
            sent = self.request(
                "POST", f"/api/runs/{run_id}/moves/", {"from": held, "moves": ready}
            )
            if sent.status == 200:
                held = int(sent.body["received"])
            elif sent.status not in (0, 429, 502, 503, 504):
                # The run was refused: a person would start another.
                return self._gave_up("moves", sent)
        time.sleep(max(0.0, last_t - (time.monotonic() - clock_zero)) + 0.3)
        finished = self.until_answered(
            "POST",
            f"/api/runs/{run_id}/finish/",
            {"from": held, "moves": log[held:]},
            give_up=deadline,
        )
        if finished.status != 200 or not finished.body.get("valid"):
            return self._gave_up("finish", finished)
        with self.tally.lock:
            self.tally.runs_finished[run_id] = int(finished.body["score"])
        if not finished.body.get("eligible"):
            return self._gave_up("finish (not eligible)", finished)
        submitted = self.until_answered("POST", f"/api/runs/{run_id}/submit/", give_up=deadline)
        if submitted.status == 201:
            with self.tally.lock:
                self.tally.entries[run_id] = self.token
            self.until_answered(
                "GET", f"/api/challenges/{challenge_id}/leaderboard/me/", give_up=deadline
            )
            return True
        return self._gave_up("submit", submitted)
