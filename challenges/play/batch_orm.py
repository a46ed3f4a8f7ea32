"""The batch path's two statements by the ORM, for SQLite: the quick test runs take
the path production takes (``batches.py``), with the same reads and the same condition
on the append, where PostgreSQL runs ``batch_sql``'s SQL.

The append reads and writes in one transaction (SQLite writes one at a time), where
PostgreSQL's single conditioned UPDATE needs none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

import orjson
from django.db import transaction

from challenges.models import Run
from challenges.play.batch_sql import RunHead
from challenges.play.run_sql import run_row_locked, run_row_locked_standing


def run_head_read_orm(*, run_id: UUID, player_id: int, standing: bool) -> RunHead | None:
    """``batch_sql.run_head_read`` by the ORM."""
    if standing:
        read = run_row_locked_standing(run_id=run_id, player_id=player_id)
        run, standing_read = read if read is not None else (None, None)
    else:
        run, standing_read = run_row_locked(run_id=run_id, player_id=player_id), None
    if run is None:
        return None
    head = RunHead(
        status=run.status,
        started_at=run.started_at,
        challenge_id=run.challenge_id,
        score=run.score,
        ineligible=run.ineligible,
        position=run.position,
        received=len(_moves_held(run.log)),
        tray=list(run.challenge.tray),
        well=list(run.challenge.well),
        rules_version=run.challenge.rules_version,
    )
    if standing_read is not None:
        head = replace(head, move_results=run.move_results or [], standing=standing_read)
    return head


def run_moves_append_orm(
    *,
    run_id: UUID,
    player_id: int,
    held: int,
    moves_json: str,
    arrivals: list[int],
    results: list[dict[str, Any]],
    fields: dict[str, Any],
) -> bool:
    """``batch_sql.run_moves_append`` by the ORM: only if the run is still played and
    still holds ``held`` moves; False, having written nothing, otherwise."""
    with transaction.atomic():
        run = Run.objects.filter(pk=run_id, player_id=player_id, status=Run.Status.STARTED).first()
        if run is None or len(_moves_held(run.log)) != held:
            return False
        run.log = {"moves": [*_moves_held(run.log), *orjson.loads(moves_json)]}
        run.arrivals = [*(run.arrivals or []), *arrivals]
        run.move_results = [*(run.move_results or []), *results]
        for name, value in fields.items():
            setattr(run, name, value)
        run.save(update_fields=["log", "arrivals", "move_results", *fields])
    return True


def _moves_held(log: object) -> list[Any]:
    moves = log.get("moves") if isinstance(log, dict) else None
    return moves if isinstance(moves, list) else []
