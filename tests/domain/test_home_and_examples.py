"""The home page's reads and the how-to-play page's example runs (issue 12)."""

from __future__ import annotations

import pytest

from challenges import examples, home, services
from challenges.engine import RULESET
from challenges.models import Challenge
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, challenge_log
from tests.playing import run_played


def test_the_examples_show_what_their_captions_say() -> None:
    pictures = examples.how_to_play_pictures()
    assert len(pictures["first"].placements) == 1
    assert pictures["second"].bonus is None and len(pictures["second"].placements) == 2
    hexagon = pictures["hexagon"]
    assert hexagon.bonus == "hexagon"
    assert hexagon.points > RULESET.hexagon_bonus
    assert len(hexagon.placements) == len(pictures["hexagon_before"].placements) + 1
    bridge = pictures["bridge"]
    assert bridge.bonus == "bridge"
    assert bridge.points > RULESET.bridge_bonus
    assert len(bridge.placements) == len(pictures["bridge_before"].placements) + 1


@pytest.mark.django_db
def test_with_no_finished_challenge_the_sample_is_the_example_run(challenge: Challenge) -> None:
    assert home.challenge_last_finished() is None
    sample = home.sample_run(finished=None)
    assert sample.player is None
    assert sample.picture == examples.example_sample_run()


@pytest.mark.django_db
def test_the_sample_is_the_best_board_of_the_last_finished_challenge(
    challenge: Challenge,
) -> None:
    finished = ChallengeFactory(number=challenge.number - 2)
    best_player = UserFactory(username="best")
    run = services.run_start(player=best_player, challenge=finished, now=finished.opens_at)
    run = run_played(run, challenge_log(finished, moves=8))
    services.entry_submit(
        run=run, now=finished.opens_at + (finished.closes_at - finished.opens_at) / 2
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
        services.run_start(player=player, challenge=challenge), challenge_log(challenge, moves=5)
    )
    today = home.player_today(challenge=challenge, player=player)
    assert today is not None and today.played and today.best_score == run.score
    services.entry_submit(run=run)
    today = home.player_today(challenge=challenge, player=player)
    assert today is not None and today.submitted and today.standing is not None
    assert today.standing.rank == 1
