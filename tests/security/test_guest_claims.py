"""Claiming guests' runs keeps an account within the runs limit of each challenge."""

from __future__ import annotations

from typing import Any

import pytest

from challenges.models import Challenge, Run
from challenges.play.services import run_start
from challenges.players.services import guest_create, guest_runs_claim
from tests.factories import UserFactory, challenge_log
from tests.playing import run_played

pytestmark = pytest.mark.django_db


def test_claiming_guests_never_takes_a_player_past_the_runs_limit(
    challenge: Challenge, settings: Any
) -> None:
    settings.RUNS_PER_CHALLENGE_LIMIT = 2
    player = UserFactory()
    run_start(player_id=player.pk, challenge_id=challenge.pk)
    best = None
    for _ in range(3):
        guest = guest_create()
        started = run_start(player_id=guest.user.pk, challenge_id=challenge.pk)
        if best is None:
            best = run_played(
                run_start(player_id=guest.user.pk, challenge_id=challenge.pk),
                challenge_log(challenge, moves=6),
            )
        guest_runs_claim(guest_id=guest.pk, player_id=player.pk)
        assert Run.objects.filter(player=player, challenge=challenge).count() <= 2
        assert started is not None
    assert Run.objects.filter(player=player, challenge=challenge).count() == 2
    assert best is not None
    assert Run.objects.filter(pk=best.pk, player=player).exists(), "the finished run is kept"
