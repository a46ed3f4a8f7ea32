"""A submit's first read (play.selectors.run_for_submit), compiled once, answers as the
queryset it is built from: the run, its challenge, whether its player is a guest and
whether they have an entry for the challenge already."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.models import Challenge, Guest, Run
from challenges.play import selectors
from tests.factories import EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db

CHALLENGE_READ = [f for f in Challenge._meta.concrete_fields if f.attname != "par_log"]


@pytest.mark.parametrize("guest", [False, True])
@pytest.mark.parametrize("entered", [False, True])
def test_the_compiled_read_gives_the_orms_run_and_answers(guest: bool, entered: bool) -> None:
    player = UserFactory()
    run = RunFactory(player=player, finished=True)
    if guest:
        Guest.objects.create(user=player, created_at=run.started_at)
    if entered:
        EntryFactory(challenge=run.challenge, player=player)
    with CaptureQueriesContext(connection) as queries:
        read = selectors.run_for_submit(run_id=run.pk, player_id=player.pk)
        assert read is not None
        challenge = read.run.challenge  # joined: no read of its own
        loaded = {field.attname: getattr(challenge, field.attname) for field in CHALLENGE_READ}
    assert len(queries) == 1
    orm = selectors._run_submitting(run_id=run.pk, player_id=player.pk).first()
    assert orm is not None
    for field in Run._meta.concrete_fields:
        assert getattr(read.run, field.attname) == getattr(orm, field.attname), field.attname
    assert (read.guest, read.submitted) == (orm.guest, orm.submitted) == (guest, entered)  # type: ignore[attr-defined]
    assert loaded == {
        field.attname: getattr(orm.challenge, field.attname) for field in CHALLENGE_READ
    }
    assert challenge.pk == run.challenge_id and challenge.tray == run.challenge.tray
    # The par's log is left to a read of its own, as the ORM's queryset leaves it.
    assert challenge.get_deferred_fields() == orm.challenge.get_deferred_fields() == {"par_log"}
    if connection.vendor == "postgresql":
        assert selectors._RUN_SUBMITTING._statements["default"] is not None


def test_no_such_run_of_the_player_reads_none() -> None:
    run = RunFactory()
    assert selectors.run_for_submit(run_id=uuid.uuid4(), player_id=run.player_id) is None
    assert selectors.run_for_submit(run_id=run.pk, player_id=UserFactory().pk) is None
