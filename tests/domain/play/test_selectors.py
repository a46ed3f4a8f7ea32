from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User

from challenges.models import Challenge, Run
from challenges.moderation.entries import entry_void
from challenges.play.selectors import run_best_score, run_seen
from challenges.play.services import run_finish, run_start
from challenges.slots import slot_number
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
)

pytestmark = pytest.mark.django_db


T0 = at("2026-11-21T09:00:00")


def test_run_best_score_counts_only_valid_finished_runs(challenge: Challenge) -> None:
    me = UserFactory()
    assert run_best_score(challenge_id=challenge.pk, player_id=me.pk) is None
    RunFactory(challenge=challenge, player=me, status=Run.Status.FINISHED, score=40)
    RunFactory(challenge=challenge, player=me, status=Run.Status.FINISHED, score=70)
    RunFactory(challenge=challenge, player=me, status=Run.Status.REJECTED, score=500)
    RunFactory(challenge=challenge, status=Run.Status.FINISHED, score=900)
    assert run_best_score(challenge_id=challenge.pk, player_id=me.pk) == 70


def run_visible(*, run: Run, viewer: User | AnonymousUser, now: datetime) -> bool:
    return run_seen(run_id=run.pk, viewer=viewer, now=now) is not None


def test_a_run_is_its_owners_until_the_results_are_out_then_public() -> None:
    now = at("2026-11-21T12:00:00")
    challenge = ChallengeFactory(number=slot_number(at=now))
    entry = EntryFactory(challenge=challenge)
    unsubmitted = RunFactory(challenge=challenge, finished=True)
    stranger = UserFactory()
    after_close = challenge.closes_at
    just_before = challenge.results_at - timedelta(milliseconds=1)
    assert run_visible(run=entry.run, viewer=entry.player, now=now)
    assert run_visible(run=entry.run, viewer=entry.player, now=just_before)
    # Between the close and the results a run started before the close may still be
    # submitted: a public log could be copied, so no one else sees it yet.
    for moment in (now, after_close, just_before):
        assert not run_visible(run=entry.run, viewer=stranger, now=moment)
        assert not run_visible(run=entry.run, viewer=AnonymousUser(), now=moment)
    assert run_visible(run=entry.run, viewer=stranger, now=challenge.results_at)
    assert run_visible(run=entry.run, viewer=AnonymousUser(), now=challenge.results_at)
    assert not run_visible(run=unsubmitted, viewer=stranger, now=challenge.results_at)
    entry_void(entry_id=entry.pk, reason="test")
    assert not run_visible(run=entry.run, viewer=stranger, now=challenge.results_at)


def test_a_run_seen_has_its_analysis_when_asked_and_finished() -> None:
    challenge = ChallengeFactory(number=slot_number(at=at("2026-11-21T12:00:00")))
    finished = RunFactory(challenge=challenge, finished=True)
    owner = finished.player
    seen = run_seen(run_id=finished.pk, viewer=owner, analysed=True)
    assert seen is not None and seen.run == finished and seen.analysis is not None
    assert seen.analysis["score"] == finished.score
    plain = run_seen(run_id=finished.pk, viewer=owner)
    assert plain is not None and plain.analysis is None
    started = RunFactory(challenge=challenge, player=owner)
    seen = run_seen(run_id=started.pk, viewer=owner, analysed=True)
    assert seen is not None and seen.analysis is None


def test_log_builder_is_valid_for_the_rules_engine(challenge: Challenge) -> None:
    run = run_start(player_id=UserFactory().pk, challenge_id=challenge.pk)
    finished = run_finish(
        run_id=run.pk,
        player_id=run.player_id,
        log=challenge_log(challenge, moves=20, step_ms=10),
        now=run.started_at + timedelta(seconds=60),
    ).run
    assert finished.status == Run.Status.FINISHED
