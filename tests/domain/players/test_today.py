"""The home page's reads: a player's day."""

from __future__ import annotations

import pytest

from challenges.models import Challenge
from challenges.moderation.entries import entry_submit
from challenges.play.services import run_start
from challenges.players import today as home
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.playing import run_played


@pytest.mark.django_db
def test_the_sample_is_the_best_board_of_the_last_finished_challenge(
    challenge: Challenge,
) -> None:
    finished = ChallengeFactory(number=challenge.number - 2)
    best_player = UserFactory(username="best")
    run = run_start(player_id=best_player.pk, challenge_id=finished.pk, now=finished.opens_at)
    run = run_played(run, challenge_log(finished, moves=8))
    entry_submit(
        run_id=run.pk,
        player_id=run.player_id,
        now=finished.opens_at + (finished.closes_at - finished.opens_at) / 2,
    )
    for score in (5, 3, 1):
        EntryFactory(challenge=finished, score=score)
    finished.refresh_from_db()
    assert home.challenge_last_finished() == finished
    top = home.finished_top(challenge=finished).top
    assert top[0].player == "best"
    assert len(top) == home.TOP
    sample = home.sample_run(finished=finished)
    assert sample.player == "best"
    assert sample.challenge_number == finished.number
    assert sample.picture.score == run.score
    placed = [m for m in run.log["moves"] if m["type"] == "place"]
    assert len(sample.picture.placements) == len(placed)


@pytest.mark.django_db
def test_a_players_day(challenge: Challenge) -> None:
    player = UserFactory()
    assert home.player_today(challenge=challenge, player=player) == home.PlayerToday(
        played=False, best_score=None, submitted=False, standing=None
    )
    run = run_played(
        run_start(player_id=player.pk, challenge_id=challenge.pk), challenge_log(challenge, moves=5)
    )
    today = home.player_today(challenge=challenge, player=player)
    assert today is not None and today.played and today.best_score == run.score
    entry_submit(run_id=run.pk, player_id=run.player_id)
    today = home.player_today(challenge=challenge, player=player)
    assert today is not None and today.submitted and today.standing is not None
    assert today.standing.rank == 1
