"""The ghosts a run races: the best run's score each second, the medals, another's."""

from __future__ import annotations

from datetime import timedelta

import pytest

from challenges.engine import RULESET
from challenges.models import Challenge, Follow, Run
from challenges.play.ghosts import BEST_RUN, _best_run, ghost_scores, medals_of, run_ghosts
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    challenge_log,
    submitted_run,
)

pytestmark = pytest.mark.django_db


def test_a_ghost_holds_the_score_reached_by_each_second() -> None:
    moves = [
        {"t": 0, "type": "place"},
        {"t": 1830, "type": "draw"},
        {"t": 2000, "type": "place"},
        {"t": 119_999, "type": "place"},
    ]
    results = [{"points": 12}, {"points": -5}, {"points": 49}, {"points": 7}]
    scores = ghost_scores(moves=moves, results=results)
    assert len(scores) == RULESET.time_limit_ms // 1000 + 1
    # A move made at 1.83 s is in the score from second 2 on, not at second 1.
    assert scores[:4] == (12, 12, 56, 56)
    assert scores[119] == 56
    assert scores[120] == 63


def test_medals_are_shares_of_par_rounded_up() -> None:
    medals = medals_of(401)
    assert [(m.medal, m.percent, m.score) for m in medals] == [
        ("bronze", 50, 201),
        ("silver", 75, 301),
        ("gold", 90, 361),
    ]
    assert medals_of(None) == ()


def test_the_best_ghost_is_the_players_best_finished_run(challenge: Challenge) -> None:
    player = UserFactory()
    short = RunFactory(
        challenge=challenge, player=player, finished=True, log=challenge_log(challenge, moves=3)
    )
    long = RunFactory(
        challenge=challenge, player=player, finished=True, log=challenge_log(challenge, moves=12)
    )
    RunFactory(challenge=challenge, player=player)  # started, never finished
    RunFactory(challenge=challenge, finished=True, log=challenge_log(challenge, moves=20))
    best = max([short, long], key=lambda r: r.score or 0)
    assert short.score != long.score
    ghosts = run_ghosts(challenge=challenge, player_id=player.pk, now=challenge.opens_at)
    assert ghosts.best is not None
    assert ghosts.best.score == best.score
    assert ghosts.best.scores[-1] == best.score
    assert ghosts.best.kind == "best"


def test_the_compiled_best_run_reads_as_the_orm(challenge: Challenge) -> None:
    player, other = UserFactory(), UserFactory()
    assert BEST_RUN.first(Run, challenge_id=challenge.pk, player_id=player.pk) is None
    for moves in (3, 12, 12, 7):
        RunFactory(
            challenge=challenge,
            player=player,
            finished=True,
            log=challenge_log(challenge, moves=moves),
        )
    RunFactory(challenge=challenge, player=player)  # started, never finished
    RunFactory(
        challenge=challenge, player=other, finished=True, log=challenge_log(challenge, moves=20)
    )
    for who in (player, other):
        compiled = BEST_RUN.first(Run, challenge_id=challenge.pk, player_id=who.pk)
        orm = _best_run(challenge_id=challenge.pk, player_id=who.pk).first()
        assert compiled is not None and orm is not None
        assert (compiled.pk, compiled.score, compiled.log, compiled.move_results) == (
            orm.pk,
            orm.score,
            orm.log,
            orm.move_results,
        )


def test_no_best_ghost_before_a_finished_run(challenge: Challenge) -> None:
    ghosts = run_ghosts(challenge=challenge, player_id=UserFactory().pk, now=challenge.opens_at)
    assert ghosts.best is None


def test_no_one_elses_ghost_while_the_challenge_is_open(challenge: Challenge) -> None:
    submitted_run(challenge)
    player = UserFactory()
    assert (
        run_ghosts(challenge=challenge, player_id=player.pk, now=challenge.opens_at).other is None
    )
    just_before = challenge.results_at - timedelta(microseconds=1)
    assert run_ghosts(challenge=challenge, player_id=player.pk, now=just_before).other is None


def test_after_the_results_a_followed_player_beats_the_leader() -> None:
    past = ChallengeFactory(number=ChallengeFactory().number - 3)
    runs = [submitted_run(past, moves=14), submitted_run(past, moves=6)]
    leader, friend = sorted(runs, key=lambda run: -(run.score or 0))
    assert leader.score != friend.score
    player = UserFactory()
    now = past.results_at
    other = run_ghosts(challenge=past, player_id=player.pk, now=now).other
    assert other is not None
    assert (other.kind, other.player, other.score) == (
        "leader",
        leader.player.username,
        leader.score,
    )
    Follow.objects.create(follower=player, followed=friend.player, created_at=now)
    other = run_ghosts(challenge=past, player_id=player.pk, now=now).other
    assert other is not None
    assert (other.kind, other.player) == ("friend", friend.player.username)
    assert other.scores[-1] == friend.score


def test_a_held_entry_is_no_ghost_and_nor_is_ones_own() -> None:
    past = ChallengeFactory(number=ChallengeFactory().number - 3)
    EntryFactory(challenge=past, status="held", score=900)
    own = submitted_run(past)
    ghosts = run_ghosts(challenge=past, player_id=own.player_id, now=past.results_at)
    assert ghosts.other is None
