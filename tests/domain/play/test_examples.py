"""The how-to-play page's example runs, and the home page's sample board."""

from __future__ import annotations

import pytest

from challenges.engine import RULESET
from challenges.models import Challenge
from challenges.play.examples import example_sample_run, how_to_play_pictures
from challenges.players import today as home


def test_the_examples_show_what_their_captions_say() -> None:
    pictures = how_to_play_pictures()
    assert len(pictures["first"].placements) == 1
    assert pictures["second"].bonus is None and len(pictures["second"].placements) == 2
    hexagon = pictures["hexagon"]
    assert hexagon.bonus == "hexagon"
    assert hexagon.points > RULESET.bonus_points("hexagon")
    assert len(hexagon.placements) == len(pictures["hexagon_before"].placements) + 1
    bridge = pictures["bridge"]
    assert bridge.bonus == "bridge"
    assert bridge.points > RULESET.bonus_points("bridge")
    assert len(bridge.placements) == len(pictures["bridge_before"].placements) + 1


@pytest.mark.django_db
def test_with_no_finished_challenge_the_sample_is_the_example_run(challenge: Challenge) -> None:
    assert home.challenge_last_finished() is None
    sample = home.sample_run(finished=None)
    assert sample.player is None
    assert sample.picture == example_sample_run()
