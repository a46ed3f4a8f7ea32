"""A near copy: how many of a run's placements another entry of its challenge made, in
any order and up to the grid's turns, compared with the entries nearest in score
(docs/trust.md).

Each entry keeps its placements at submit; an entry made before they were kept gives
its run's log instead.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from django.db import connection

from challenges import engine
from challenges.models import Entry, Run
from challenges.play.selectors import run_valid_log

# How many entries nearest in score a log is compared with.
_NEAR_COPY_CANDIDATES = 60


def run_placements(*, run: Run) -> list[str]:
    """The run's placements in order, without times or draws (``near_copy``)."""
    return _placements_of(run_valid_log(run=run)["moves"])  # type: ignore[arg-type]


def _placements_of(moves: list[dict[str, object]]) -> list[str]:
    return placements_in_sequence(engine.moves_sequence(moves))


def placements_in_sequence(sequence: str) -> list[str]:
    """The placements of a ``moves_sequence``, in order, without its draws."""
    return [move for move in sequence.split(";") if move and move != "draw"]


def sequence_turned(sequence: str, turns: int) -> str:
    """A ``moves_sequence`` with every placement turned (``engine.placement_turned``)."""
    return ";".join(
        move if move == "draw" or not move else engine.placement_turned(move, turns)
        for move in sequence.split(";")
    )


def near_copy_of(
    *, run: Run, score: int, moves_hash: str, placements: Sequence[str] | None = None
) -> tuple[float, int | None]:
    """The largest share of placements this run and another entry of its challenge both
    make (the entries nearest in score), in any order and up to the grid's turns, and
    that entry's id.
    ``placements``: the run's own (``run_placements``), when the caller has them."""
    if placements is None:
        placements = run_placements(run=run)
    best, best_id, ours = 0.0, None, engine.PlacementOrder(placements)
    for entry_id, theirs in _entries_nearest_in_score(run=run, score=score, moves_hash=moves_hash):
        shared = ours.shared_with(theirs)
        if shared > best:
            best, best_id = shared, entry_id
    return best, best_id


def near_copy_band(score: int) -> tuple[int, int]:
    """The scores a run of ``score`` is compared with, both ends in: from a fifth below
    to a quarter (and 10 points) above, measured on the score's size so that a score
    below zero has its band around it too. Whole numbers, so that PostgreSQL walks the
    index only within them (a fractional bound is a filter, and the walk went on to the
    index's end where the band held fewer than 60 entries: seconds at 1M entries)."""
    size = abs(score)
    return math.ceil(score - size * 0.2), math.floor(score + size * 0.25 + 10)


def _entries_nearest_in_score(
    *, run: Run, score: int, moves_hash: str
) -> list[tuple[int, list[str]]]:
    """The ``_NEAR_COPY_CANDIDATES`` other players' entries of the run's challenge whose
    scores are nearest to ``score`` (within ``near_copy_band``), nearest first, each with
    its placements: two walks of the (challenge, score, id) index, up and down from the
    score (ties in the index's order each way: lowest ids up, highest down), since an
    order by distance would sort every entry in the band (thousands on a big board).
    An entry made before its placements were kept gives its run's log."""
    low, high = near_copy_band(score)
    rows: list[tuple[int, str | None, object, int | None]]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                _NEAREST_SQL,
                {
                    "challenge": run.challenge_id,
                    "player": run.player_id,
                    "moves_hash": moves_hash,
                    "score": score,
                    "high": high,
                    "low": low,
                    "most": _NEAR_COPY_CANDIDATES,
                },
            )
            rows = cursor.fetchall()
    else:
        rows = _entries_nearest_orm(
            challenge=run.challenge_id,
            player=run.player_id,
            moves_hash=moves_hash,
            score=score,
            high=high,
            low=low,
            most=_NEAR_COPY_CANDIDATES,
        )
    return [
        (entry_id, _placements_kept(placements, moves, results))
        for entry_id, placements, moves, results in rows
    ]


def _placements_kept(placements: str | None, moves: object, valid: int | None) -> list[str]:
    """An entry's placements as kept at submit, or (made before) from its run's log."""
    if placements is not None:
        return placements.split(";") if placements else []
    if isinstance(moves, str):
        moves = json.loads(moves)
    held = moves if isinstance(moves, list) else []
    return _placements_of(held[: valid or 0])


_ENTRY = Entry._meta.db_table
_NEAREST_BAND = f"""
    SELECT id, score, run_id, placements FROM {_ENTRY}
    WHERE challenge_id = %(challenge)s AND player_id <> %(player)s
      AND moves_hash <> %(moves_hash)s AND score {{band}}
    ORDER BY {{order}} LIMIT %(most)s"""
# The nearest entries and what is compared of them, in one round trip: the two index
# walks, the nearest of both, and a run's log only where its entry kept no placements.
_NEAREST_SQL = f"""
WITH band AS (
    ({_NEAREST_BAND.format(band=">= %(score)s AND score <= %(high)s", order="score, id")})
    UNION ALL
    ({_NEAREST_BAND.format(band="< %(score)s AND score >= %(low)s", order="score DESC, id DESC")})
),
nearest AS (
    SELECT * FROM band ORDER BY abs(score - %(score)s), id LIMIT %(most)s
)
SELECT n.id, n.placements,
    -- Subqueries in CASE run only for an entry without placements; a join read every
    -- run and then dropped it (60 random reads a submit).
    CASE WHEN n.placements IS NULL THEN
        (SELECT r.log -> 'moves' FROM {Run._meta.db_table} AS r WHERE r.id = n.run_id) END,
    CASE WHEN n.placements IS NULL THEN
        (SELECT jsonb_array_length(r.move_results) FROM {Run._meta.db_table} AS r
         WHERE r.id = n.run_id) END
FROM nearest AS n
ORDER BY abs(n.score - %(score)s), n.id
"""


def _entries_nearest_orm(
    *,
    challenge: int,
    player: int,
    moves_hash: str,
    score: int,
    high: int,
    low: int,
    most: int,
) -> list[tuple[int, str | None, object, int | None]]:
    """``_NEAREST_SQL``'s twin through the ORM (SQLite)."""
    others = (
        Entry.objects.filter(challenge_id=challenge)
        .exclude(player_id=player)
        .exclude(moves_hash=moves_hash)
    )
    above = others.filter(score__gte=score, score__lte=high).order_by("score", "pk")
    below = others.filter(score__lt=score, score__gte=low).order_by("-score", "-pk")
    scored = [
        *above.values_list("pk", "score")[:most],
        *below.values_list("pk", "score")[:most],
    ]
    scored.sort(key=lambda row: (abs(row[1] - score), row[0]))
    nearest = [entry_id for entry_id, _ in scored[:most]]
    rows = Entry.objects.filter(pk__in=nearest).values_list(
        "pk", "placements", "run__log", "run__move_results"
    )
    order = {entry_id: place for place, entry_id in enumerate(nearest)}
    return [
        (
            pk,
            placements,
            log.get("moves", []) if placements is None and isinstance(log, dict) else None,
            len(results) if placements is None else None,
        )
        for pk, placements, log, results in sorted(rows, key=lambda row: order[row[0]])
    ]
