"""A submit's first read (play.selectors.run_for_submit), compiled once, answers as the
queryset it is built from: the run, its challenge, whether its player is a guest and
whether they have an entry for the challenge already."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges.models import Challenge, Guest, Run
from challenges.moderation.trust import runs_overlapping
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


# Other runs of the player around a run started at 0 s and finished at 60 s, by when
# each started (seconds after it), when it finished (None: never) and its arrivals.
_AROUND = {
    "started during it, played meanwhile": (10, None, [2_000, 20_000]),
    "started during it, never played": (30, None, []),
    "started before, its moves arriving meanwhile": (-100, None, [1_000, 100_001]),
    "started before, finished as it started": (-100, 0, [1_000, 100_000]),
    "started before, finished before it started": (-90, -5, [1_000, 60_000]),
    "started a whole span before": (-200, None, [199_000]),
    "started after it finished": (70, 75, [1_000, 5_000]),
}


@pytest.mark.parametrize("name", list(_AROUND))
def test_runs_beside_are_asked_with_the_run_and_cover_every_overlap(
    challenge: Challenge, name: str
) -> None:
    """The submit's read says whether the player has runs the overlap check must read
    (``runs_beside``): every run that overlaps is among them, so a run with none beside
    it, and no device or network shared, needs no read of runs at all."""
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=10)
    played = RunFactory(
        player=player, challenge=challenge, started_at=start, status=Run.Status.FINISHED,
        finished_at=start + timedelta(seconds=60), arrivals=[3_000, 59_000],
    )  # fmt: skip
    RunFactory(challenge=challenge, started_at=start + timedelta(seconds=5))  # another player's
    after, finished, arrivals = _AROUND[name]
    other = RunFactory(
        player=player, challenge=challenge, started_at=start + timedelta(seconds=after),
        finished_at=None if finished is None else start + timedelta(seconds=finished),
        arrivals=arrivals,
    )  # fmt: skip
    read = selectors.run_for_submit(run_id=played.pk, player_id=player.pk)
    assert read is not None
    beside = selectors.runs_beside(
        players=[player.pk], run_id=played.pk, started=start, until=start + timedelta(seconds=60)
    )
    assert read.own_runs_beside == beside.exists()
    overlapping = {run.pk for run in runs_overlapping(run=played)}
    assert overlapping <= set(beside.values_list("pk", flat=True))
    expected_beside = name.startswith("started during") or name.endswith("meanwhile")
    assert read.own_runs_beside == expected_beside
    # Here each run beside it did overlap it.
    assert (other.pk in overlapping) == expected_beside
