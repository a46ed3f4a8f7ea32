"""The ghosts a run races: the score the player's best run of the challenge had at each
second, the medal marks (shares of par), and, once the challenge's results are public,
another player's (a followed player's best entry, else the leader's).

A ghost is scores only, one a second: never a placement, so racing one while a
challenge is open gives away nothing of how the best run was played. Everything comes
with the run's start answer; the page asks nothing more while the clock runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from challenges.compiled_queries import CompiledQuery
from challenges.engine import RULESET
from challenges.models import Challenge, Entry, Follow, Run

# The medal marks: (medal, percent of par). The one list of them.
MEDALS: tuple[tuple[str, int], ...] = (("bronze", 50), ("silver", 75), ("gold", 90))

# Ghost kinds of another player: one the player follows, or the board's leader.
FRIEND = "friend"
LEADER = "leader"


@dataclass(frozen=True)
class Ghost:
    """A run's score at every whole second of the clock (``scores[s]`` after ``s``
    seconds; ``len(scores)`` is the run's seconds plus one) and its final score."""

    score: int
    scores: tuple[int, ...]
    kind: str = "best"
    player: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "player": self.player,
            "score": self.score,
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Medal:
    medal: str
    percent: int
    score: int


@dataclass(frozen=True)
class RunGhosts:
    best: Ghost | None
    other: Ghost | None
    medals: tuple[Medal, ...]

    def to_json(self) -> dict[str, object]:
        """As the start answer holds it (``GhostsSerializer``) and the archive's page."""
        return {
            "best": None if self.best is None else self.best.to_json(),
            "other": None if self.other is None else self.other.to_json(),
            "medals": [
                {"medal": m.medal, "percent": m.percent, "score": m.score} for m in self.medals
            ],
        }


def ghost_scores(*, moves: list[object], results: list[object]) -> tuple[int, ...]:
    """The score after each whole second, from a valid run's moves and their points."""
    seconds = RULESET.time_limit_ms // 1000
    gained = [0] * (seconds + 1)
    for move, result in zip(moves, results, strict=False):
        if not isinstance(move, dict) or not isinstance(result, dict):
            continue
        at = move.get("t")
        points = result.get("points")
        if type(at) is int and type(points) is int:
            gained[min(seconds, max(0, math.ceil(at / 1000)))] += points
    total = 0
    scores = []
    for points in gained:
        total += points
        scores.append(total)
    return tuple(scores)


def _ghost_of(run: Run, *, kind: str, player: str | None = None) -> Ghost:
    scores = ghost_scores(moves=run.held_moves, results=list(run.move_results or []))
    return Ghost(score=run.score or 0, scores=scores, kind=kind, player=player)


def medals_of(par: int | None) -> tuple[Medal, ...]:
    """The medal marks of a challenge whose par is ``par`` (none while unsolved)."""
    if par is None or par <= 0:
        return ()
    return tuple(
        Medal(medal=name, percent=percent, score=math.ceil(par * percent / 100))
        for name, percent in MEDALS
    )


def _best_run(*, challenge_id: int, player_id: int) -> QuerySet[Run]:
    return (
        Run.objects.filter(
            challenge_id=challenge_id, player_id=player_id, status=Run.Status.FINISHED
        )
        .only("log", "move_results", "score")
        .order_by("-score", "started_at")
    )


# Read with every start (the start's statement embeds it: play/run_sql.py) and by the
# archive: compiled once (docs/performance.md).
BEST_RUN = CompiledQuery(
    lambda challenge_id, player_id: _best_run(challenge_id=challenge_id, player_id=player_id)[:1],
    challenge_id=-7_200_001,
    player_id=-7_200_002,
)


def best_run(*, challenge_id: int, player_id: int) -> Run | None:
    """The player's best finished valid run of the challenge (the earliest of equal
    scores), with its score, log and move results; None before they finished one."""
    run: Run | None = BEST_RUN.first(Run, challenge_id=challenge_id, player_id=player_id)
    return run


def other_ghost(*, challenge: Challenge, player_id: int | None, now: datetime) -> Ghost | None:
    """Another player's ghost once the challenge's results are public: the best live
    entry among those the player follows, else the leader's; None before the results
    (or on an empty board)."""
    if not challenge.results_out(now):
        return None
    live = (
        Entry.objects.live()
        .filter(challenge_id=challenge.pk)
        .select_related("run", "player")
        .order_by("-score", "submitted_at")
    )
    if player_id is not None:
        live = live.exclude(player_id=player_id)
        followed = Follow.objects.filter(follower_id=player_id).values("followed_id")
        friend = live.filter(player_id__in=followed).first()
        if friend is not None:
            return _ghost_of(friend.run, kind=FRIEND, player=friend.player.username)
    leader = live.first()
    if leader is None:
        return None
    return _ghost_of(leader.run, kind=LEADER, player=leader.player.username)


def run_ghosts(
    *, challenge: Challenge, player_id: int | None, now: datetime, started: Run | None = None
) -> RunGhosts:
    """What a run of ``challenge`` by ``player_id`` races: their best, the medals, and
    another player's ghost once the results are public. ``started``: the run
    ``run_start`` has just started, which brings the player's best run with it."""
    if started is not None:
        best = started.best_before
    else:
        best = (
            None if player_id is None else best_run(challenge_id=challenge.pk, player_id=player_id)
        )
    return RunGhosts(
        best=None if best is None else _ghost_of(best, kind="best"),
        other=other_ghost(challenge=challenge, player_id=player_id, now=now),
        medals=medals_of(challenge.par),
    )
