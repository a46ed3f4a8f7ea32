"""A finish writes through the append's statement compiled once, as a batch does: a
field it sets to None (the position, cleared) is NULL in the ORM's statement, with no
parameter, and makes a shape of its own."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import QuerySet

from challenges.models import Run
from challenges.play import run_rows
from challenges.play.services import run_finish, run_moves_add
from tests.factories import ChallengeFactory, UserFactory, challenge_log

pytestmark = pytest.mark.django_db


def test_a_finish_after_batches_is_written_by_the_compiled_statement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    challenge = ChallengeFactory()
    moves = challenge_log(challenge, moves=9, start_ms=300, step_ms=700)["moves"]
    started = challenge.opens_at + timedelta(minutes=5)
    run = Run.objects.create(player=UserFactory(), challenge=challenge, started_at=started)
    at = started + timedelta(milliseconds=moves[-1]["t"] + 250)
    run_rows._APPEND_SQL.clear()
    run_moves_add(run_id=run.pk, player_id=run.player_id, start=0, moves=moves[:6], now=at)

    def by_the_orm(*args: object, **kwargs: object) -> int:
        raise AssertionError("the append went through the ORM, not its compiled statement")

    monkeypatch.setattr(QuerySet, "update", by_the_orm)
    played = run_finish(
        run_id=run.pk, player_id=run.player_id, log={"moves": moves[6:]}, start=6, now=at
    ).run
    assert played.status == Run.Status.FINISHED
    stored = Run.objects.get(pk=run.pk)
    assert stored.log == {"moves": moves}
    assert stored.position is None and stored.finished_at is not None
    assert None not in run_rows._APPEND_SQL.values()
