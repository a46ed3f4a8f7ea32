"""A submit's first read (play.selectors.run_for_submit), compiled once, answers as the
queryset it is built from: the run, its challenge, whether its player is a guest and
whether they have an entry for the challenge already."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection

from challenges.models import Guest, Run
from challenges.play import selectors
from tests.factories import EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("guest", [False, True])
@pytest.mark.parametrize("entered", [False, True])
def test_the_compiled_read_gives_the_orms_run_and_answers(guest: bool, entered: bool) -> None:
    player = UserFactory()
    run = RunFactory(player=player, finished=True)
    if guest:
        Guest.objects.create(user=player, created_at=run.started_at)
    if entered:
        EntryFactory(challenge=run.challenge, player=player)
    read = selectors.run_for_submit(run_id=run.pk, player_id=player.pk)
    orm = selectors._run_submitting(run_id=run.pk, player_id=player.pk).first()
    assert read is not None and orm is not None
    for field in Run._meta.concrete_fields:
        assert getattr(read.run, field.attname) == getattr(orm, field.attname), field.attname
    assert (read.guest, read.submitted) == (orm.guest, orm.submitted) == (guest, entered)  # type: ignore[attr-defined]
    assert read.run.challenge.pk == run.challenge_id
    assert read.run.challenge.tray == run.challenge.tray
    if connection.vendor == "postgresql":
        assert selectors._RUN_SUBMITTING._statements["default"] is not None


def test_no_such_run_of_the_player_reads_none() -> None:
    run = RunFactory()
    assert selectors.run_for_submit(run_id=uuid.uuid4(), player_id=run.player_id) is None
    assert selectors.run_for_submit(run_id=run.pk, player_id=UserFactory().pk) is None
